import { CATEGORY_SIDEBAR_MIN_VIDEOS } from '../../../contracts/constants.ts';

// What the categories panel of a listing lists (SPEC.md §2 "Listing screen", §4 "Category
// checkbox", §9): the chosen categories always, first, whatever the search box holds; then,
// unsearched, the categories of CATEGORY_SIDEBAR_MIN_VIDEOS videos or more; searched, every
// category whose title matches. A section where no category reaches the threshold (a young
// or small catalogue, such as the demo) gets its largest categories instead, so the panel
// is not empty: the rule thins out long tails, it is not meant to hide a whole catalogue
// (docs/decisions/0030).

/** How many categories a section without any large one shows unsearched. */
export const SMALL_CATALOGUE_SHOWN = 12;

export interface PanelCategory {
  dir: string;
  title: string;
  total_videos: string;
}

export interface PanelList<T extends PanelCategory> {
  chosen: T[];
  others: T[];
  /** large: the rule of SPEC.md §9; largest: no category reaches it; search: matches. */
  mode: 'large' | 'largest' | 'search';
}

/** Lower case without accents, so "creme" finds "Crème". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * @param all every category of the section, most videos first (the categories call).
 * @param chosen the chosen ones, in the order of the address; those `all` lacks (not loaded
 *   yet) come from here.
 */
export function panelCategories<T extends PanelCategory>(
  all: readonly T[],
  chosen: readonly T[],
  query: string,
  min = CATEGORY_SIDEBAR_MIN_VIDEOS,
): PanelList<T> {
  const chosenDirs = new Set(chosen.map((c) => c.dir));
  const pinned = chosen.map((c) => all.find((a) => a.dir === c.dir) ?? c);
  const rest = all.filter((c) => !chosenDirs.has(c.dir));
  const needle = foldText(query);
  if (needle) {
    const others = rest.filter(
      (c) => foldText(c.title).includes(needle) || c.dir.includes(needle.replace(/\s+/g, '-')),
    );
    return { chosen: pinned, others, mode: 'search' };
  }
  if (all.some((c) => Number(c.total_videos) >= min)) {
    return {
      chosen: pinned,
      others: rest.filter((c) => Number(c.total_videos) >= min),
      mode: 'large',
    };
  }
  const largest = [...rest]
    .sort((a, b) => Number(b.total_videos) - Number(a.total_videos))
    .slice(0, SMALL_CATALOGUE_SHOWN);
  return { chosen: pinned, others: largest, mode: 'largest' };
}

/** The dirs after ticking or unticking one (SPEC.md §5: at most three). */
export function toggleDir(dirs: readonly string[], dir: string, max: number): string[] {
  if (dirs.includes(dir)) return dirs.filter((d) => d !== dir);
  return dirs.length >= max ? [...dirs] : [...dirs, dir];
}
