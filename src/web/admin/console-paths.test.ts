import { describe, expect, it } from 'vitest';
import {
  auditPath,
  isReviewPath,
  membersPath,
  pageHref,
  parsePage,
  readAuditFilters,
  readListQuery,
  reviewQueuePath,
} from './console-paths.ts';

describe('console paths', () => {
  it('reads the page and the search from a URL', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '2.5', 'x', '01', '9999999']) {
      expect(parsePage(bad)).toBe(1);
    }
    expect(readListQuery(new URLSearchParams('page=2&q=%20cat%20'))).toEqual({ page: 2, q: 'cat' });
  });

  it('asks the API with one key per list page, defaults left out', () => {
    expect(reviewQueuePath({ page: 1, q: '' })).toBe('/api/admin/review');
    expect(reviewQueuePath({ page: 2, q: 'a b' })).toBe('/api/admin/review?page=2&q=a+b');
    expect(membersPath({ page: 1, q: 'eve' })).toBe('/api/admin/members?q=eve');
  });

  it('keeps only known audit filters', () => {
    const filters = readAuditFilters(
      new URLSearchParams('actor=mod&action=video.reject&object_type=video&object_id=12&page=4'),
    );
    expect(filters).toEqual({
      page: 4,
      actor: 'mod',
      action: 'video.reject',
      object_type: 'video',
      object_id: '12',
    });
    expect(auditPath(filters)).toBe(
      '/api/admin/audit?page=4&actor=mod&action=video.reject&object_type=video&object_id=12',
    );
    const junk = readAuditFilters(new URLSearchParams('action=drop&object_type=x&object_id=1e3'));
    expect(auditPath(junk)).toBe('/api/admin/audit');
  });

  it('links another page with the other parameters kept', () => {
    const search = new URLSearchParams('q=x&page=3');
    expect(pageHref('/admin/members/', search, 4)).toBe('/admin/members/?q=x&page=4');
    expect(pageHref('/admin/members/', search, 1)).toBe('/admin/members/?q=x');
  });

  it('knows the review queue’s keys', () => {
    expect(isReviewPath('/api/admin/review')).toBe(true);
    expect(isReviewPath('/api/admin/review?page=2')).toBe(true);
    expect(isReviewPath('/api/admin/review/5')).toBe(true);
    expect(isReviewPath('/api/admin/reviewers')).toBe(false);
  });
});
