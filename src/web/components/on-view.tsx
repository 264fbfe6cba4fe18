import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { preloadable } from '../lib/preloadable.tsx';

// A part of a page below the fold whose code is a chunk of its own, loaded when the part
// comes near the viewport or the visitor first scrolls (issue 18: the video page's related videos and comments are not
// in its first-load JavaScript). Until then, on the server and in the browser alike, its
// placeholder shows: the part's heading without any control, so nothing on screen waits for
// code that has not come (a click on a button rendered without its code would be lost).

/**
 * How far below the viewport a part starts loading: a little ahead of a scroll, not so far
 * that a first load (a phone's screen, 823 px in Lighthouse) brings the video page's.
 */
const AHEAD = '150px 0px';

export function onView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType<P>,
) {
  const part = preloadable(load);
  function OnView(props: P) {
    const box = useRef<HTMLDivElement>(null);
    // False in the first render even when the code is here, so hydration matches the server.
    const [near, setNear] = useState(false);
    useEffect(() => {
      const element = box.current;
      if (near || !element) return;
      // Loaded for an earlier page: shown at once.
      if (part.isLoaded() || typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNear(true);
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
      // A visitor who starts scrolling is on the way: the code comes before the part is in
      // view, so its content does not arrive under the visitor's eyes and move what follows.
      const onScroll = () => setNear(true);
      window.addEventListener('scroll', onScroll, { once: true, passive: true });
      return () => {
        observer.disconnect();
        window.removeEventListener('scroll', onScroll);
      };
    }, [near]);
    const Part = part.Component;
    return (
      <div ref={box}>
        {near ? (
          <Suspense fallback={<Placeholder {...props} />}>
            <Part {...props} />
          </Suspense>
        ) : (
          <Placeholder {...props} />
        )}
      </div>
    );
  }
  return OnView;
}
