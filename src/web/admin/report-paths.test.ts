import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPORT_FILTERS,
  inboxHref,
  isReportsPath,
  isTakedownsPath,
  NEW_REPORTS_PATH,
  readReportFilters,
  readTakedownFilters,
  reportsPath,
  restorePath,
  takedownsHref,
  takedownsPath,
} from './report-paths.ts';

const filters = (query: string) => readReportFilters(new URLSearchParams(query));

describe('inbox filters', () => {
  it('open on the new reports, every subject, page 1', () => {
    expect(filters('')).toEqual(DEFAULT_REPORT_FILTERS);
    expect(reportsPath(filters(''))).toBe('/api/admin/reports?state=new');
    expect(inboxHref(filters(''))).toBe('/admin/reports/');
  });

  it('read every filter from the URL and ask the API for the same', () => {
    const f = filters('state=in_progress&subject=dmca&mine=1&q=%20bob%20&page=3');
    expect(f).toEqual({ page: 3, state: 'in_progress', subject: 'dmca', mine: true, q: 'bob' });
    expect(reportsPath(f)).toBe(
      '/api/admin/reports?page=3&state=in_progress&subject=dmca&mine=1&q=bob',
    );
    expect(inboxHref(f)).toBe('/admin/reports/?state=in_progress&subject=dmca&mine=1&q=bob&page=3');
  });

  it('send no state for All: the API reads none as every state', () => {
    const f = filters('state=all');
    expect(f.state).toBe('all');
    expect(reportsPath(f)).toBe('/api/admin/reports');
    expect(inboxHref(f)).toBe('/admin/reports/?state=all');
  });

  it('drop what they do not know', () => {
    expect(filters('state=closed&subject=spam&mine=yes&page=0')).toEqual(DEFAULT_REPORT_FILTERS);
  });

  it('share the sidebar count’s key with the inbox’s first page', () => {
    expect(NEW_REPORTS_PATH).toBe(reportsPath(filters('')));
  });

  it('know the inbox’s keys', () => {
    expect(isReportsPath('/api/admin/reports')).toBe(true);
    expect(isReportsPath('/api/admin/reports?state=new')).toBe(true);
    expect(isReportsPath('/api/admin/reports/12')).toBe(true);
    expect(isReportsPath('/api/admin/reportsx')).toBe(false);
  });
});

describe('takedown filters', () => {
  it('open on those in force; show=all adds the restored ones', () => {
    const inForce = readTakedownFilters(new URLSearchParams(''));
    expect(inForce).toEqual({ page: 1, inForce: true, q: '' });
    expect(takedownsPath(inForce)).toBe('/api/admin/takedowns?in_force=1');
    expect(takedownsHref(inForce)).toBe('/admin/takedowns/');
    const all = readTakedownFilters(new URLSearchParams('show=all&page=2'));
    expect(all).toEqual({ page: 2, inForce: false, q: '' });
    expect(takedownsPath(all)).toBe('/api/admin/takedowns?page=2');
    expect(takedownsHref(all)).toBe('/admin/takedowns/?show=all&page=2');
  });

  it('keep the search, trimmed and bounded, in both addresses', () => {
    const found = readTakedownFilters(new URLSearchParams('show=all&q=%20100%25%20off%20&page=3'));
    expect(found).toEqual({ page: 3, inForce: false, q: '100% off' });
    expect(takedownsPath(found)).toBe('/api/admin/takedowns?page=3&q=100%25+off');
    expect(takedownsHref(found)).toBe('/admin/takedowns/?show=all&q=100%25+off&page=3');
    const long = readTakedownFilters(new URLSearchParams(`q=${'x'.repeat(150)}`));
    expect(long.q).toHaveLength(100);
    expect(takedownsHref({ ...found, q: '', page: 1 })).toBe('/admin/takedowns/?show=all');
  });

  it('name the restore call and the list’s keys', () => {
    expect(restorePath(9)).toBe('/api/admin/takedowns/9/restore');
    expect(isTakedownsPath('/api/admin/takedowns?in_force=1')).toBe(true);
    expect(isTakedownsPath('/api/admin/takedowns/9/restore')).toBe(false);
  });
});
