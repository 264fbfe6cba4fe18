import type { ReportState } from '../../contracts/moderation.ts';
import type { Database } from '../../db/client.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likeContaining } from '../kernel/db/like.ts';

// The moderation inbox's SQL (issue 16, decision 0043): reports by state, newest first
// (`reports_state_idx`), one report whole with the others about the same object
// (`reports_object_idx`), and the staff acts on it, each in one transaction with its audit row.

export interface InboxRow {
  id: number;
  subject: 'dmca' | 'technical' | 'inappropriate' | 'support';
  state: ReportState;
  email: string;
  message: string;
  object_type: 'video' | 'album' | 'comment' | 'member' | null;
  object_id: number | null;
  reporter_id: number | null;
  reporter_name: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  created_at: string;
  has_attachment: boolean;
}

export interface InboxItemRow extends InboxRow {
  referrer: string;
  lang: string;
  ip: string;
  user_agent: string;
  resolved_at: string | null;
}

export interface InboxFilter {
  state?: ReportState;
  subject?: string;
  q?: string;
  assignee?: number;
}

const COLUMNS = `r.id, r.subject, r.state, r.email, r.object_type, r.object_id,
  r.reporter_id, ru.username AS reporter_name, r.assignee_id, au.username AS assignee_name,
  r.created_at::text, r.attachment_width IS NOT NULL AS has_attachment`;

const JOINS = `reports r LEFT JOIN users ru ON ru.id = r.reporter_id
  LEFT JOIN users au ON au.id = r.assignee_id`;

function where(filter: InboxFilter, params: unknown[]): string {
  const clauses: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.state) clauses.push(`r.state = ${bind(filter.state)}`);
  if (filter.subject) clauses.push(`r.subject = ${bind(filter.subject)}`);
  if (filter.assignee !== undefined) clauses.push(`r.assignee_id = ${bind(filter.assignee)}`);
  if (filter.q) {
    const like = bind(likeContaining(filter.q));
    clauses.push(`(r.email ILIKE ${like} OR r.message ILIKE ${like})`);
  }
  return clauses.length === 0 ? 'true' : clauses.join(' AND ');
}

export function createReportInboxRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    async list(filter: InboxFilter, limit: number, offset: number): Promise<InboxRow[]> {
      const params: unknown[] = [limit, offset];
      return database.query<InboxRow>(
        `SELECT ${COLUMNS}, left(r.message, 200) AS message
           FROM ${JOINS} WHERE ${where(filter, params)}
          ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async count(filter: InboxFilter): Promise<number> {
      const params: unknown[] = [];
      return countRows(database, `reports r WHERE ${where(filter, params)}`, params);
    },

    async item(id: number): Promise<InboxItemRow | undefined> {
      const [row] = await database.query<InboxItemRow>(
        `SELECT ${COLUMNS}, r.message, r.referrer, r.lang, r.ip, r.user_agent,
                r.resolved_at::text
           FROM ${JOINS} WHERE r.id = $1`,
        [id],
      );
      return row;
    },

    async sameObject(
      report: { id: number; object_type: string; object_id: number },
      limit = 20,
    ): Promise<{ id: number; subject: string; state: string; created_at: string }[]> {
      return database.query(
        `SELECT id, subject::text, state::text, created_at::text FROM reports
          WHERE object_type = $1 AND object_id = $2 AND id <> $3
          ORDER BY created_at DESC LIMIT $4`,
        [report.object_type, report.object_id, report.id, limit],
      );
    },

    async attachment(id: number): Promise<Buffer | undefined> {
      const [row] = await database.query<{ attachment: Buffer | Uint8Array | null }>(
        'SELECT attachment FROM reports WHERE id = $1',
        [id],
      );
      return row?.attachment ? Buffer.from(row.attachment) : undefined;
    },

    /** Changes the report's assignee or state, with its audit row; false when it is gone. */
    async update(
      id: number,
      change: { assigneeId?: number; state?: ReportState },
      audit: AuditEntry,
    ): Promise<boolean> {
      return database.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE reports SET
              assignee_id = coalesce($2, assignee_id),
              state = coalesce($3::report_state, state),
              resolved_at = CASE WHEN $3::text IN ('resolved', 'rejected') THEN now()
                                 WHEN $3::text IS NOT NULL THEN NULL ELSE resolved_at END,
              updated_at = now()
            WHERE id = $1 RETURNING id`,
          [id, change.assigneeId ?? null, change.state ?? null],
        );
        if (rows.length === 0) return false;
        await appendAudit(tx, audit);
        return true;
      });
    },

    /** Records an answer mailed to the sender (the audit row holds its text). */
    async answered(id: number, audit: AuditEntry): Promise<void> {
      await database.transaction(async (tx) => {
        await tx.query(
          `UPDATE reports SET state = CASE WHEN state = 'new' THEN 'in_progress'::report_state
                                          ELSE state END, updated_at = now()
            WHERE id = $1`,
          [id],
        );
        await appendAudit(tx, audit);
      });
    },
  };
}

export type ReportInboxRepository = ReturnType<typeof createReportInboxRepository>;
