import { useCallback, useRef, useState } from 'react';
import { parseTimelineVtt, type TimelineCue } from './vtt.ts';

/**
 * The timeline thumbnails of a video, fetched the first time they are wanted (the visitor
 * points at or focuses the seek bar), not with the page: most visits never ask for them.
 */
export function useTimeline(url: string | undefined) {
  const [loaded, setLoaded] = useState<{ url: string; cues: TimelineCue[] } | null>(null);
  const requested = useRef<string | null>(null);

  const load = useCallback(() => {
    if (!url || requested.current === url) return;
    requested.current = url;
    fetch(url)
      .then(async (response) => {
        if (!response.ok) throw new Error(`timeline ${response.status}`);
        const base = response.url || new URL(url, document.baseURI).href;
        return parseTimelineVtt(await response.text(), base);
      })
      .then(
        (cues) => {
          if (requested.current === url) setLoaded({ url, cues });
        },
        () => {
          // No thumbnails this time; the next hover tries again.
          if (requested.current === url) requested.current = null;
        },
      );
  }, [url]);

  return { cues: loaded && loaded.url === url ? loaded.cues : [], load };
}
