import { describe, expect, it } from 'vitest';
import { createCategoryCatalogue, pageCategories } from './category-catalogue.ts';
import type { CatalogueCategory } from './video-section.repository.ts';

const category = (id: number, title: string, extra: Partial<CatalogueCategory> = {}) => ({
  id,
  dir: title.toLowerCase(),
  title,
  title_i18n: {},
  description: `${title} videos`,
  videos_str: id * 10,
  videos_she: id,
  videos_gay: 0,
  ...extra,
});

describe('the category catalogue', () => {
  it('loads once for requests arriving together and keeps the rows for its lifetime', async () => {
    let loads = 0;
    let clock = 0;
    const catalogue = createCategoryCatalogue(
      async () => {
        loads++;
        return [category(1, 'Beach')];
      },
      { ttlMs: 1000, now: () => clock },
    );
    const [a, b] = await Promise.all([catalogue.byId(), catalogue.byId()]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    clock = 999;
    await catalogue.byId();
    expect(loads).toBe(1);
    clock = 1001;
    expect((await catalogue.byId()).get(1)?.title).toBe('Beach');
    expect(loads).toBe(2);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    let fail = true;
    const catalogue = createCategoryCatalogue(async () => {
      if (fail) throw new Error('database busy');
      return [category(2, 'Night')];
    });
    await expect(catalogue.byId()).rejects.toThrow('database busy');
    fail = false;
    expect((await catalogue.byId()).size).toBe(1);
  });
});

describe('the categories of a page', () => {
  const catalogue = new Map(
    [
      category(1, 'Beach', { title_i18n: { de: 'Strand' } }),
      category(2, 'Night'),
      category(3, 'Amateur'),
    ].map((c) => [c.id, c]),
  );

  it('puts those most videos carry first, then orders by title', () => {
    const rows = [{ category_ids: [1, 2] }, { category_ids: [2] }, { category_ids: [3, 1] }];
    expect(pageCategories(rows, catalogue, 'str', 'en').map((c) => c.title)).toEqual([
      'Beach',
      'Night',
      'Amateur',
    ]);
    // One video each: by title.
    const tie = [{ category_ids: [2, 1] }, { category_ids: [3] }];
    expect(pageCategories(tie, catalogue, 'str', 'en').map((c) => c.title)).toEqual([
      'Amateur',
      'Beach',
      'Night',
    ]);
  });

  it('answers the list shape in the section and language asked for', () => {
    const [first] = pageCategories([{ category_ids: [1] }], catalogue, 'she', 'de');
    expect(first).toEqual({
      category_id: '1',
      dir: 'beach',
      title: 'Strand',
      total_videos: '1',
      description: 'Beach videos',
    });
  });

  it('keeps to the limit and skips ids the catalogue does not know yet', () => {
    const rows = [{ category_ids: [1, 2, 3, 99] }, { category_ids: null }];
    expect(pageCategories(rows, catalogue, 'str', 'en', 2)).toHaveLength(2);
    expect(pageCategories(rows, catalogue, 'str', 'en').map((c) => c.dir)).not.toContain('99');
  });
});
