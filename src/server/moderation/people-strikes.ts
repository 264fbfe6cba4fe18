import type { Database } from '../../db/client.ts';
import { type Actor, appendAudit } from '../kernel/audit/audit-entry.ts';
import { banInForce, banMember, type ContentMoved, movedCount } from './ban.repository.ts';
import { recordStrike, type StrikeInput } from './strikes.repository.ts';

// A strike and, at the configured count, the ban (repeat infringers, issue 16, decision 0048):
// one step inside the caller's transaction, so a strike that reaches STRIKES_TO_BAN never
// stands without its ban. Staff giving a strike by hand call it, and so does a DMCA notice's
// takedown. The ban is nobody's choice (`staff_id` null, reason `repeat_infringer`); the
// audit log names the act that made it, under the staff member who did that act.

type Tx = Pick<Database, 'query'>;

export interface StrikePolicy {
  /** STRIKES_TO_BAN */
  strikesToBan: number;
  /** STRIKE_BAN_HIDES_CONTENT */
  hideContent: boolean;
}

export interface StrikeOutcome {
  strikeId: number | null;
  /** The 'strike' statement to mail; null when the takedown had earned its strike already. */
  statementId: number | null;
  inForce: number;
  /** The ban this strike made, if it reached the limit. */
  ban: { banId: number; statementId: number; hidden: ContentMoved } | null;
}

/**
 * Records a strike (with its statement and audit row) and bans the member when their strikes
 * in force reach the limit and no ban is in force yet. The caller mails the statements and
 * forgets the caches when `ban` is set (what it hid is public content).
 */
export async function strikeAndMaybeBan(
  tx: Tx,
  strike: StrikeInput,
  policy: StrikePolicy,
  actor: Actor,
): Promise<StrikeOutcome> {
  const recorded = await recordStrike(tx, strike);
  if (recorded.strikeId !== null) {
    await appendAudit(tx, {
      actor,
      action: 'member.strike',
      objectType: 'member',
      objectId: strike.userId,
      after: { strike_id: recorded.strikeId, strikes_in_force: recorded.inForce },
      reason: strike.reason,
      note: strike.note,
    });
  }
  const outcome: StrikeOutcome = { ...recorded, ban: null };
  if (recorded.inForce < policy.strikesToBan) return outcome;
  if ((await banInForce(tx, strike.userId)) !== undefined) return outcome;
  const note = `${recorded.inForce} strikes in force (limit ${policy.strikesToBan})`;
  const ban = await banMember(tx, {
    userId: strike.userId,
    reason: 'repeat_infringer',
    note,
    hideContent: policy.hideContent,
    staffId: null,
  });
  if (ban.outcome !== 'done') return outcome;
  await appendAudit(tx, {
    actor,
    action: 'member.ban',
    objectType: 'member',
    objectId: strike.userId,
    before: { status: ban.before },
    after: {
      status: 2,
      ban_id: ban.banId,
      by: 'strikes',
      hide_content: policy.hideContent,
      hidden: movedCount(ban.hidden),
    },
    reason: 'repeat_infringer',
    note,
  });
  return {
    ...outcome,
    ban: { banId: ban.banId, statementId: ban.statementId, hidden: ban.hidden },
  };
}
