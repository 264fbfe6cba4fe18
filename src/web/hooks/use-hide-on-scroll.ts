import { useEffect, useState } from 'react';

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

export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let previous = window.scrollY;
    let page = window.location.href;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        // The first move on a new address is the router's jump to the page's place (its
        // top, or where Back returns to), not the visitor scrolling: it hides nothing.
        const moved = window.location.href === page;
        page = window.location.href;
        const before = moved ? previous : y; // the updater may run later, after it moved on
        const width = window.innerWidth;
        setHidden((now) => nextHidden(before, y, width, now));
        previous = y;
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
