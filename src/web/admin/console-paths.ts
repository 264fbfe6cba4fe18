import {
  AUDIT_ACTIONS,
  type AuditAction,
  MODERATED_OBJECTS,
  type ModeratedObject,
} from '../../contracts/moderation.ts';

// The console's addresses: the JSON paths it reads (one query key each, so the server's
// render and the browser share the cache) and what its screens keep in their own URL.

export const ME_PATH = '/api/admin/me';
export const REVIEW_PATH = '/api/admin/review';
export const MEMBERS_PATH = '/api/admin/members';
export const AUDIT_PATH = '/api/admin/audit';

/** A path with its query, parameters in the order given and empty ones left out. */
export function withQuery(path: string, params: [string, string | number | undefined][]): string {
  const search = new URLSearchParams();
  for (const [name, value] of params) {
    if (value === undefined || value === '') continue;
    if (name === 'page' && value === 1) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** `?page=` of a console list: a whole number from 1; anything else is page 1. */
export function parsePage(raw: string | null): number {
  if (raw === null || !/^[1-9][0-9]{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** `?q=`: trimmed, at most 100 characters. */
export function parseSearch(raw: string | null): string {
  return (raw ?? '').trim().slice(0, 100);
}

export interface ListQuery {
  page: number;
  q: string;
}

export function readListQuery(search: URLSearchParams): ListQuery {
  return { page: parsePage(search.get('page')), q: parseSearch(search.get('q')) };
}

export const reviewQueuePath = ({ page, q }: ListQuery) =>
  withQuery(REVIEW_PATH, [
    ['page', page],
    ['q', q],
  ]);

export const reviewItemPath = (id: number) => `${REVIEW_PATH}/${id}`;

export const membersPath = ({ page, q }: ListQuery) =>
  withQuery(MEMBERS_PATH, [
    ['page', page],
    ['q', q],
  ]);

export const trustedPath = (memberId: number) => `${MEMBERS_PATH}/${memberId}/trusted`;

export interface AuditFilters {
  page: number;
  actor: string;
  action: AuditAction | '';
  object_type: ModeratedObject | '';
  object_id: string;
}

const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);
const isModeratedObject = (value: string): value is ModeratedObject =>
  (MODERATED_OBJECTS as readonly string[]).includes(value);

/** The audit log's filters from its URL; an unknown action or object type is no filter. */
export function readAuditFilters(search: URLSearchParams): AuditFilters {
  const action = search.get('action') ?? '';
  const objectType = search.get('object_type') ?? '';
  const objectId = (search.get('object_id') ?? '').trim();
  return {
    page: parsePage(search.get('page')),
    actor: parseSearch(search.get('actor')),
    action: isAuditAction(action) ? action : '',
    object_type: isModeratedObject(objectType) ? objectType : '',
    object_id: /^[1-9][0-9]{0,9}$/.test(objectId) ? objectId : '',
  };
}

export const auditPath = (f: AuditFilters) =>
  withQuery(AUDIT_PATH, [
    ['page', f.page],
    ['actor', f.actor],
    ['action', f.action],
    ['object_type', f.object_type],
    ['object_id', f.object_id],
  ]);

/** The screen's own URL for another page, its other parameters kept. */
export function pageHref(pathname: string, search: URLSearchParams, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const text = next.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** Whether a query key's path is one of the review queue's pages (or an item of it). */
export const isReviewPath = (path: string) =>
  path === REVIEW_PATH || path.startsWith(`${REVIEW_PATH}?`) || path.startsWith(`${REVIEW_PATH}/`);

export const isMembersPath = (path: string) =>
  path === MEMBERS_PATH || path.startsWith(`${MEMBERS_PATH}?`);

// The appeals queue (decision 0049).
export const APPEALS_PATH = '/api/admin/appeals';
export const appealsPath = (page: number) => withQuery(APPEALS_PATH, [['page', page]]);
export const isAppealsPath = (path: string) =>
  path === APPEALS_PATH || path.startsWith(`${APPEALS_PATH}?`);

// The UK age checks waiting for a moderator (decision 0054).
export const AGE_CHECKS_PATH = '/api/admin/age-checks';
export const ageChecksPath = (page: number) => withQuery(AGE_CHECKS_PATH, [['page', page]]);
export const isAgeChecksPath = (path: string) =>
  path === AGE_CHECKS_PATH || path.startsWith(`${AGE_CHECKS_PATH}?`);
