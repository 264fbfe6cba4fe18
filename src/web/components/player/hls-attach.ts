import Hls from 'hls.js';
import { type QualityOption, qualityOptions } from './quality.ts';

// hls.js on the player's <video>, with what the player needs to hear from it: a chunk of its
// own with hls.js (use-stream.ts loads it on the first play), so none of it is in the video
// page's first load (issue 18).

export interface HlsEvents {
  /** The renditions, for the quality menu. */
  onOptions(options: QualityOption[]): void;
  /** The rendition playing now. */
  onLevel(level: number): void;
  /** A fatal error the stream did not recover from: hls.js is destroyed. */
  onFailed(): void;
}

/**
 * Plays `src` in `media` with hls.js, or returns null where Media Source Extensions are
 * missing (the caller tries the browser's own HLS). A fatal media error is recovered from
 * once (`recovered` says whether that chance is spent; the <video>'s own error shares it).
 */
export function attachHls(
  media: HTMLVideoElement,
  src: string,
  recovered: { current: boolean },
  events: HlsEvents,
): Hls | null {
  if (!Hls.isSupported()) return null;
  // capLevelToPlayerSize: no 1080p rendition for a 400 px wide box; full screen lifts it.
  const instance = new Hls({ capLevelToPlayerSize: true });
  instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    events.onOptions(qualityOptions(data.levels));
  });
  instance.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
    events.onLevel(data.level);
  });
  instance.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return; // hls.js retries these itself
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered.current) {
      recovered.current = true;
      instance.recoverMediaError();
      return;
    }
    instance.destroy();
    events.onFailed();
  });
  instance.loadSource(src);
  instance.attachMedia(media);
  return instance;
}
