// Timeline thumbnails (SPEC.md §7 "preview timeline"): a WebVTT file whose cues each name one
// tile of a sprite sheet as `sprite.jpg#xywh=x,y,w,h` (a W3C media fragment, in pixels).

export interface TimelineCue {
  start: number;
  end: number;
  /** The sprite sheet, absolute, without the fragment. */
  url: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

const TIMING = /^(\S+)\s+-->\s+(\S+)/;
const TIMESTAMP = /^(?:(\d+):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const XYWH = /#xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

/** Seconds of a WebVTT timestamp (`hh:mm:ss.ttt` or `mm:ss.ttt`); NaN when malformed. */
export function parseTimestamp(text: string): number {
  const m = TIMESTAMP.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/**
 * The sprite tiles of a timeline file, sorted by start, with each sheet's URL resolved against
 * `baseUrl` (the URL the file came from, absolute). Cues that do not name a tile are left out:
 * a bad line costs one thumbnail, never the whole timeline.
 */
export function parseTimelineVtt(text: string, baseUrl: string): TimelineCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  if (!lines[0]?.startsWith('WEBVTT')) return [];
  const cues: TimelineCue[] = [];
  for (let i = 1; i < lines.length; i++) {
    const timing = TIMING.exec(lines[i]?.trim() ?? '');
    if (!timing) continue;
    const start = parseTimestamp(timing[1] ?? '');
    const end = parseTimestamp(timing[2] ?? '');
    const payload = lines[i + 1]?.trim() ?? '';
    const tile = XYWH.exec(payload);
    if (!tile || tile.index === 0 || !(end > start)) continue;
    const [x, y, w, h] = tile.slice(1).map(Number) as [number, number, number, number];
    if (w === 0 || h === 0) continue;
    let url: URL;
    try {
      url = new URL(payload.slice(0, tile.index), baseUrl);
    } catch {
      continue;
    }
    cues.push({ start, end, url: url.href, x, y, w, h });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/**
 * The cue showing at `seconds`, or null in a gap or outside the timeline. The last cue's end
 * counts as inside, so the far right of the seek bar still shows the final tile.
 */
export function cueAt(cues: readonly TimelineCue[], seconds: number): TimelineCue | null {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cues[mid]?.start ?? Number.POSITIVE_INFINITY) <= seconds) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  const cue = cues[found];
  if (!cue) return null;
  const last = found === cues.length - 1;
  return seconds < cue.end || (last && seconds === cue.end) ? cue : null;
}
