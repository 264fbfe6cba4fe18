import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type { AuditPage } from '../../contracts/moderation.schema.ts';
import {
  AUDIT_ACTIONS,
  CONSOLE_PAGE_SIZE,
  consolePages,
  MODERATED_OBJECTS,
} from '../../contracts/moderation.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { AuditFilter, AuditRepository } from './audit.repository.ts';

// The audit log as staff read it (decision 0043): every staff role reads it, nobody edits it.

export interface AuditQuery {
  page: number;
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
}

export function createAuditService(deps: { audit: AuditRepository }) {
  return {
    async list(viewer: Viewer | null, query: AuditQuery): Promise<AuditPage> {
      requireStaff(viewer, 'read', 'audit');
      const filter: AuditFilter = {};
      if (query.actor) filter.actor = query.actor;
      if (query.action) {
        if (!(AUDIT_ACTIONS as readonly string[]).includes(query.action)) {
          throw new AppError('invalid_params', { field: 'action' });
        }
        filter.action = query.action;
      }
      if (query.objectType) {
        if (!(MODERATED_OBJECTS as readonly string[]).includes(query.objectType)) {
          throw new AppError('invalid_params', { field: 'object_type' });
        }
        filter.objectType = query.objectType;
      }
      if (query.objectId) {
        const id = /^\d{1,9}$/.test(query.objectId) ? Number(query.objectId) : 0;
        if (id < 1) throw new AppError('invalid_params', { field: 'object_id' });
        filter.objectId = id;
      }
      const [rows, total] = await Promise.all([
        deps.audit.list(filter, CONSOLE_PAGE_SIZE, (query.page - 1) * CONSOLE_PAGE_SIZE),
        deps.audit.count(filter),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          at: isoTime(row.at),
          actor: { id: Number(row.actor_id), username: row.actor_name, role: row.actor_role },
          action: row.action,
          object_type: row.object_type,
          object_id: Number(row.object_id),
          before: row.before,
          after: row.after,
          reason: row.reason,
          note: row.note,
          ip: row.ip,
        })),
        total,
        page: query.page,
        pages: consolePages(total),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
