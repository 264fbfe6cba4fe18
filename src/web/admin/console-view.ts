import type { ConsoleMe } from '../../contracts/moderation.schema.ts';
import { parseId } from '../../contracts/paths.ts';
import {
  type AuditFilters,
  ageChecksPath,
  appealsPath,
  auditPath,
  type ListQuery,
  membersPath,
  parsePage,
  readAuditFilters,
  readListQuery,
  reviewItemPath,
  reviewQueuePath,
} from './console-paths.ts';
import { type DmcaFilters, dmcaNoticePath, dmcaPath, readDmcaFilters } from './dmca-paths.ts';
import { memberRecordPath } from './member-paths.ts';
import { recordApiPath } from './records-format.ts';
import {
  type ReportFilters,
  readReportFilters,
  readTakedownFilters,
  reportItemPath,
  reportsPath,
  type TakedownFilters,
  takedownsPath,
} from './report-paths.ts';

// Which console screen an address shows. The console is one route (`/admin/*`, one small
// entry in the site's route table: the listing's first-paint budget has no room for more);
// this is its own little router, used by the loader on the server and in the browser alike.

export type ConsoleView =
  | { screen: 'queue'; query: ListQuery }
  | { screen: 'item'; id: number }
  | { screen: 'members'; query: ListQuery }
  | { screen: 'member'; id: number }
  | { screen: 'audit'; filters: AuditFilters }
  | { screen: 'reports'; filters: ReportFilters }
  | { screen: 'report'; id: number }
  | { screen: 'takedowns'; filters: TakedownFilters }
  | { screen: 'dmca'; filters: DmcaFilters }
  | { screen: 'dmca-notice'; id: number }
  /** The new-notice form; `reportId` pre-fills it from a contact-form report. */
  | { screen: 'dmca-new'; reportId: number | null }
  | { screen: 'appeals'; page: number }
  | { screen: 'age-checks'; page: number }
  /** A video's 2257 record (decision 0055): administrators only. */
  | { screen: 'record'; id: number }
  | { screen: 'missing' };

/** What the console's gate loads for a staff member: who they are and which screen. */
export interface ConsoleData {
  me: ConsoleMe;
  view: ConsoleView;
}

/** The screen of `/admin/…`; 'index' for `/admin/` itself, which opens the queue. */
export function consoleViewOf(pathname: string, search: URLSearchParams): ConsoleView | 'index' {
  const parts = pathname
    .replace(/^\/admin(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const [section, id, ...rest] = parts;
  if (section === undefined) return 'index';
  if (rest.length > 0) return { screen: 'missing' };
  if (section === 'review') {
    if (id === undefined) return { screen: 'queue', query: readListQuery(search) };
    const parsed = parseId(id);
    return parsed === undefined ? { screen: 'missing' } : { screen: 'item', id: parsed };
  }
  if (section === 'reports') {
    if (id === undefined) return { screen: 'reports', filters: readReportFilters(search) };
    const parsed = parseId(id);
    return parsed === undefined ? { screen: 'missing' } : { screen: 'report', id: parsed };
  }
  if (section === 'members' && id !== undefined) {
    const parsed = parseId(id);
    return parsed === undefined ? { screen: 'missing' } : { screen: 'member', id: parsed };
  }
  if (section === 'dmca') {
    if (id === undefined) return { screen: 'dmca', filters: readDmcaFilters(search) };
    if (id === 'new') {
      return { screen: 'dmca-new', reportId: parseId(search.get('report') ?? '') ?? null };
    }
    const parsed = parseId(id);
    return parsed === undefined ? { screen: 'missing' } : { screen: 'dmca-notice', id: parsed };
  }
  if (section === 'records' && id !== undefined) {
    const parsed = parseId(id);
    return parsed === undefined ? { screen: 'missing' } : { screen: 'record', id: parsed };
  }
  if (id !== undefined) return { screen: 'missing' };
  if (section === 'appeals') return { screen: 'appeals', page: parsePage(search.get('page')) };
  if (section === 'age-checks') {
    return { screen: 'age-checks', page: parsePage(search.get('page')) };
  }
  if (section === 'takedowns') {
    return { screen: 'takedowns', filters: readTakedownFilters(search) };
  }
  if (section === 'members') return { screen: 'members', query: readListQuery(search) };
  if (section === 'audit') return { screen: 'audit', filters: readAuditFilters(search) };
  return { screen: 'missing' };
}

/** The API path a screen reads (its query key), or undefined for none. */
export function viewDataPath(view: ConsoleView): string | undefined {
  switch (view.screen) {
    case 'queue':
      return reviewQueuePath(view.query);
    case 'item':
      return reviewItemPath(view.id);
    case 'members':
      return membersPath(view.query);
    case 'member':
      return memberRecordPath(view.id);
    case 'audit':
      return auditPath(view.filters);
    case 'reports':
      return reportsPath(view.filters);
    case 'report':
      return reportItemPath(view.id);
    case 'takedowns':
      return takedownsPath(view.filters);
    case 'dmca':
      return dmcaPath(view.filters);
    case 'dmca-notice':
      return dmcaNoticePath(view.id);
    case 'dmca-new':
      return view.reportId === null ? undefined : reportItemPath(view.reportId);
    case 'appeals':
      return appealsPath(view.page);
    case 'age-checks':
      return ageChecksPath(view.page);
    case 'record':
      return recordApiPath(view.id);
    case 'missing':
      return undefined;
  }
}
