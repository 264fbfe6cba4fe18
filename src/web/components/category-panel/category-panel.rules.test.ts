import { describe, expect, it } from 'vitest';
import {
  foldText,
  panelCategories,
  SMALL_CATALOGUE_SHOWN,
  toggleDir,
} from './category-panel.rules.ts';

const category = (title: string, total: number) => ({
  dir: title.toLowerCase().replace(/\W+/g, '-'),
  title,
  total_videos: String(total),
});

const big = [
  category('Amateur', 5400),
  category('Romantic', 2100),
  category('Crème Brûlée', 1000),
  category('Couples', 999),
  category('Nurse', 12),
];

describe('the categories panel list', () => {
  it('lists categories of 1000 videos or more when nothing is searched (SPEC.md §9)', () => {
    const list = panelCategories(big, [], '');
    expect(list.mode).toBe('large');
    expect(list.others.map((c) => c.title)).toEqual(['Amateur', 'Romantic', 'Crème Brûlée']);
  });

  it('shows every match when searched, small ones too, ignoring case and accents', () => {
    expect(panelCategories(big, [], 'NURS').others.map((c) => c.title)).toEqual(['Nurse']);
    expect(panelCategories(big, [], 'creme').others.map((c) => c.title)).toEqual(['Crème Brûlée']);
    const none = panelCategories(big, [], 'zzz');
    expect(none).toMatchObject({ mode: 'search', others: [] });
  });

  it('keeps the chosen ones first and in view whatever the search holds', () => {
    const nurse = category('Nurse', 0);
    const list = panelCategories(big, [category('Couples', 0), nurse], 'amat');
    // From the full list when it is there (its counts), in the order of the address.
    expect(list.chosen.map((c) => [c.title, c.total_videos])).toEqual([
      ['Couples', '999'],
      ['Nurse', '12'],
    ]);
    expect(list.others.map((c) => c.title)).toEqual(['Amateur']);
    // Before the full list has arrived, the chosen ones are still there.
    expect(panelCategories([], [nurse], '').chosen).toEqual([nurse]);
    // Not listed twice.
    expect(panelCategories(big, [big[0] ?? nurse], '').others.map((c) => c.title)).toEqual([
      'Romantic',
      'Crème Brûlée',
    ]);
  });

  it('shows the largest categories of a catalogue where none reaches 1000', () => {
    const small = Array.from({ length: 20 }, (_, i) => category(`Small ${i}`, 100 - i));
    const list = panelCategories(small, [small[0] ?? category('x', 0)], '');
    expect(list.mode).toBe('largest');
    expect(list.others).toHaveLength(SMALL_CATALOGUE_SHOWN);
    expect(list.others[0]?.title).toBe('Small 1');
  });
});

describe('ticking a category', () => {
  it('adds at the end, removes where it is, and never holds more than the maximum', () => {
    expect(toggleDir(['a'], 'b', 3)).toEqual(['a', 'b']);
    expect(toggleDir(['a', 'b', 'c'], 'b', 3)).toEqual(['a', 'c']);
    expect(toggleDir(['a', 'b', 'c'], 'd', 3)).toEqual(['a', 'b', 'c']);
  });

  it('folds text for matching', () => {
    expect(foldText('  Crème BRÛLÉE ')).toBe('creme brulee');
  });
});
