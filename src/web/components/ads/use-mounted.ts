import { type RefObject, useEffect, useState } from 'react';

// When an ad may fill its slot: never while the server's HTML is being hydrated (the fill
// would have to match the server's empty slot, and an update that early restarts the
// hydration of the page's screen, which then drops a click), and for a slot, only once it
// is near the viewport (a footer ad below the fold costs nothing until scrolled to).

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/** True once the browser is idle after hydration. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  return mounted;
}

/** True once the element has come near the viewport and the browser is idle. */
export function useNearViewport(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let cancel = () => {};
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        cancel = whenIdle(() => setNear(true));
      },
      { rootMargin: '300px' },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [element]);
  return near;
}
