import type Hls from 'hls.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { QualityOption } from './quality.ts';

export interface Stream {
  /** True once the media element has a source, so play() can start it. */
  attached: boolean;
  failed: boolean;
  /** Renditions for the quality menu; empty with native HLS, which picks its own. */
  options: QualityOption[];
  /** The chosen level: -1 for automatic. */
  level: number;
  /** The level playing now (what "Auto" shows), -1 before the first switch. */
  playingLevel: number;
  setLevel(level: number): void;
  /** The media element's own `error` event. */
  mediaError(): void;
  /**
   * Attaches the stream (the player's first play). Where the browser plays HLS itself and
   * has no Media Source Extensions it attaches at once, inside the tap that asked for it.
   */
  start(): void;
}

let hlsModule: Promise<typeof import('./hls-attach.ts')> | undefined;

/**
 * hls.js (about 145 KB compressed) with the player's use of it, fetched once: when the
 * visitor points at or focuses the player (so a click finds it there) and at the latest when
 * they ask it to play.
 */
export function loadHls(): Promise<typeof import('./hls-attach.ts')> {
  if (!hlsModule) {
    hlsModule = import('./hls-attach.ts');
    // A failed load (offline, a deploy replaced the chunk) may be tried again.
    hlsModule.catch(() => {
      hlsModule = undefined;
    });
  }
  return hlsModule;
}

/** Safari on older iPhones: HLS in the <video> itself, no MSE for hls.js to feed. */
function playsHlsNatively(media: HTMLVideoElement): boolean {
  const mse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !mse && media.canPlayType('application/vnd.apple.mpegurl') !== '';
}

/**
 * Plays an HLS master playlist in a <video>: hls.js where Media Source Extensions exist,
 * otherwise the browser's own HLS (Safari on older iPhones). Nothing is fetched until
 * `start()` (or `autoStart`): hls.js and the stream stay out of the page's first load
 * (issue 18, decision 0061).
 */
export function useStream(
  video: RefObject<HTMLVideoElement | null>,
  src: string,
  autoStart = false,
): Stream {
  // The source asked for: a new `src` waits for its own start.
  const [wanted, setWanted] = useState<string | null>(autoStart ? src : null);
  const [attached, setAttached] = useState(false);
  const [failed, setFailed] = useState(false);
  const [options, setOptions] = useState<QualityOption[]>([]);
  const [level, setLevelState] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const hls = useRef<Hls | null>(null);
  const recovered = useRef(false);

  const wantedNow = autoStart ? src : wanted;

  useEffect(() => {
    const media = video.current;
    if (!media || !src) return;
    let cancelled = false;
    let player: Hls | null = null;
    let native = false;
    setAttached(false);
    setFailed(false);
    setOptions([]);
    setLevelState(-1);
    setPlayingLevel(-1);
    recovered.current = false;
    if (wantedNow !== src) return;
    if (media.getAttribute('src') === src) {
      // Attached natively by start(), inside the tap.
      native = true;
      setAttached(true);
      return () => {
        media.removeAttribute('src');
        media.load();
      };
    }

    loadHls().then(
      ({ attachHls }) => {
        if (cancelled) return;
        const instance = attachHls(media, src, recovered, {
          onOptions: setOptions,
          onLevel: setPlayingLevel,
          onFailed: () => {
            hls.current = null;
            setFailed(true);
          },
        });
        if (!instance) {
          if (media.canPlayType('application/vnd.apple.mpegurl')) {
            native = true;
            media.src = src;
            setAttached(true);
          } else {
            setFailed(true);
          }
          return;
        }
        player = instance;
        hls.current = instance;
        setAttached(true);
      },
      () => {
        // The chunk did not load (offline, a deploy replaced it): the player cannot start.
        if (!cancelled) setFailed(true);
      },
    );

    return () => {
      cancelled = true;
      player?.destroy();
      if (hls.current === player) hls.current = null;
      if (native) {
        media.removeAttribute('src');
        media.load();
      }
    };
  }, [video, src, wantedNow]);

  const start = useCallback(() => {
    const media = video.current;
    if (!media || !src) return;
    if (playsHlsNatively(media) && media.getAttribute('src') !== src) media.src = src;
    setWanted(src);
  }, [video, src]);

  const setLevel = useCallback((next: number) => {
    setLevelState(next);
    if (hls.current) hls.current.currentLevel = next;
  }, []);

  const mediaError = useCallback(() => {
    const instance = hls.current;
    if (!video.current?.error) return;
    if (instance && !recovered.current) {
      recovered.current = true;
      instance.recoverMediaError();
      return;
    }
    instance?.destroy();
    hls.current = null;
    setFailed(true);
  }, [video]);

  return { attached, failed, options, level, playingLevel, setLevel, mediaError, start };
}
