import { useEffect, useRef, useState } from 'react';

// SPEC.md §2 "Layout": the header hides while the visitor scrolls down, once past 77 px on
// medium screens (up to 1024 px) and 100 px on desktops, and comes back on scrolling up.

export const HIDE_AFTER = { md: 77, desktop: 100 } as const;

/** Whether the header should hide, given the previous and current scroll and the width. */
export function nextHidden(previousY: number, y: number, width: number, hidden: boolean): boolean {
  const threshold = width > 1024 ? HIDE_AFTER.desktop : HIDE_AFTER.md;
  if (y <= threshold) return false;
  if (y > previousY + 2) return true;
  if (y < previousY - 2) return false;
  return hidden;
}

/**
 * Whether the header is hidden now. `page` identifies the page shown (the location's key):
 * the jump the router makes to a new page's position (the top, or where Back returns to) is
 * no scrolling of the visitor's, so the header stays as it was (in view, on a page opened at
 * its top).
 */
export function useHideOnScroll(page?: string): boolean {
  const [hidden, setHidden] = useState(false);
  const previous = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    // The router has put the page in place already (use-scroll-restoration.ts, a layout
    // effect): that jump is where the visitor's scrolling starts from.
    previous.current = window.scrollY;
  }, [page]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        const before = previous.current; // the updater may run later, after it moved on
        const width = window.innerWidth;
        setHidden((now) => nextHidden(before, y, width, now));
        previous.current = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return hidden;
}
