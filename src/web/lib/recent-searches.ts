import { SEARCH } from '../../contracts/constants.ts';

// The visitor's recent searches, kept in the browser (SPEC.md §3 "Local browser data"):
// newest first, no duplicates, the last three shown.

const KEY = 'search_history';
const KEEP = 20;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function recentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === 'string').slice(0, SEARCH.recentItems)
      : [];
  } catch {
    return [];
  }
}

/** Puts a query first in the history and returns what the panel shows next. */
export function rememberSearch(query: string): string[] {
  const store = storage();
  let all: string[] = [];
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? '[]');
    if (Array.isArray(parsed)) all = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    all = [];
  }
  const next = [query, ...all.filter((q) => q !== query)].slice(0, KEEP);
  try {
    store?.setItem(KEY, JSON.stringify(next));
  } catch {
    // Full or disabled storage: the history is a convenience.
  }
  return next.slice(0, SEARCH.recentItems);
}
