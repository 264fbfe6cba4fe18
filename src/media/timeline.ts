import { inputArgs, type MediaInput } from './input.ts';

// The preview timeline (SPEC §7 `{video_id}.{count}.{interval}.vtt`): one JPEG sprite sheet of
// small frames, one every `interval` seconds, and a WebVTT file mapping each stretch of the video
// to its tile (`sprite.jpg#xywh=x,y,w,h`). Written against Debian's ffmpeg 5.1.

/** Options every ffmpeg run shares: quiet stderr (so its tail is the error), never read stdin. */
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

export const TIMELINE_TILE = Object.freeze({ width: 160, height: 90 });

export interface TimelinePlan {
  /** Frames (tiles and cues). */
  count: number;
  /** Whole seconds between frames. */
  intervalS: number;
  columns: number;
  rows: number;
}

export interface TimelinePlanOptions {
  maxFrames?: number;
  minIntervalS?: number;
  columns?: number;
}

/** A frame every `max(minIntervalS, ceil(duration / maxFrames))` seconds, at most maxFrames. */
export function timelinePlan(durationS: number, opts: TimelinePlanOptions = {}): TimelinePlan {
  const { maxFrames = 100, minIntervalS = 2, columns = 10 } = opts;
  if (!(Number.isFinite(durationS) && durationS > 0)) {
    throw new RangeError(`Invalid duration: ${durationS}`);
  }
  for (const n of [maxFrames, minIntervalS, columns]) {
    if (!(Number.isInteger(n) && n > 0)) throw new RangeError(`Invalid timeline option: ${n}`);
  }
  const intervalS = Math.max(minIntervalS, Math.ceil(durationS / maxFrames));
  const count = Math.max(1, Math.min(maxFrames, Math.ceil(durationS / intervalS)));
  // No wider than the frames: a 3-frame video gets a 3-tile sheet, not a 10-tile one.
  const cols = Math.min(columns, count);
  return { count, intervalS, columns: cols, rows: Math.ceil(count / cols) };
}

export interface SpriteOptions {
  /** The source, or (cheaper to decode) the video's own smallest HLS rung. */
  input: MediaInput;
  /** A `.jpg` file. */
  output: string;
  plan: TimelinePlan;
  tileWidth?: number;
  tileHeight?: number;
  /**
   * Decode keyframes only (default): ~15× faster on a 1080p source, but where keyframes are
   * further apart than the interval, neighbouring tiles repeat the same keyframe.
   */
  keyframesOnly?: boolean;
}

/**
 * One ffmpeg run, one sprite sheet: a frame every interval, letterboxed into tiles of exactly
 * tileWidth×tileHeight, laid out columns×rows (unused tiles stay black), so the sheet is
 * always (columns·tileWidth)×(rows·tileHeight) and the cue coordinates hold.
 */
export function spriteArgs(o: SpriteOptions): string[] {
  const { plan } = o;
  const w = o.tileWidth ?? TIMELINE_TILE.width;
  const h = o.tileHeight ?? TIMELINE_TILE.height;
  assertTile(w, h);
  if (!/\.jpe?g$/i.test(o.output)) throw new RangeError(`Sprite output must be .jpg: ${o.output}`);
  const filter = [
    // eof_action=pass: without it ffmpeg 5.1's fps filter drops the last interval's frame when
    // that interval starts on the last decoded frame, as with keyframes only (21 s: 10 of 11).
    `fps=1/${plan.intervalS}:eof_action=pass`,
    `scale=${w}:${h}:force_original_aspect_ratio=decrease`,
    `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
    `tile=${plan.columns}x${plan.rows}`,
  ].join(',');
  return [
    ...COMMON,
    // Before -i: an input option, telling the decoder to skip everything but keyframes.
    ...(o.keyframesOnly === false ? [] : ['-skip_frame', 'nokey']),
    ...inputArgs(o.input),
    ...['-map', '0:v:0', '-an', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-vf', filter, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '4'],
    // `-update 1`: one image to a plain file name, not an image sequence.
    ...['-update', '1', o.output],
  ];
}

export interface TimelineVttOptions {
  plan: TimelinePlan;
  /** As the player will fetch it; each cue appends `#xywh=…`. */
  spriteUrl: string;
  tileWidth?: number;
  tileHeight?: number;
  durationS: number;
}

/** The WebVTT file: cue i covers [i·interval, (i+1)·interval), the last one ends the video. */
export function timelineVtt(o: TimelineVttOptions): string {
  const { plan, durationS } = o;
  const w = o.tileWidth ?? TIMELINE_TILE.width;
  const h = o.tileHeight ?? TIMELINE_TILE.height;
  assertTile(w, h);
  if (!(Number.isFinite(durationS) && durationS > 0)) {
    throw new RangeError(`Invalid duration: ${durationS}`);
  }
  // A line break or `-->` in the text would start a new cue or timing line.
  if (o.spriteUrl === '' || /[\r\n]|-->/.test(o.spriteUrl)) {
    throw new RangeError(`Invalid sprite URL: ${o.spriteUrl}`);
  }
  const cues = Array.from({ length: plan.count }, (_, i) => {
    const start = Math.min(i * plan.intervalS, durationS);
    const end = i === plan.count - 1 ? durationS : Math.min((i + 1) * plan.intervalS, durationS);
    const x = (i % plan.columns) * w;
    const y = Math.floor(i / plan.columns) * h;
    return `${vttTime(start)} --> ${vttTime(end)}\n${o.spriteUrl}#xywh=${x},${y},${w},${h}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}

/** SPEC §7: `{video_id}.{count}.{interval}.vtt`. */
export function timelineFileName(videoId: number, plan: TimelinePlan): string {
  if (!(Number.isSafeInteger(videoId) && videoId > 0)) {
    throw new RangeError(`Invalid video id: ${videoId}`);
  }
  return `${videoId}.${plan.count}.${plan.intervalS}.vtt`;
}

/** `HH:MM:SS.mmm`; hours grow past two digits rather than wrap. */
function vttTime(seconds: number): string {
  // Round once, to whole milliseconds, so 59.9996 s becomes 00:01:00.000, not 00:00:60.000.
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const secs = Math.floor(ms / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(secs, 2)}.${pad(ms % 1000, 3)}`;
}

/** Even, as yuv420p needs: ffmpeg 5.1 fails on an odd tile (the scaled frame outgrows its pad). */
function assertTile(width: number, height: number): void {
  const even = (n: number) => Number.isInteger(n) && n >= 2 && n % 2 === 0;
  if (!even(width) || !even(height)) throw new RangeError(`Invalid tile size: ${width}x${height}`);
}
