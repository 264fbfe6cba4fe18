import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';

// Third-party analytics and ad-spot events (SPEC.md §1; decision 0035): off unless the
// operator configured them, and then a chunk of their own, loaded once the page runs. Each
// page view, the first and every move within the app, is reported.

let client: Promise<typeof import('./analytics.client.ts')> | undefined;

export function Analytics() {
  const { analytics } = useGlobals();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!analytics) return;
    client ??= import('./analytics.client.ts');
    void client.then((loaded) => loaded.pageView(analytics, pathname + search));
  }, [analytics, pathname, search]);
  return null;
}
