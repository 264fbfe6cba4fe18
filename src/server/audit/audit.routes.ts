import type { FastifyInstance } from 'fastify';
import { auditPageSchema } from '../../contracts/moderation.schema.ts';
import { consolePage } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { AuditService } from './audit.service.ts';

// `GET /api/admin/audit` (decision 0043): the audit log, read-only, staff only.

const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

export function auditRoutes(audit: AuditService) {
  return async (app: FastifyInstance) => {
    app.get<{
      Querystring: {
        page?: unknown;
        actor?: unknown;
        action?: unknown;
        object_type?: unknown;
        object_id?: unknown;
      };
    }>(
      '/api/admin/audit',
      {
        schema: describe({
          summary: 'The audit log',
          tags: ['staff'],
          description:
            'Every staff act, newest first, 50 a page, filtered by the actor’s username, the action, the object type and id. Read-only: no call changes it.',
          querystring: {
            page: { description: 'Page, from 1' },
            actor: { description: 'Username of the staff member' },
            action: { description: 'An audit action, e.g. video.approve' },
            object_type: { description: 'video, comment, playlist, album or member' },
            object_id: { description: 'The object’s id' },
          },
          response: auditPageSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        audit.list(request.viewer, {
          page: consolePage(request.query.page),
          actor: text(request.query.actor),
          action: text(request.query.action),
          objectType: text(request.query.object_type),
          objectId: text(request.query.object_id),
        }),
    );
  };
}
