import type { Database } from '../../db/client.ts';
import { countRows } from '../kernel/db/estimate.ts';

// Reading the audit log (decision 0043): newest first, filtered by actor, action and object,
// each filter served by its index. Rows are written by kernel/audit/audit-entry.ts inside the
// transaction of the change they record; nothing here writes.

export interface AuditFilter {
  actor?: string;
  action?: string;
  objectType?: string;
  objectId?: number;
}

export interface AuditLogRow {
  id: number | string;
  at: string;
  actor_id: number;
  actor_name: string;
  actor_role: string;
  action: string;
  object_type: string;
  object_id: number;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
  note: string;
  ip: string;
}

function where(filter: AuditFilter, params: unknown[]): string {
  const clauses: string[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.actor) clauses.push(`lower(actor_name) = lower(${bind(filter.actor)})`);
  if (filter.action) clauses.push(`action = ${bind(filter.action)}`);
  if (filter.objectType) clauses.push(`object_type = ${bind(filter.objectType)}`);
  if (filter.objectId !== undefined) clauses.push(`object_id = ${bind(filter.objectId)}`);
  return clauses.length === 0 ? 'true' : clauses.join(' AND ');
}

export function createAuditRepository(database: Pick<Database, 'query'>) {
  return {
    async list(filter: AuditFilter, limit: number, offset: number): Promise<AuditLogRow[]> {
      const params: unknown[] = [limit, offset];
      return database.query<AuditLogRow>(
        `SELECT id, at::text, actor_id, actor_name, actor_role, action, object_type, object_id,
                before, after, reason, note, ip
           FROM audit_log WHERE ${where(filter, params)}
          ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2`,
        params,
      );
    },

    async count(filter: AuditFilter): Promise<number> {
      const params: unknown[] = [];
      return countRows(database, `audit_log WHERE ${where(filter, params)}`, params);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
