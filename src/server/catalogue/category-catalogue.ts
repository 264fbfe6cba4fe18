import type { Gender, Language } from '../../contracts/constants.ts';
import type { ListCategory } from '../../contracts/video.schema.ts';
import type { CatalogueCategory } from './video-section.repository.ts';

// Every category, held in memory for a few minutes, so a list's answer can name the
// categories of its videos without one more query per list (PGlite runs one query at a
// time; the listing queries are the hottest there are). The table is small (hundreds of
// rows) and changes seldom; counts a few minutes old are fine in a list answer.

export const CATALOGUE_TTL_MS = 5 * 60_000;
/** How many of a page's categories a list names. */
export const PAGE_CATEGORIES_MAX = 10;

export interface CategoryCatalogue {
  byId(): Promise<ReadonlyMap<number, CatalogueCategory>>;
}

export function createCategoryCatalogue(
  load: () => Promise<CatalogueCategory[]>,
  opts: { ttlMs?: number; now?: () => number } = {},
): CategoryCatalogue {
  const ttlMs = opts.ttlMs ?? CATALOGUE_TTL_MS;
  const now = opts.now ?? Date.now;
  let held: { map: ReadonlyMap<number, CatalogueCategory>; until: number } | undefined;
  // Requests arriving while it loads share one query.
  let loading: Promise<ReadonlyMap<number, CatalogueCategory>> | undefined;
  return {
    byId() {
      if (held && held.until > now()) return Promise.resolve(held.map);
      loading ??= load()
        .then((rows) => {
          const map = new Map(rows.map((row) => [Number(row.id), row]));
          held = { map, until: now() + ttlMs };
          return map;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}

const TOTAL: Record<Gender, 'videos_str' | 'videos_she' | 'videos_gay'> = {
  str: 'videos_str',
  she: 'videos_she',
  gay: 'videos_gay',
};

export function toListCategory(
  category: CatalogueCategory,
  gender: Gender,
  lang: Language,
): ListCategory {
  return {
    category_id: String(category.id),
    dir: category.dir,
    title: category.title_i18n[lang] || category.title,
    total_videos: String(category[TOTAL[gender]]),
    description: category.description,
  };
}

/**
 * The categories of a page of videos: those most of its videos carry first, then by title;
 * at most `limit`. Ids the catalogue does not know (a category made a moment ago) are left
 * out until it is next loaded.
 */
export function pageCategories(
  pages: { category_ids: readonly number[] | null }[],
  catalogue: ReadonlyMap<number, CatalogueCategory>,
  gender: Gender,
  lang: Language,
  limit = PAGE_CATEGORIES_MAX,
): ListCategory[] {
  const counts = new Map<number, number>();
  for (const id of pages.flatMap((row) => row.category_ids ?? [])) {
    counts.set(Number(id), (counts.get(Number(id)) ?? 0) + 1);
  }
  return [...counts]
    .flatMap(([id, count]) => {
      const category = catalogue.get(id);
      return category ? [{ item: toListCategory(category, gender, lang), count }] : [];
    })
    .sort((a, b) => b.count - a.count || a.item.title.localeCompare(b.item.title))
    .slice(0, limit)
    .map((entry) => entry.item);
}
