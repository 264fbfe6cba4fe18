import { REPORT_STATES, type ReportState } from '../../contracts/moderation.ts';
import { REPORT_SUBJECTS, type ReportSubject } from '../../contracts/report.rules.ts';
import { parsePage, parseSearch, withQuery } from './console-paths.ts';

// The addresses of the reports inbox and the takedowns (decision 0046): what their screens
// keep in their own URL, and the JSON paths they read (one query key each).

export const REPORTS_PATH = '/api/admin/reports';
export const TAKEDOWNS_PATH = '/api/admin/takedowns';

/** The inbox opens on the new reports: the work waiting. `all` asks for every state. */
export type InboxState = ReportState | 'all';

export interface ReportFilters {
  page: number;
  state: InboxState;
  subject: ReportSubject | '';
  mine: boolean;
  q: string;
}

export const DEFAULT_REPORT_FILTERS: ReportFilters = {
  page: 1,
  state: 'new',
  subject: '',
  mine: false,
  q: '',
};

const isReportState = (value: string): value is ReportState =>
  (REPORT_STATES as readonly string[]).includes(value);
const isReportSubject = (value: string): value is ReportSubject =>
  (REPORT_SUBJECTS as readonly string[]).includes(value);

/** The inbox's filters from its URL; an unknown state or subject is the default. */
export function readReportFilters(search: URLSearchParams): ReportFilters {
  const state = search.get('state') ?? '';
  const subject = search.get('subject') ?? '';
  return {
    page: parsePage(search.get('page')),
    state: state === 'all' || isReportState(state) ? state : 'new',
    subject: isReportSubject(subject) ? subject : '',
    mine: search.get('mine') === '1',
    q: parseSearch(search.get('q')),
  };
}

/** The API path of an inbox page: the API reads no state as every state. */
export const reportsPath = (f: ReportFilters) =>
  withQuery(REPORTS_PATH, [
    ['page', f.page],
    ['state', f.state === 'all' ? '' : f.state],
    ['subject', f.subject],
    ['mine', f.mine ? '1' : ''],
    ['q', f.q],
  ]);

/** The inbox's own URL for these filters (the default state left out). */
export const inboxHref = (f: ReportFilters) =>
  withQuery('/admin/reports/', [
    ['state', f.state === 'new' ? '' : f.state],
    ['subject', f.subject],
    ['mine', f.mine ? '1' : ''],
    ['q', f.q],
    ['page', f.page],
  ]);

export const reportItemPath = (id: number) => `${REPORTS_PATH}/${id}`;
export const reportHref = (id: number) => `/admin/reports/${id}/`;

/** The new reports: the sidebar's count, the same key as the inbox's first page. */
export const NEW_REPORTS_PATH = reportsPath(DEFAULT_REPORT_FILTERS);

export const isReportsPath = (path: string) =>
  path === REPORTS_PATH ||
  path.startsWith(`${REPORTS_PATH}?`) ||
  path.startsWith(`${REPORTS_PATH}/`);

/** The takedowns list opens on those in force; `show=all` adds the restored ones. */
export interface TakedownFilters {
  page: number;
  inForce: boolean;
  q: string;
}

export function readTakedownFilters(search: URLSearchParams): TakedownFilters {
  return {
    page: parsePage(search.get('page')),
    inForce: search.get('show') !== 'all',
    q: parseSearch(search.get('q')),
  };
}

export const takedownsPath = (f: TakedownFilters) =>
  withQuery(TAKEDOWNS_PATH, [
    ['page', f.page],
    ['in_force', f.inForce ? '1' : ''],
    ['q', f.q],
  ]);

export const takedownsHref = (f: TakedownFilters) =>
  withQuery('/admin/takedowns/', [
    ['show', f.inForce ? '' : 'all'],
    ['q', f.q],
    ['page', f.page],
  ]);

export const restorePath = (takedownId: number) => `${TAKEDOWNS_PATH}/${takedownId}/restore`;

export const isTakedownsPath = (path: string) =>
  path === TAKEDOWNS_PATH || path.startsWith(`${TAKEDOWNS_PATH}?`);

/** A video's public page: without its dir the site redirects to the canonical address. */
export const videoPageHref = (id: number) => `/videos/${id}/`;
