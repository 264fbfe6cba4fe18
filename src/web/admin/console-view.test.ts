import { describe, expect, it } from 'vitest';
import { consoleViewOf, viewDataPath } from './console-view.ts';

const view = (url: string) => {
  const parsed = new URL(url, 'http://site.test');
  return consoleViewOf(parsed.pathname, parsed.searchParams);
};

describe('consoleViewOf', () => {
  it('opens the queue at /admin/', () => {
    expect(view('/admin/')).toBe('index');
    expect(view('/admin')).toBe('index');
  });

  it('reads each screen and its parameters', () => {
    expect(view('/admin/review/?page=2&q=cat')).toEqual({
      screen: 'queue',
      query: { page: 2, q: 'cat' },
    });
    expect(view('/admin/review/42/')).toEqual({ screen: 'item', id: 42 });
    expect(view('/admin/members/?q=eve')).toEqual({
      screen: 'members',
      query: { page: 1, q: 'eve' },
    });
    expect(view('/admin/audit/?action=video.approve')).toMatchObject({
      screen: 'audit',
      filters: { action: 'video.approve' },
    });
    expect(view('/admin/reports/?state=all&subject=dmca')).toMatchObject({
      screen: 'reports',
      filters: { state: 'all', subject: 'dmca' },
    });
    expect(view('/admin/reports/12/')).toEqual({ screen: 'report', id: 12 });
    expect(view('/admin/takedowns/?show=all&q=acme')).toEqual({
      screen: 'takedowns',
      filters: { page: 1, inForce: false, q: 'acme' },
    });
    expect(view('/admin/dmca/')).toEqual({
      screen: 'dmca',
      filters: { page: 1, state: 'received', q: '' },
    });
    expect(view('/admin/dmca/?state=all&page=2&q=rights')).toEqual({
      screen: 'dmca',
      filters: { page: 2, state: 'all', q: 'rights' },
    });
    expect(view('/admin/dmca/new')).toEqual({ screen: 'dmca-new', reportId: null });
    expect(view('/admin/dmca/new?report=12')).toEqual({ screen: 'dmca-new', reportId: 12 });
    expect(view('/admin/dmca/9/')).toEqual({ screen: 'dmca-notice', id: 9 });
    expect(view('/admin/appeals/?page=3')).toEqual({ screen: 'appeals', page: 3 });
  });

  it('reads a member page', () => {
    expect(view('/admin/members/5/')).toEqual({ screen: 'member', id: 5 });
    expect(viewDataPath({ screen: 'member', id: 5 })).toBe('/api/admin/members/5');
  });

  it('answers missing for anything else', () => {
    for (const url of [
      '/admin/review/abc/',
      '/admin/review/0/',
      '/admin/review/1/2/',
      '/admin/members/x/',
      '/admin/members/5/comments/',
      '/admin/settings/',
      '/admin/audit/x/',
      '/admin/reports/x/',
      '/admin/reports/1/2/',
      '/admin/takedowns/3/',
      '/admin/dmca/x/',
      '/admin/dmca/1/2/',
    ]) {
      expect(view(url)).toEqual({ screen: 'missing' });
    }
  });
});

describe('viewDataPath', () => {
  it('names the API path of each screen', () => {
    expect(viewDataPath({ screen: 'item', id: 7 })).toBe('/api/admin/review/7');
    expect(viewDataPath({ screen: 'dmca', filters: { page: 1, state: 'received', q: '' } })).toBe(
      '/api/admin/dmca?state=received',
    );
    expect(viewDataPath({ screen: 'dmca', filters: { page: 1, state: 'all', q: '' } })).toBe(
      '/api/admin/dmca',
    );
    expect(viewDataPath({ screen: 'dmca-notice', id: 3 })).toBe('/api/admin/dmca/3');
    expect(viewDataPath({ screen: 'appeals', page: 1 })).toBe('/api/admin/appeals');
    expect(viewDataPath({ screen: 'dmca-new', reportId: null })).toBeUndefined();
    expect(viewDataPath({ screen: 'dmca-new', reportId: 5 })).toBe('/api/admin/reports/5');
    expect(viewDataPath({ screen: 'queue', query: { page: 1, q: '' } })).toBe('/api/admin/review');
    expect(viewDataPath({ screen: 'members', query: { page: 3, q: '' } })).toBe(
      '/api/admin/members?page=3',
    );
    expect(viewDataPath({ screen: 'report', id: 4 })).toBe('/api/admin/reports/4');
    expect(viewDataPath({ screen: 'takedowns', filters: { page: 1, inForce: true, q: '' } })).toBe(
      '/api/admin/takedowns?in_force=1',
    );
    expect(viewDataPath({ screen: 'missing' })).toBeUndefined();
  });
});
