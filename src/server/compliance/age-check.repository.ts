import type { Database } from '../../db/client.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';
import { countRows } from '../kernel/db/estimate.ts';
import type { AgeOutcome } from './age-assurance.ts';

// SQL of the UK age checks (`age_checks`, decision 0054). A decision is one transaction: the
// row keeps its result, method and time and loses the photo's name and the provider's
// reference; a pass marks the member `age_verified`; a staff act is audited with it.

export interface AgeCheckRow {
  id: number;
  user_id: number;
  provider: string;
  method: string;
  state: 'pending' | 'passed' | 'failed';
  external_ref: string | null;
  evidence_path: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface QueueRow {
  id: number;
  user_id: number;
  username: string;
  created_at: string;
}

/** What a decision left behind to clean up: the member, and the photo file to delete. */
export interface Decided {
  userId: number;
  evidencePath: string | null;
}

const COLUMNS = `id, user_id, provider, method, state, external_ref, evidence_path,
                 created_at::text, decided_at::text`;

export function createAgeCheckRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    /**
     * A new pending check, unless the member is verified or has one pending already. The
     * member's row is locked first, so two photos sent at once make one check: the second
     * waits for the first's transaction and then finds its pending row.
     */
    async create(check: {
      userId: number;
      provider: string;
      method: string;
    }): Promise<{ id: number } | 'verified' | 'pending'> {
      return database.transaction(async (tx) => {
        const [user] = await tx.query<{ age_verified: boolean }>(
          'SELECT age_verified FROM users WHERE id = $1 FOR UPDATE',
          [check.userId],
        );
        if (user?.age_verified) return 'verified';
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO age_checks (user_id, provider, method)
           SELECT $1, $2, $3
            WHERE NOT EXISTS (
              SELECT 1 FROM age_checks WHERE user_id = $1 AND state = 'pending')
           RETURNING id`,
          [check.userId, check.provider, check.method],
        );
        return row ? { id: Number(row.id) } : 'pending';
      });
    },

    /** A check that never reached its provider: nothing of it is kept. */
    async remove(id: number): Promise<void> {
      await database.query(`DELETE FROM age_checks WHERE id = $1 AND state = 'pending'`, [id]);
    },

    async setPending(
      id: number,
      at: { externalRef?: string | undefined; evidencePath?: string | undefined },
    ): Promise<void> {
      await database.query(
        `UPDATE age_checks SET external_ref = $2, evidence_path = $3 WHERE id = $1`,
        [id, at.externalRef ?? null, at.evidencePath ?? null],
      );
    },

    async find(id: number): Promise<AgeCheckRow | undefined> {
      const [row] = await database.query<AgeCheckRow>(
        `SELECT ${COLUMNS} FROM age_checks WHERE id = $1`,
        [id],
      );
      return row;
    },

    async byExternalRef(provider: string, ref: string): Promise<AgeCheckRow | undefined> {
      const [row] = await database.query<AgeCheckRow>(
        `SELECT ${COLUMNS} FROM age_checks WHERE provider = $1 AND external_ref = $2`,
        [provider, ref],
      );
      return row;
    },

    /** The member's latest check, and whether they are age-verified. */
    async latest(
      userId: number,
    ): Promise<{ ageVerified: boolean; check: AgeCheckRow | undefined }> {
      const [user] = await database.query<{ age_verified: boolean }>(
        'SELECT age_verified FROM users WHERE id = $1',
        [userId],
      );
      const [check] = await database.query<AgeCheckRow>(
        `SELECT ${COLUMNS} FROM age_checks WHERE user_id = $1
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [userId],
      );
      return { ageVerified: user?.age_verified === true, check };
    },

    /** Photos waiting for a moderator, oldest first (`age_checks_pending_idx`). */
    async queue(opts: { limit: number; offset: number }): Promise<QueueRow[]> {
      return database.query<QueueRow>(
        `SELECT c.id, c.user_id, u.username, c.created_at::text
           FROM age_checks c JOIN users u ON u.id = c.user_id
          WHERE c.state = 'pending' AND c.provider = 'staff' AND c.evidence_path IS NOT NULL
          ORDER BY c.created_at, c.id
          LIMIT $1 OFFSET $2`,
        [opts.limit, opts.offset],
      );
    },

    async queueCount(): Promise<number> {
      return countRows(
        database,
        `age_checks WHERE state = 'pending' AND provider = 'staff'
           AND evidence_path IS NOT NULL`,
        [],
      );
    },

    /** The oldest photo waiting after `id` in queue order, for "approve and go on". */
    async nextAfter(id: number): Promise<number | null> {
      const [row] = await database.query<{ id: number }>(
        `SELECT id FROM age_checks
          WHERE state = 'pending' AND provider = 'staff' AND evidence_path IS NOT NULL
            AND id <> $1
          ORDER BY created_at, id LIMIT 1`,
        [id],
      );
      return row ? Number(row.id) : null;
    },

    /** Pending checks created before `before`: past the limit a photo may wait. */
    async overdue(before: Date, limit = 500): Promise<AgeCheckRow[]> {
      return database.query<AgeCheckRow>(
        `SELECT ${COLUMNS} FROM age_checks
          WHERE state = 'pending' AND created_at < $1
          ORDER BY created_at, id LIMIT $2`,
        [before.toISOString(), limit],
      );
    },

    /** The photo names pending checks still hold (the sweep keeps those). */
    async heldEvidence(): Promise<Set<string>> {
      const rows = await database.query<{ evidence_path: string }>(
        `SELECT evidence_path FROM age_checks
          WHERE state = 'pending' AND evidence_path IS NOT NULL`,
      );
      return new Set(rows.map((row) => row.evidence_path));
    },

    /**
     * Decides a pending check; undefined when it was decided already (another moderator, the
     * webhook before the poll). `provider` guards a staff decision against deciding a check of
     * another provider.
     */
    async decide(
      id: number,
      outcome: AgeOutcome,
      opts: { decidedBy?: number; audit?: (userId: number) => AuditEntry; provider?: string } = {},
    ): Promise<Decided | undefined> {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ user_id: number; evidence_path: string | null }>(
          `WITH old AS (
             SELECT id, evidence_path FROM age_checks
              WHERE id = $1 AND state = 'pending' AND ($4::text IS NULL OR provider = $4)
              FOR UPDATE)
           UPDATE age_checks c
              SET state = $2, decided_at = now(), decided_by = $3,
                  evidence_path = NULL, external_ref = NULL
             FROM old WHERE c.id = old.id
         RETURNING c.user_id, old.evidence_path`,
          [id, outcome, opts.decidedBy ?? null, opts.provider ?? null],
        );
        if (!row) return undefined;
        const userId = Number(row.user_id);
        if (outcome === 'passed') {
          await tx.query(
            `UPDATE users SET age_verified = true, updated_at = now()
              WHERE id = $1 AND status = 1`,
            [userId],
          );
        }
        if (opts.audit) await appendAudit(tx, opts.audit(userId));
        return { userId, evidencePath: row.evidence_path };
      });
    },
  };
}

export type AgeCheckRepository = ReturnType<typeof createAgeCheckRepository>;
