import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

// Where each page opens, as the browser does for ordinary links (issue 14): a new page at its
// top, or at its #anchor; Back and Forward where the visitor left it. The router renders the
// next page in place, so the browser's own restoration (on popstate, before that page is
// there) cannot do it. React Router's <ScrollRestoration> does the same with ~1 KB more of
// first-paint JavaScript than this (decision 0028).

/**
 * Scroll positions of this tab's pages, by history entry: the router records the one a
 * navigation leaves, just before it goes (router.enableScrollRestoration, entry-client.tsx).
 */
export const scrollPositions: Record<string, number> = {};

/** Puts the page shown where it belongs. */
export function useScrollRestoration(): void {
  const location = useLocation();
  const shown = useRef(location.key);

  useEffect(() => {
    // Leaving the site or reloading: the browser keeps and restores this entry's position.
    const auto = () => {
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', auto);
    return () => window.removeEventListener('pagehide', auto);
  }, []);

  // Before paint: the new page never shows at the old one's position.
  useLayoutEffect(() => {
    // This entry is placed here, not by the browser on popstate (before the page is there).
    window.history.scrollRestoration = 'manual';
    // The first page (hydration): the browser has placed it.
    if (shown.current === location.key) return;
    shown.current = location.key;
    // Only a return (Back, Forward) finds its entry here: a new one has a key of its own.
    const saved = scrollPositions[location.key];
    // The site's ids are plain words: the #fragment is one as it stands ('' names none).
    const anchor = document.getElementById(location.hash.slice(1));
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash]);
}
