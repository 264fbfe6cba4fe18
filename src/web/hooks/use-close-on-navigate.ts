import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Closes a menu whenever the page changes (SPEC.md §2: route changes close menus): a
 * <details> menu through its ref, any other through its `close` function.
 */
export function useCloseOnNavigate(
  menu: RefObject<HTMLDetailsElement | null> | (() => void),
): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (typeof menu === 'function') menu();
    else if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
}
