import type { Database } from '../../db/client.ts';
import { notDeletedSql } from '../kernel/access/visibility.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likePrefix } from '../kernel/db/like.ts';

// Members as staff see them (issue 16 "People"): found by name or address, with their role,
// trusted mark and uploads; the trusted mark set in one transaction with its audit row.

export interface PersonRow {
  id: number;
  username: string;
  email: string;
  role: number;
  trusted_uploader: boolean;
  status: number;
  created_at: string;
  uploads: number | string;
}

export function createPeopleRepository(database: Pick<Database, 'query' | 'transaction'>) {
  // A name or address prefix, served by the lower() unique indexes on users.
  const where = (q: string | undefined, params: unknown[]) => {
    if (!q) return 'true';
    params.push(likePrefix(q.toLowerCase()));
    return `(lower(u.username) LIKE $${params.length} OR lower(u.email) LIKE $${params.length})`;
  };

  return {
    async list(opts: { q?: string; limit: number; offset: number }): Promise<PersonRow[]> {
      const params: unknown[] = [opts.limit, opts.offset];
      return database.query<PersonRow>(
        `SELECT u.id, u.username, u.email, u.role, u.trusted_uploader, u.status,
                u.created_at::text,
                (SELECT count(*) FROM videos v WHERE v.user_id = u.id AND ${notDeletedSql({ alias: 'v' })}) AS uploads
           FROM users u WHERE ${where(opts.q, params)}
          ORDER BY u.created_at DESC, u.id DESC LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async count(q?: string): Promise<number> {
      const params: unknown[] = [];
      return countRows(database, `users u WHERE ${where(q, params)}`, params);
    },

    /** Sets the trusted mark; undefined when there is no such member. */
    async setTrusted(
      userId: number,
      trusted: boolean,
      audit: (before: boolean) => AuditEntry,
    ): Promise<{ before: boolean } | undefined> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ trusted_uploader: boolean }>(
          'SELECT trusted_uploader FROM users WHERE id = $1 FOR UPDATE',
          [userId],
        );
        if (!row) return undefined;
        await tx.query('UPDATE users SET trusted_uploader = $2, updated_at = now() WHERE id = $1', [
          userId,
          trusted,
        ]);
        await appendAudit(tx, audit(row.trusted_uploader));
        return { before: row.trusted_uploader };
      });
    },
  };
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
