import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/** Closes a <details> menu whenever the page changes (SPEC.md §2: route changes close menus). */
export function useCloseOnNavigate(menu: RefObject<HTMLDetailsElement | null>): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
}
