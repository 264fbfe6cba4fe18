import type { QueryClient } from '@tanstack/react-query';
import { parseApiResponse } from '../../api/client.ts';
import type { ApiQueryKey } from '../../api/query.ts';

// After the owner changed a list, the screens that show it read it again. A cached public
// answer (a playlist, 86400 s) may also sit in the browser's HTTP cache, which a plain
// refetch would be answered from, so these reads bypass it (`cache: 'reload'`), and the
// fresh answer replaces the kept one there too (decision 0019). The server forgets its own
// copies of a changed playlist (src/server/kernel/cache/response-cache.ts forgetCachedObject).

async function readFresh(path: string): Promise<unknown> {
  const response = await fetch(path, {
    cache: 'reload',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return parseApiResponse(response.status, body);
}

/**
 * Reads every kept query whose API path matches again, past the HTTP cache, and puts the
 * answers in place; a query whose object is gone (a deleted playlist) is dropped.
 */
export async function reloadQueries(
  queryClient: QueryClient,
  match: (path: string) => boolean,
): Promise<void> {
  const queries = queryClient.getQueryCache().findAll({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' && typeof queryKey[1] === 'string' && match(queryKey[1]),
  });
  await Promise.all(
    queries.map(async (query) => {
      const key = query.queryKey as unknown as ApiQueryKey;
      // A read under way (a refetch after an invalidation) may come from the HTTP cache.
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      try {
        queryClient.setQueryData(key, await readFresh(key[1]));
      } catch {
        queryClient.removeQueries({ queryKey: key, exact: true });
      }
    }),
  );
}

/** Marks the kept queries whose API path matches stale; the shown ones are read again. */
export function invalidatePaths(
  queryClient: QueryClient,
  match: (path: string) => boolean,
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' && typeof queryKey[1] === 'string' && match(queryKey[1]),
  });
}

/** The playlist lists (a member's playlists tab, the add-to dialog, the public lists). */
export const playlistLists = (path: string) => path.startsWith('/api/json/playlists/');

/**
 * Forgets the kept queries whose API path matches and that no screen shows, so the next
 * screen to show one reads it (its loader) rather than showing the old answer first.
 */
export function dropUnshown(queryClient: QueryClient, match: (path: string) => boolean): void {
  queryClient.removeQueries({
    type: 'inactive',
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' && typeof queryKey[1] === 'string' && match(queryKey[1]),
  });
}
