import { type PointerEvent, useEffect, useRef, useState } from 'react';

/** A short pause before a preview starts, so sweeping the mouse over a grid plays nothing. */
export const HOVER_DELAY_MS = 250;

/**
 * Hover previews of thumbs (SPEC.md §2 "Thumbnails"): on a desktop, resting the mouse on a
 * thumb plays its clip. Touch and pen never do (a tap opens the video), nor do visitors who
 * ask for reduced motion or reduced data.
 */
export function useHoverPreview(clip: string) {
  const [playing, setPlaying] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!clip) return { playing: false, handlers: {} };
  return {
    playing,
    handlers: {
      onPointerEnter(event: PointerEvent) {
        if (event.pointerType !== 'mouse' || !previewsWanted()) return;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setPlaying(true), HOVER_DELAY_MS);
      },
      onPointerLeave() {
        clearTimeout(timer.current);
        setPlaying(false);
      },
    },
  };
}

function previewsWanted(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return !window.matchMedia('(prefers-reduced-motion: reduce)').matches && !connection?.saveData;
}
