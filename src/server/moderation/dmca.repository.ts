import type { Database } from '../../db/client.ts';
import { notDeletedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likeContaining } from '../kernel/db/like.ts';
import { revokeNoticeStrikeIfClear } from './strikes.repository.ts';

// DMCA notices and their items (decision 0049). The takedowns themselves go through the
// takedown repository (one transaction each, with the strike and the item's state); what is
// here is the notice's own record, the counter-notice, the lawsuit and the restore's due list.

type Tx = Pick<Database, 'query'>;

export interface NoticeInput {
  reportId: number | null;
  claimantName: string;
  claimantCompany: string;
  claimantEmail: string;
  claimantAddress: string;
  claimantPhone: string;
  works: string;
  goodFaith: boolean;
  signature: string;
  enteredBy: number;
}

export interface NoticeListRow {
  id: number;
  state: 'received' | 'actioned' | 'rejected';
  claimant_name: string;
  claimant_company: string;
  claimant_email: string;
  items: number | string;
  received_at: string;
  entered_name: string | null;
}

export interface NoticeRow extends Omit<NoticeListRow, 'items'> {
  report_id: number | null;
  claimant_address: string;
  claimant_phone: string;
  works: string;
  good_faith: boolean;
  signature: string;
  note: string;
  decided_at: string | null;
  decided_name: string | null;
}

export interface ItemRow {
  id: number;
  notice_id: number;
  url: string;
  video_id: number | null;
  title: string | null;
  user_id: number | null;
  username: string | null;
  state: 'pending' | 'taken_down' | 'countered' | 'restored' | 'lawsuit' | 'not_found';
  /** The notice's own takedown; null while pending, and for a video already down for another. */
  takedown_id: number | null;
  counter_at: string | null;
  counter_name: string | null;
  counter_address: string | null;
  counter_phone: string | null;
  counter_statement: string | null;
  counter_signature: string | null;
  restore_after: string | null;
  lawsuit_at: string | null;
  lawsuit_note: string;
  restored_at: string | null;
  /** The notice's claimant, who gets copies of the counter-notice and the restore. */
  claimant_name: string;
  claimant_email: string;
}

export interface CounterInput {
  name: string;
  address: string;
  phone: string;
  statement: string;
  signature: string;
}

const ITEM_COLUMNS = `i.id, i.notice_id, i.url, i.video_id, v.title, v.user_id, u.username,
  i.state::text AS state, i.takedown_id, i.counter_at::text, i.counter_name, i.counter_address,
  i.counter_phone, i.counter_statement, i.counter_signature, i.restore_after::text,
  i.lawsuit_at::text, i.lawsuit_note, i.restored_at::text, n.claimant_name, n.claimant_email`;

const ITEM_JOINS = `dmca_items i JOIN dmca_notices n ON n.id = i.notice_id
  LEFT JOIN videos v ON v.id = i.video_id LEFT JOIN users u ON u.id = v.user_id`;

/** The notices list's filters: one state (null: every state) and the search box. */
export interface NoticeFilter {
  state: string | null;
  q: string;
}

/**
 * The notices a list shows (`n` the notice): the search matches part of the claimant's name,
 * company or e-mail, of the works, or of a URL the notice names, whatever the case.
 */
function noticeWhere(filter: NoticeFilter, params: unknown[]): string {
  const clauses: string[] = [];
  if (filter.state) {
    params.push(filter.state);
    clauses.push(`n.state::text = $${params.length}`);
  }
  if (filter.q) {
    params.push(likeContaining(filter.q));
    const like = `$${params.length}`;
    clauses.push(`(n.claimant_name ILIKE ${like} OR n.claimant_company ILIKE ${like}
      OR n.claimant_email ILIKE ${like} OR n.works ILIKE ${like}
      OR EXISTS (SELECT 1 FROM dmca_items i WHERE i.notice_id = n.id AND i.url ILIKE ${like}))`);
  }
  return clauses.length === 0 ? 'true' : clauses.join(' AND ');
}

export function createDmcaRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /** Of these ids, the videos that exist and are not deleted. */
    async existingVideos(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await database.query<{ id: number }>(
        `SELECT id FROM videos WHERE id = ANY($1::int[]) AND ${notDeletedSql()}
            AND NOT media ? 'pool'`,
        [ids],
      );
      return new Set(rows.map((row) => Number(row.id)));
    },

    /** The notice, its items (one per URL, one per video) and its audit row, together. */
    async record(
      notice: NoticeInput,
      items: { url: string; videoId: number | null }[],
      audit: (id: number) => AuditEntry,
    ): Promise<number> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO dmca_notices (report_id, claimant_name, claimant_company, claimant_email,
                                     claimant_address, claimant_phone, works, good_faith,
                                     signature, entered_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
          [
            notice.reportId,
            notice.claimantName,
            notice.claimantCompany,
            notice.claimantEmail,
            notice.claimantAddress,
            notice.claimantPhone,
            notice.works,
            notice.goodFaith,
            notice.signature,
            notice.enteredBy,
          ],
        );
        const id = Number(row?.id);
        for (const item of items) {
          await tx.query(
            `INSERT INTO dmca_items (notice_id, url, video_id, state)
             VALUES ($1, $2, $3, $4)`,
            [id, item.url, item.videoId, item.videoId === null ? 'not_found' : 'pending'],
          );
        }
        await appendAudit(tx, audit(id));
        return id;
      });
    },

    async list(
      filter: NoticeFilter,
      opts: { limit: number; offset: number },
    ): Promise<NoticeListRow[]> {
      const params: unknown[] = [opts.limit, opts.offset];
      return database.query<NoticeListRow>(
        `SELECT n.id, n.state::text AS state, n.claimant_name, n.claimant_company,
                n.claimant_email, n.received_at::text, e.username AS entered_name,
                (SELECT count(*) FROM dmca_items i WHERE i.notice_id = n.id) AS items
           FROM dmca_notices n LEFT JOIN users e ON e.id = n.entered_by
          WHERE ${noticeWhere(filter, params)}
          ORDER BY n.received_at DESC, n.id DESC LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async count(filter: NoticeFilter): Promise<number> {
      const params: unknown[] = [];
      return countRows(database, `dmca_notices n WHERE ${noticeWhere(filter, params)}`, params);
    },

    async notice(id: number): Promise<NoticeRow | undefined> {
      const [row] = await database.query<NoticeRow>(
        `SELECT n.id, n.state::text AS state, n.report_id, n.claimant_name, n.claimant_company,
                n.claimant_email, n.claimant_address, n.claimant_phone, n.works, n.good_faith,
                n.signature, n.note, n.received_at::text, e.username AS entered_name,
                n.decided_at::text, d.username AS decided_name
           FROM dmca_notices n LEFT JOIN users e ON e.id = n.entered_by
           LEFT JOIN users d ON d.id = n.decided_by
          WHERE n.id = $1`,
        [id],
      );
      return row;
    },

    async items(noticeId: number): Promise<ItemRow[]> {
      return database.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM ${ITEM_JOINS} WHERE i.notice_id = $1 ORDER BY i.id`,
        [noticeId],
      );
    },

    async item(id: number): Promise<ItemRow | undefined> {
      const [row] = await database.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM ${ITEM_JOINS} WHERE i.id = $1`,
        [id],
      );
      return row;
    },

    /** In a takedown's transaction: the item is taken down by that takedown. */
    async itemTakenDown(tx: Tx, itemId: number, takedownId: number): Promise<void> {
      await tx.query(
        `UPDATE dmca_items SET state = 'taken_down', takedown_id = $2
          WHERE id = $1 AND state = 'pending'`,
        [itemId, takedownId],
      );
    },

    /**
     * An item whose video is already down for another takedown (a removal for gore, another
     * notice's): down, but not by this notice, so it keeps no takedown. Nothing of this notice
     * holds the video, earns a strike, or may be countered; a counter-notice restoring it would
     * bring back a removal that has nothing to do with the claimant.
     */
    async itemAlreadyDown(itemId: number): Promise<void> {
      await database.query(
        `UPDATE dmca_items SET state = 'taken_down' WHERE id = $1 AND state = 'pending'`,
        [itemId],
      );
    },

    async itemGone(itemId: number): Promise<void> {
      await database.query(
        `UPDATE dmca_items SET state = 'not_found' WHERE id = $1 AND state = 'pending'`,
        [itemId],
      );
    },

    /** The notice is decided (`actioned` or `rejected`) with its audit row; false if it was. */
    async decide(
      id: number,
      decision: { state: 'actioned' | 'rejected'; staffId: number; note: string },
      audit: AuditEntry,
    ): Promise<boolean> {
      return database.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE dmca_notices SET state = $2, decided_at = now(), decided_by = $3, note = $4
            WHERE id = $1 AND state = 'received' RETURNING id`,
          [id, decision.state, decision.staffId, decision.note],
        );
        if (rows.length === 0) return false;
        await appendAudit(tx, audit);
        return true;
      });
    },

    /**
     * The counter-notice of the item's uploader; false when the item is not taken down by
     * its notice's own takedown.
     */
    async counter(itemId: number, form: CounterInput, restoreAfter: Date): Promise<boolean> {
      const rows = await database.query(
        `UPDATE dmca_items SET state = 'countered', counter_at = now(), counter_name = $2,
                counter_address = $3, counter_phone = $4, counter_statement = $5,
                counter_signature = $6, restore_after = $7
          WHERE id = $1 AND state = 'taken_down' AND takedown_id IS NOT NULL RETURNING id`,
        [itemId, form.name, form.address, form.phone, form.statement, form.signature, restoreAfter],
      );
      return rows.length > 0;
    },

    /** The claimant sued: the item is never restored by the job. */
    async lawsuit(itemId: number, note: string, audit: AuditEntry): Promise<boolean> {
      return database.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE dmca_items SET state = 'lawsuit', lawsuit_at = now(), lawsuit_note = $2
            WHERE id = $1 AND state IN ('taken_down', 'countered') AND takedown_id IS NOT NULL
            RETURNING id`,
          [itemId, note],
        );
        if (rows.length === 0) return false;
        await appendAudit(tx, audit);
        return true;
      });
    },

    /** Countered items whose waiting period is over, oldest due first. */
    async due(limit: number): Promise<ItemRow[]> {
      return database.query<ItemRow>(
        `SELECT ${ITEM_COLUMNS} FROM ${ITEM_JOINS}
          WHERE i.state = 'countered' AND i.restore_after <= now()
          ORDER BY i.restore_after LIMIT $1`,
        [limit],
      );
    },

    /**
     * In the restore's transaction: whether the item is still countered, locked so a lawsuit
     * recorded meanwhile waits (when it is not, the caller rolls the restore back). The
     * restore itself settles the item (`settleItemsOfTakedown`).
     */
    async stillCountered(tx: Tx, itemId: number): Promise<boolean> {
      const rows = await tx.query(
        `SELECT id FROM dmca_items WHERE id = $1 AND state = 'countered' FOR UPDATE`,
        [itemId],
      );
      return rows.length > 0;
    },

    /**
     * A due item the job has no takedown of its notice to restore (its video already down for
     * another, its takedown lifted before restores settled their items, or the video deleted
     * since): the notice holds nothing any more, so the item is settled and nothing comes
     * back; `not_found` when the video is gone. Answers whether it was still countered.
     */
    async settleUnrestored(item: {
      id: number;
      notice_id: number;
      video_id: number | null;
    }): Promise<boolean> {
      return database.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE dmca_items i
              SET state = CASE WHEN v.id IS NULL THEN 'not_found'::dmca_item_state
                               ELSE 'restored'::dmca_item_state END,
                  restored_at = CASE WHEN v.id IS NULL THEN NULL ELSE now() END
             FROM dmca_items o LEFT JOIN videos v ON v.id = o.video_id AND ${notDeletedSql({ alias: 'v' })}
            WHERE i.id = $1 AND o.id = i.id AND i.state = 'countered' RETURNING i.id`,
          [item.id],
        );
        if (rows.length === 0) return false;
        if (item.video_id !== null) {
          await revokeNoticeStrikeIfClear(tx, Number(item.notice_id), Number(item.video_id), null);
        }
        return true;
      });
    },
  };
}

export type DmcaRepository = ReturnType<typeof createDmcaRepository>;

/**
 * In a video takedown's restore (by hand, on appeal, or the job after a counter-notice): the
 * DMCA items that takedown holds are settled with it, and each notice's strike taken back
 * once none of the uploader's videos it names is still down. One place, so no way of lifting
 * a takedown leaves its notice's item and strike behind.
 */
export async function settleItemsOfTakedown(
  tx: Tx,
  takedownId: number,
  videoId: number,
  staffId: number | null,
): Promise<void> {
  const settled = await tx.query<{ notice_id: number }>(
    `UPDATE dmca_items SET state = 'restored', restored_at = now()
      WHERE takedown_id = $1 AND state IN ('taken_down', 'countered', 'lawsuit')
      RETURNING notice_id`,
    [takedownId],
  );
  for (const noticeId of new Set(settled.map((row) => Number(row.notice_id)))) {
    await revokeNoticeStrikeIfClear(tx, noticeId, videoId, staffId);
  }
}
