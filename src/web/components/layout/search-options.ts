import type { SuggestResponse } from '../../../contracts/discovery.schema.ts';

// What the header search offers (SPEC.md §4 "Search", §3 "Search suggestion response"):
// recent searches for a short text; searches people ran, categories, models and channels
// once a text is long enough. Each group has a label; choosing an option either searches
// for its text (recent searches and keywords) or opens its page (the named objects).

export type OptionKind = 'recent' | 'keyword' | 'category' | 'model' | 'channel';

export interface SearchOption {
  /** Stable within one list, for aria-activedescendant. */
  key: string;
  kind: OptionKind;
  label: string;
  /** Videos of a category, model or channel. */
  count?: number;
  href: string;
}

export interface OptionGroup {
  kind: OptionKind;
  options: SearchOption[];
}

export function searchHref(query: string): string {
  return `/search/1/?s=${encodeURIComponent(query)}`;
}

/** Options that search for their text; the others open their own page. */
export const isQuery = (option: SearchOption) =>
  option.kind === 'recent' || option.kind === 'keyword';

const PAGES: Record<'category' | 'model' | 'channel', (dir: string) => string> = {
  category: (dir) => `/categories/${dir}/latest-updates/1/`,
  model: (dir) => `/model/${dir}/`,
  channel: (dir) => `/channel/${dir}/`,
};

/** The groups for a list of recent searches (a text of up to two characters). */
export function recentGroups(recent: readonly string[]): OptionGroup[] {
  const options = recent.map((query, i) => ({
    key: `recent-${i}`,
    kind: 'recent' as const,
    label: query,
    href: searchHref(query),
  }));
  return options.length > 0 ? [{ kind: 'recent', options }] : [];
}

/** The groups of a suggestion answer, empty groups left out. */
export function suggestionGroups(data: SuggestResponse, perGroup = 6): OptionGroup[] {
  const named = (kind: 'category' | 'model' | 'channel', list: SuggestResponse['models']) => ({
    kind,
    options: list.slice(0, perGroup).map((item, i) => ({
      key: `${kind}-${i}`,
      kind,
      label: item.title,
      count: Number(item.total_videos),
      href: PAGES[kind](item.dir),
    })),
  });
  const groups: OptionGroup[] = [
    {
      kind: 'keyword',
      options: data.keywords.slice(0, perGroup).map((k, i) => ({
        key: `keyword-${i}`,
        kind: 'keyword' as const,
        label: k.keyword,
        href: searchHref(k.keyword),
      })),
    },
    named('category', data.categories),
    named('model', data.models),
    named('channel', data.channels),
  ];
  return groups.filter((group) => group.options.length > 0);
}

/**
 * The next highlighted index after an arrow key, over `count` options. -1 is the text the
 * visitor typed: moving past either end returns to it, as the big search boxes do, so the
 * box never shows one thing while another is highlighted.
 */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = active + step;
  if (next >= count) return -1;
  if (next < -1) return count - 1;
  return next;
}
