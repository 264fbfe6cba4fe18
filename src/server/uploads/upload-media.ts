import { inputArgs, type MediaInput } from '../../media/input.ts';

// ffmpeg commands of the upload inspection, as data (HOUSE-STYLE.md §7): the candidate
// preview frames a member picks from as soon as the file is in.

/**
 * Where the candidate frames are taken: evenly across the video, skipping its very start
 * and end (titles, black frames), in whole tenths of a second.
 */
export function candidateTimes(durationS: number, count: number): number[] {
  if (!(Number.isFinite(durationS) && durationS > 0)) return [];
  return Array.from(
    { length: count },
    (_, index) => Math.round(((durationS * (index + 0.5)) / count) * 10) / 10,
  );
}

/**
 * One frame near `atS` as a JPEG of the given size (cropped to fill it). Fast (the default):
 * only keyframes are decoded and the seek stops at the keyframe before `atS`
 * (`-noaccurate_seek`), so a frame of a long 4K upload costs a fraction of a second;
 * exactness does not matter for a choice. A file whose keyframes are far apart can leave
 * that empty-handed; `exact` then decodes from the keyframe up to `atS`.
 */
export function candidateFrameArgs(o: {
  input: MediaInput;
  output: string;
  atS: number;
  width: number;
  height: number;
  exact?: boolean;
}): string[] {
  const { width: w, height: h } = o;
  if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0)) {
    throw new RangeError(`Invalid frame size: ${w}x${h}`);
  }
  if (!o.output.endsWith('.jpg')) throw new RangeError(`Frames are JPEG: ${o.output}`);
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...(o.exact ? [] : ['-noaccurate_seek', '-skip_frame', 'nokey']),
    ...['-ss', String(Math.max(0, o.atS))],
    ...inputArgs(o.input),
    ...['-map', '0:v:0', '-frames:v', '1'],
    '-vf',
    `scale=${w}:${h}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w}:${h},setsar=1`,
    ...['-c:v', 'mjpeg', '-q:v', '3', '-update', '1', o.output],
  ];
}
