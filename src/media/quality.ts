import { inputArgs, type MediaInput } from './input.ts';

// How close an encode is to what it was made from: SSIM (ffmpeg's `ssim` filter) of every
// frame of a rung against the source scaled to the rung's size. The benchmark's quality
// figure (issue 18: the same visual quality, faster); this ffmpeg has no libvmaf.

/** Options every ffmpeg run shares: quiet stderr (so its tail is the error), never read stdin. */
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

export interface SsimOptions {
  /** The encode: a rung's playlist (ownHlsInput) or an MP4. */
  distorted: MediaInput;
  /** What it was made from, scaled to width x height for the comparison. */
  reference: MediaInput;
  width: number;
  height: number;
  /** One line per compared frame (`n:1 Y:… U:… V:… All:… (…)`), read by parseSsimStats. */
  statsFile: string;
}

/**
 * SSIM of `distorted` against `reference`: the filter's first input is the one measured, the
 * second the reference. Both start at 0 (an fMP4 rung's first fragment may not) in one time
 * base, so the filter pairs frame n of each.
 */
export function ssimArgs(o: SsimOptions): string[] {
  for (const n of [o.width, o.height]) {
    if (!(Number.isInteger(n) && n > 0 && n % 2 === 0)) throw new RangeError(`Invalid size: ${n}`);
  }
  if (o.statsFile === '' || /[:\\'[\],;=]/.test(o.statsFile)) {
    // It goes into the filtergraph unescaped.
    throw new RangeError(`Invalid stats file: ${JSON.stringify(o.statsFile)}`);
  }
  const zero = 'settb=AVTB,setpts=PTS-STARTPTS';
  return [
    ...COMMON,
    ...inputArgs(o.distorted),
    ...inputArgs(o.reference),
    '-lavfi',
    [
      `[0:v]${zero}[distorted]`,
      `[1:v]scale=${o.width}:${o.height}:flags=bicubic,${zero}[reference]`,
      `[distorted][reference]ssim=stats_file=${o.statsFile}`,
    ].join(';'),
    ...['-an', '-f', 'null', '-'],
  ];
}

export interface SsimResult {
  /** Mean over the frames of the Y, U, V average the filter reports (`All`). */
  all: number;
  /** Mean luma SSIM. */
  y: number;
  /** The worst frame's `All`. */
  min: number;
  frames: number;
}

/** The per-frame lines of an `ssim=stats_file` summed up; throws when there are none. */
export function parseSsimStats(text: string): SsimResult {
  let all = 0;
  let y = 0;
  let min = Number.POSITIVE_INFINITY;
  let frames = 0;
  for (const line of text.split('\n')) {
    const match = /\bY:([\d.]+) .*\bAll:([\d.]+)/.exec(line);
    if (!match) continue;
    const frameAll = Number(match[2]);
    y += Number(match[1]);
    all += frameAll;
    min = Math.min(min, frameAll);
    frames += 1;
  }
  if (frames === 0) throw new Error('no SSIM figures in the stats file');
  return { all: all / frames, y: y / frames, min, frames };
}
