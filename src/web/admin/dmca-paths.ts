import { DMCA_NOTICE_STATES, type DmcaNoticeState } from '../../contracts/dmca.ts';
import { parsePage, parseSearch, withQuery } from './console-paths.ts';

// The addresses of the DMCA screens (decision 0049): the list opens on the notices received
// and not yet decided (the work waiting); `?state=actioned|rejected|all` for the others.

export const DMCA_PATH = '/api/admin/dmca';

export type DmcaListState = DmcaNoticeState | 'all';

export interface DmcaFilters {
  page: number;
  state: DmcaListState;
  q: string;
}

const isNoticeState = (value: string): value is DmcaNoticeState =>
  (DMCA_NOTICE_STATES as readonly string[]).includes(value);

export function readDmcaFilters(search: URLSearchParams): DmcaFilters {
  const state = search.get('state') ?? '';
  return {
    page: parsePage(search.get('page')),
    state: state === 'all' || isNoticeState(state) ? state : 'received',
    q: parseSearch(search.get('q')),
  };
}

export const dmcaPath = (f: DmcaFilters) =>
  withQuery(DMCA_PATH, [
    ['state', f.state === 'all' ? '' : f.state],
    ['q', f.q],
    ['page', f.page],
  ]);

export const dmcaHref = (f: DmcaFilters) =>
  withQuery('/admin/dmca/', [
    ['state', f.state === 'received' ? '' : f.state],
    ['q', f.q],
    ['page', f.page],
  ]);

export const dmcaNoticePath = (id: number) => `${DMCA_PATH}/${id}`;
export const dmcaNoticeHref = (id: number) => `/admin/dmca/${id}/`;
/** The new-notice form, pre-filled from a contact-form report when one is named. */
export const dmcaNewHref = (reportId?: number) =>
  withQuery('/admin/dmca/new', [['report', reportId]]);
export const dmcaActPath = (id: number) => `${DMCA_PATH}/${id}/act`;
export const dmcaRejectPath = (id: number) => `${DMCA_PATH}/${id}/reject`;
export const dmcaLawsuitPath = (itemId: number) => `${DMCA_PATH}/items/${itemId}/lawsuit`;

export const isDmcaPath = (path: string) =>
  path === DMCA_PATH || path.startsWith(`${DMCA_PATH}?`) || path.startsWith(`${DMCA_PATH}/`);
