import { isoTime } from '../../contracts/format.ts';
import {
  MY_DECISIONS_PAGE_SIZE,
  type MyDecision,
  type MyDecisionKind,
  type MyDecisions,
} from '../../contracts/my-decisions.schema.ts';
import { requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type AppealFacts, appealable } from './appealable.ts';
import type { MyDecisionRow, MyDecisionsRepository } from './my-decisions.repository.ts';
import { excerpt } from './takedown.repository.ts';

// The member's moderation decisions besides their videos' (DSA art. 17 and 20): each with its
// reason, whether it still holds, and whether it can be appealed through /api/appeal.php (the
// endpoint asks the same rule, appealable.ts; one appeal per decision; another staff member
// decides it in the console's appeals, decision 0049). Not a ban (a banned member cannot sign in; the mail names the contact form)
// nor a DMCA notice's strike (the uploads tab's counter-notice is the law's way).

export interface MyDecisionsDeps {
  decisions: MyDecisionsRepository;
}

function kindOf(row: MyDecisionRow): MyDecisionKind {
  if (row.decision === 'banned') return 'ban';
  if (row.decision === 'strike') return 'strike';
  if (row.bulk) return 'comments';
  return row.object_type === 'playlist' || row.object_type === 'album'
    ? row.object_type
    : 'comment';
}

/** What `appealable` needs to know of a decision, read from its row. */
export function appealFactsOf(row: MyDecisionRow): AppealFacts {
  const kind = kindOf(row);
  // An object restored (by staff or an appeal) shows its page again, and one the member has
  // deleted since is nothing to appeal; a strike or a ban holds while its row says so. All
  // comments removed at once have no row to ask: they hold until an appeal reverses them.
  const inForce =
    kind === 'ban'
      ? row.ban_in_force !== false
      : kind === 'strike'
        ? row.strike_in_force !== false
        : kind === 'comments'
          ? row.appeal_state !== 'reversed'
          : row.title !== null && (row.path ?? '') === '';
  return {
    decision: row.decision,
    appealState: row.appeal_state,
    inForce,
    dmca: kind === 'strike' && row.strike_dmca === true,
  };
}

function decisionOf(row: MyDecisionRow): MyDecision {
  const kind = kindOf(row);
  const path = row.path ?? '';
  const facts = appealFactsOf(row);
  const { inForce, dmca } = facts;
  return {
    id: Number(row.id),
    kind,
    decision: row.decision,
    // Enough of a comment for the member to know it again (the mail names its first words).
    title: row.title === null ? '' : kind === 'comment' ? excerpt(row.title, 140) : row.title,
    url: path,
    in_force: inForce,
    dmca,
    reason: row.reason,
    note: row.note,
    created_at: isoTime(row.created_at),
    appeal_state: row.appeal_state,
    can_appeal: appealable(facts),
  };
}

export function createMyDecisionsService(deps: MyDecisionsDeps) {
  const { decisions } = deps;
  return {
    async list(viewer: Viewer | null, page: number): Promise<MyDecisions> {
      const member = requireViewer(viewer, 'read', 'profile');
      const [rows, total] = await Promise.all([
        decisions.list(member.userId, {
          limit: MY_DECISIONS_PAGE_SIZE,
          offset: (page - 1) * MY_DECISIONS_PAGE_SIZE,
        }),
        decisions.count(member.userId),
      ]);
      return {
        items: rows.map(decisionOf),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / MY_DECISIONS_PAGE_SIZE)),
      };
    },
  };
}

export type MyDecisionsService = ReturnType<typeof createMyDecisionsService>;
