import type { QueryClient } from '@tanstack/react-query';
import type { ApiQueryKey } from '../../api/query.ts';

/**
 * After a friendship or message changes, the reads that show it: relations, requests,
 * conversations and friends lists (members' own lists are read uncached, SPEC.md §7 style).
 */
export function refreshSocial(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [scope, path] = query.queryKey as unknown as ApiQueryKey;
      return (
        scope === 'api' &&
        typeof path === 'string' &&
        (path.startsWith('/api/relation.php') ||
          path.startsWith('/api/friend_requests.php') ||
          path.startsWith('/api/messages.php') ||
          /^\/api\/json\/members\/0\/friends\//.test(path) ||
          /^\/api\/json\/member\//.test(path))
      );
    },
  });
}
