import { describe, expect, it } from 'vitest';
import {
  isQuery,
  moveActive,
  recentGroups,
  searchHref,
  suggestionGroups,
} from './search-options.ts';

describe('search options', () => {
  it('offers models and channels with their pages, not only searches and categories', () => {
    const groups = suggestionGroups({
      keywords: [{ keyword: 'ivy beach', searches: '4' }],
      categories: [{ dir: 'ivy-league', title: 'Ivy League', total_videos: '3' }],
      models: [{ dir: 'ivy-hart-2', title: 'Ivy Hart', total_videos: '13' }],
      channels: [{ dir: 'ivy-films', title: 'Ivy Films', total_videos: '1200' }],
    });
    expect(groups.map((g) => g.kind)).toEqual(['keyword', 'category', 'model', 'channel']);
    const [keyword, category, model, channel] = groups.map((g) => g.options[0]);
    expect(keyword).toMatchObject({ label: 'ivy beach', href: searchHref('ivy beach') });
    expect(category).toMatchObject({ href: '/categories/ivy-league/latest-updates/1/', count: 3 });
    expect(model).toMatchObject({ label: 'Ivy Hart', href: '/model/ivy-hart-2/', count: 13 });
    expect(channel).toMatchObject({ href: '/channel/ivy-films/', count: 1200 });
    expect([keyword, model].map((o) => o && isQuery(o))).toEqual([true, false]);
  });

  it('leaves empty groups out and keeps option keys unique', () => {
    const groups = suggestionGroups({
      keywords: [],
      categories: [],
      models: [
        { dir: 'a', title: 'A', total_videos: '1' },
        { dir: 'b', title: 'B', total_videos: '2' },
      ],
      channels: [],
    });
    expect(groups.map((g) => g.kind)).toEqual(['model']);
    const keys = groups.flatMap((g) => g.options.map((o) => o.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('offers recent searches as searches', () => {
    const [group] = recentGroups(['summer beach', 'night']);
    expect(group?.kind).toBe('recent');
    expect(group?.options.map((o) => o.href)).toEqual([
      '/search/1/?s=summer%20beach',
      '/search/1/?s=night',
    ]);
    expect(recentGroups([])).toEqual([]);
  });
});

describe('moving the highlight', () => {
  it('goes through the options and back to the typed text at either end', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(1, 1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(-1);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(-1);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});
