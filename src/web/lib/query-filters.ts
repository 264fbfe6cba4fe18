// Filters of a list screen kept in the query string (`?race=asian&age=2`): read back only
// the values the API accepts, and written in a fixed order so equal choices share one URL.

export function readFilters<K extends string>(
  search: URLSearchParams,
  keys: readonly K[],
  accepts: (key: K, value: string) => boolean,
): Partial<Record<K, string>> {
  const filters: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = search.get(key) ?? '';
    if (value && accepts(key, value)) filters[key] = value;
  }
  return filters;
}

export function filtersQuery<K extends string>(
  filters: Partial<Record<K, string>>,
  keys: readonly K[],
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
