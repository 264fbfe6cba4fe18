import type { Database } from '../../db/client.ts';

// Strikes against a member (repeat infringers, issue 16): written inside the transaction of
// the act that earns one (a copyright takedown from a DMCA notice, or staff giving one by
// hand) so a strike never exists without its cause. The ban at the configured count is
// decided by the caller's service with the count this returns.

type Tx = Pick<Database, 'query'>;

export interface StrikeInput {
  userId: number;
  /** One of MODERATION_REASONS (src/contracts/moderation.ts). */
  reason: string;
  note: string;
  takedownId: number | null;
  dmcaNoticeId: number | null;
  /** Null when no one person gave it (a notice's automatic strike). */
  staffId: number | null;
}

/** Strikes in force: given and not revoked. */
export async function strikesInForce(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM strikes WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  return Number(row?.n ?? 0);
}

/**
 * Records a strike and a statement of reasons for it; answers the member's strikes in force
 * afterwards. A takedown earns at most one strike (a second call for it changes nothing).
 */
export async function recordStrike(
  tx: Tx,
  strike: StrikeInput,
): Promise<{ strikeId: number | null; statementId: number | null; inForce: number }> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO strikes (user_id, reason, note, takedown_id, dmca_notice_id, staff_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (takedown_id) WHERE takedown_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      strike.userId,
      strike.reason,
      strike.note,
      strike.takedownId,
      strike.dmcaNoticeId,
      strike.staffId,
    ],
  );
  const [statement] = row
    ? await tx.query<{ id: number }>(
        `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                            note, decided_by)
         VALUES ($1, 'member', $1, 'strike', $2, $3, $4) RETURNING id`,
        [strike.userId, strike.reason, strike.note, strike.staffId],
      )
    : [];
  return {
    strikeId: row ? Number(row.id) : null,
    statementId: statement ? Number(statement.id) : null,
    inForce: await strikesInForce(tx, strike.userId),
  };
}

/**
 * Takes back the strike a takedown earned (the video came back: a counter-notice restore,
 * an appeal upheld for the member). Answers whether one was in force.
 */
export async function revokeStrikeOf(
  tx: Tx,
  takedownId: number,
  staffId: number | null,
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE strikes SET revoked_at = now(), revoked_by = $2
      WHERE takedown_id = $1 AND revoked_at IS NULL RETURNING id`,
    [takedownId, staffId],
  );
  return rows.length > 0;
}

/** Whether the member already has a strike from this DMCA notice (one per notice each). */
export async function struckByNotice(tx: Tx, noticeId: number, userId: number): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM strikes WHERE dmca_notice_id = $1 AND user_id = $2 LIMIT 1',
    [noticeId, userId],
  );
  return rows.length > 0;
}

/**
 * Takes back a DMCA notice's strike against the owner of `videoId` once none of their videos
 * the notice took down is still down by it (taken down, countered and waiting, or held by a
 * lawsuit; a video it named that was already down for something else earned no strike and
 * holds none). Answers whether one was taken back.
 */
export async function revokeNoticeStrikeIfClear(
  tx: Tx,
  noticeId: number,
  videoId: number,
  staffId: number | null,
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE strikes s SET revoked_at = now(), revoked_by = $3
       FROM videos owner
      WHERE owner.id = $2 AND s.user_id = owner.user_id AND s.dmca_notice_id = $1
        AND s.revoked_at IS NULL
        AND NOT EXISTS (
          SELECT 1 FROM dmca_items i JOIN videos v ON v.id = i.video_id
           WHERE i.notice_id = $1 AND v.user_id = owner.user_id AND i.takedown_id IS NOT NULL
             AND i.state IN ('taken_down', 'countered', 'lawsuit'))
      RETURNING s.id`,
    [noticeId, videoId, staffId],
  );
  return rows.length > 0;
}
