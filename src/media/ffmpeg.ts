import path from 'node:path';
import { z } from '../contracts/zod.ts';
import { inputArgs, type MediaInput } from './input.ts';

// ffmpeg and ffprobe commands as data: pure builders of argument arrays, unit-tested on their
// exact arguments and run by exec.ts. Written against Debian's ffmpeg 5.1. Every file read is
// a MediaInput: opened with its demuxer pinned and the `file` protocol only (input.ts).

export type MediaErrorCode = 'video_corrupted_file' | 'timeout' | 'aborted' | 'failed';

export class MediaError extends Error {
  readonly code: MediaErrorCode;

  constructor(code: MediaErrorCode, message: string) {
    super(message);
    this.name = 'MediaError';
    this.code = code;
  }
}

/** Options every ffmpeg run shares: quiet stderr (so its tail is the error), never read stdin. */
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

export function probeArgs(input: MediaInput): string[] {
  return [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...inputArgs(input),
  ];
}

export interface ProbeResult {
  durationS: number;
  /** Display size: swapped when the stream is rotated a quarter turn, as ffmpeg autorotates. */
  width: number;
  height: number;
  videoCodec: string;
  hasAudio: boolean;
  /** 0 when the container does not say. */
  frameRate: number;
  /** When the file starts (its earliest stream), in seconds; 0 when the container does not say. */
  startS: number;
  /** When the video stream starts, in seconds; the file's start when the stream does not say. */
  videoStartS: number;
}

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        r_frame_rate: z.string().optional(),
        avg_frame_rate: z.string().optional(),
        duration: z.string().optional(),
        start_time: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
        tags: z.object({ rotate: z.string().optional() }).optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
      }),
    )
    .default([]),
  format: z
    .object({ duration: z.string().optional(), start_time: z.string().optional() })
    .optional(),
});

/** Reads `ffprobe -show_format -show_streams` JSON; throws `video_corrupted_file` if unusable. */
export function parseProbe(json: unknown): ProbeResult {
  const parsed = probeSchema.safeParse(json);
  if (!parsed.success) throw corrupted('unreadable probe output');
  const { streams, format } = parsed.data;
  // Cover art in audio files and MP4s is a one-frame "video" stream: not the video.
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!video) throw corrupted('no video stream');

  const durationS = [format?.duration, video.duration]
    .map((d) => Number.parseFloat(d ?? ''))
    .find((d) => Number.isFinite(d) && d > 0);
  if (durationS === undefined) throw corrupted('no duration');

  const { width = 0, height = 0 } = video;
  if (!(width > 0 && height > 0)) throw corrupted('no frame size');

  const rotation =
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ??
    Number.parseFloat(video.tags?.rotate ?? '0');
  const quarterTurn = Math.abs(Math.round(rotation / 90)) % 2 === 1;

  const startS = seconds(format?.start_time) ?? 0;
  return {
    durationS,
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    videoCodec: video.codec_name ?? 'unknown',
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    frameRate: parseRate(video.r_frame_rate) || parseRate(video.avg_frame_rate),
    startS,
    videoStartS: seconds(video.start_time) ?? startS,
  };
}

/** ffprobe's `start_time`: seconds, possibly negative; `N/A`, missing or garbage → undefined. */
function seconds(value: string | undefined): number | undefined {
  const parsed = Number.parseFloat(value ?? '');
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** `30000/1001` → 29.97…; `0/0`, missing or garbage → 0. */
export function parseRate(rate: string | undefined): number {
  const [num, den = '1'] = (rate ?? '').split('/');
  const value = Number(num) / Number(den);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function corrupted(reason: string): MediaError {
  return new MediaError('video_corrupted_file', `Not a usable video: ${reason}`);
}

export interface Mp4Options {
  input: MediaInput;
  output: string;
  /** Scaled down to at most this height, never up. */
  maxHeight: number;
  crf: number;
  preset: string;
  audioKbps: number;
  startS?: number;
  durationS?: number;
}

/** A progressive-download MP4 rendition: H.264 High + AAC, moov atom first. */
export function mp4Args(o: Mp4Options): string[] {
  if (!(Number.isInteger(o.maxHeight) && o.maxHeight >= 2)) {
    throw new RangeError(`Invalid maxHeight: ${o.maxHeight}`);
  }
  const trimStart = o.startS !== undefined ? ['-ss', String(o.startS)] : [];
  const trimLength = o.durationS !== undefined ? ['-t', String(o.durationS)] : [];
  // -2 keeps the aspect ratio with an even width; the height is made even too since yuv420p
  // refuses odd sizes (a 1080x1351 phone video would otherwise fail).
  const scale = `scale=-2:'trunc(min(ih,${o.maxHeight})/2)*2'`;
  return [
    ...COMMON,
    ...trimStart,
    ...inputArgs(o.input),
    ...trimLength,
    // First video and (if any) first audio stream; no subtitles, data or uploader metadata.
    ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-sn', '-dn'],
    ...['-vf', scale, '-c:v', 'libx264', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...['-preset', o.preset, '-crf', String(o.crf)],
    ...['-c:a', 'aac', '-b:a', `${o.audioKbps}k`, '-ac', '2'],
    ...['-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', o.output],
  ];
}

/**
 * A progressive MP4 from already encoded H.264/AAC (an HLS rung joined into one fragmented
 * file): streams copied, not encoded again, moov atom first. Seconds instead of minutes.
 */
export function remuxArgs(input: MediaInput, output: string): string[] {
  return [
    ...COMMON,
    ...inputArgs(input),
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-map_metadata', '-1'],
    ...['-movflags', '+faststart', output],
  ];
}

export interface HoverClipOptions {
  input: MediaInput;
  output: string;
  /** Length of the source in seconds. */
  durationS: number;
  width: number;
  height: number;
  /** How many short scenes, spread over the video. */
  scenes: number;
  /** Seconds of each scene. */
  sceneS: number;
}

/** Where the scenes of a hover clip start: spread evenly, clear of the first and last 5%. */
export function hoverSceneStarts(durationS: number, scenes: number, sceneS: number): number[] {
  if (durationS <= sceneS * scenes) return [0];
  const first = durationS * 0.05;
  const span = durationS * 0.9 - sceneS;
  const step = scenes > 1 ? span / (scenes - 1) : 0;
  return Array.from({ length: scenes }, (_, i) => Math.round((first + step * i) * 100) / 100);
}

/**
 * The muted hover preview of a thumb: a few short scenes from across the video, each read
 * with a fast seek (no decoding of the whole source), scaled and cropped to the thumb's
 * size and joined into one small H.264 MP4 without audio.
 */
export function hoverClipArgs(o: HoverClipOptions): string[] {
  assertEvenSize(o.width, o.height);
  const starts = hoverSceneStarts(o.durationS, o.scenes, o.sceneS);
  const length = starts.length === 1 ? Math.min(o.durationS, o.sceneS * o.scenes) : o.sceneS;
  const inputs = starts.flatMap((start) => [
    ...['-ss', String(start), '-t', String(length)],
    ...inputArgs(o.input),
  ]);
  const fit = `scale=${o.width}:${o.height}:force_original_aspect_ratio=increase,crop=${o.width}:${o.height},setsar=1,fps=24`;
  const scaled = starts.map((_, i) => `[${i}:v:0]${fit}[v${i}]`);
  const joined = `${starts.map((_, i) => `[v${i}]`).join('')}concat=n=${starts.length}:v=1:a=0[out]`;
  return [
    ...COMMON,
    ...inputs,
    ...['-filter_complex', [...scaled, joined].join(';')],
    ...['-map', '[out]', '-an', '-map_metadata', '-1'],
    ...[
      '-c:v',
      'libx264',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-preset',
      'veryfast',
      '-crf',
      '30',
    ],
    ...['-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', o.output],
  ];
}

export interface ScreenshotOptions {
  input: MediaInput;
  /** `.jpg`/`.jpeg` or `.png`: the extension decides the format. */
  output: string;
  atS: number;
  width: number;
  height: number;
  /**
   * Seek here instead (to a keyframe at or before it) and decode up to `atS`: slower, but
   * finds the frame where a seek straight to `atS` finds none, as in a transport stream
   * whose keyframes are far apart (its seek lands after the last one).
   */
  decodeFromS?: number;
}

/** One frame at `atS`, scaled to fill width×height and center-cropped to exactly that size. */
export function screenshotArgs(o: ScreenshotOptions): string[] {
  const { width: w, height: h } = o;
  if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0)) {
    throw new RangeError(`Invalid screenshot size: ${w}x${h}`);
  }
  const filter = `scale=${w}:${h}:force_original_aspect_ratio=increase:flags=lanczos,crop=${w}:${h},setsar=1`;
  const atS = Math.max(0, o.atS);
  const from = o.decodeFromS === undefined ? atS : Math.min(atS, Math.max(0, o.decodeFromS));
  return [
    ...COMMON,
    ...['-ss', String(from), ...inputArgs(o.input)],
    // An output -ss: frames are decoded and dropped up to it.
    ...(from < atS ? ['-ss', String(Math.round((atS - from) * 1000) / 1000)] : []),
    ...['-map', '0:v:0', '-frames:v', '1', '-vf', filter],
    ...imageEncoder(o.output),
    // `-update 1`: one image to a plain file name, not an image sequence.
    ...['-update', '1', o.output],
  ];
}

function imageEncoder(output: string): string[] {
  const ext = path.extname(output).toLowerCase();
  if (ext === '.jpg' || ext === '.jpeg') return ['-c:v', 'mjpeg', '-q:v', '2'];
  if (ext === '.png') return ['-c:v', 'png'];
  throw new RangeError(`Screenshot output must be .jpg, .jpeg or .png: ${output}`);
}

export function assertEvenSize(width: number, height: number): void {
  const even = (n: number) => Number.isInteger(n) && n >= 2 && n % 2 === 0;
  if (!even(width) || !even(height))
    throw new RangeError(`yuv420p needs an even size: ${width}x${height}`);
}
