import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../contracts/errors.ts';
import { parseId } from '../../../contracts/paths.ts';
import type { Actor } from '../audit/audit-entry.ts';

// The parameters every console call shares (decision 0043): its page, its search box, an
// object id in the path, and who acts from where for the audit log.

const MAX_PAGE = 10_000;
const MAX_QUERY = 100;

/** The staff member acting and from where: what the audit log records. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.viewer) throw new AppError('need_auth');
  return {
    viewer: request.viewer,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  };
}

/** `page` of a console list: 1 when absent. */
export function consolePage(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = typeof value === 'string' ? parseId(value) : undefined;
  if (page === undefined || page > MAX_PAGE)
    throw new AppError('invalid_params', { field: 'page' });
  return page;
}

/** A console search box: trimmed, bounded. */
export function consoleQuery(value: unknown, field = 'q'): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > MAX_QUERY) {
    throw new AppError('invalid_params', { field });
  }
  return value.trim();
}

export function idParam(value: unknown, field = 'id'): number {
  const id = typeof value === 'string' ? parseId(value) : undefined;
  if (id === undefined) throw new AppError('not_found', { field });
  return id;
}
