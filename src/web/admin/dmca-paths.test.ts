import { describe, expect, it } from 'vitest';
import { dmcaHref, dmcaPath, readDmcaFilters } from './dmca-paths.ts';

const filters = (search: string) => readDmcaFilters(new URLSearchParams(search));

describe('DMCA list filters', () => {
  it('open on the notices received; all asks the API for every state', () => {
    const received = filters('');
    expect(received).toEqual({ page: 1, state: 'received', q: '' });
    expect(dmcaPath(received)).toBe('/api/admin/dmca?state=received');
    expect(dmcaHref(received)).toBe('/admin/dmca/');
    const all = filters('state=all&page=2');
    expect(dmcaPath(all)).toBe('/api/admin/dmca?page=2');
    expect(dmcaHref(all)).toBe('/admin/dmca/?state=all&page=2');
    expect(filters('state=planet').state).toBe('received');
  });

  it('keep the search, trimmed and bounded, in both addresses', () => {
    const found = filters('state=actioned&q=%20rights%20films%20&page=2');
    expect(found).toEqual({ page: 2, state: 'actioned', q: 'rights films' });
    expect(dmcaPath(found)).toBe('/api/admin/dmca?state=actioned&q=rights+films&page=2');
    expect(dmcaHref(found)).toBe('/admin/dmca/?state=actioned&q=rights+films&page=2');
    expect(filters(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
    expect(dmcaHref({ ...found, q: '', page: 1 })).toBe('/admin/dmca/?state=actioned');
  });
});
