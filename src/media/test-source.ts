import path from 'node:path';
import { assertEvenSize } from './ffmpeg.ts';

// Synthetic source videos for the demo data, the benchmark and tests: a lavfi pattern and a
// sine tone, in any container SPEC.md §5 takes that ffmpeg 5.1 can write, with the codecs
// that container is known for. Commands as data, like ffmpeg.ts.

/** Options every ffmpeg run shares: quiet stderr (so its tail is the error), never read stdin. */
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

export const TEST_PATTERNS = [
  'testsrc2',
  'mandelbrot',
  'life',
  'cellauto',
  'gradients',
  'smptehdbars',
] as const;
export type TestPattern = (typeof TEST_PATTERNS)[number];

export interface TestSourceOptions {
  output: string;
  durationS: number;
  width: number;
  height: number;
  pattern: TestPattern;
  seed: number;
  /**
   * A caption drawn near the top (the demo's shared clips say what they are). Letters,
   * digits, spaces and `.-#` only: it goes into a filtergraph unescaped.
   */
  label?: string;
  /**
   * Frames per second (default 25). The demo's long clips use fewer: a test pattern needs no
   * more, and every step of the pipeline then has fewer frames to encode.
   */
  fps?: number;
  /**
   * The time into the video drawn mid-height: a long clip shows where it is, in the
   * player, the timeline tiles and the hover clip alike.
   */
  clock?: boolean;
  /**
   * Film grain: temporal noise of this strength (1–100, ffmpeg's `noise` filter, seeded),
   * so the picture is not trivially compressible, as camera footage is not. The media
   * benchmark's source has it; a bare test pattern is mostly flat colour.
   */
  grain?: number;
}

/**
 * A synthetic source video (demo data and tests): a lavfi pattern plus a sine tone, in the
 * container the output's extension names, with codecs that container is known for.
 */
export function testSourceArgs(o: TestSourceOptions): string[] {
  assertEvenSize(o.width, o.height);
  if (!(o.durationS > 0)) throw new RangeError(`Invalid duration: ${o.durationS}`);
  const fps = o.fps ?? 25;
  if (!(Number.isInteger(fps) && fps >= 1 && fps <= 60)) {
    throw new RangeError(`Invalid frame rate: ${o.fps}`);
  }
  const seed = o.seed >>> 0;
  const hue = (seed * 47) % 360;
  const frequency = 220 + (seed % 24) * 20;
  const caption = o.label === undefined ? '' : `,${captionFilter(o.label, o.height)}`;
  const clock = o.clock ? `,${clockFilter(o.height)}` : '';
  const grain = o.grain === undefined ? '' : `,${grainFilter(o.grain, seed)}`;
  const video = `${patternSource(o.pattern, `${o.width}x${o.height}`, fps, seed)},hue=h=${hue}${grain}${caption}${clock},format=yuv420p`;
  const codecs = sourceCodecs(o.output, fps);
  return [
    ...COMMON,
    ...['-f', 'lavfi', '-i', video],
    ...[
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:sample_rate=48000:duration=${o.durationS}`,
    ],
    // Output `-t`: mandelbrot, life and cellauto have no duration option in ffmpeg 5.1.
    ...['-t', String(o.durationS), '-map', '0:v', ...(codecs.audio ? ['-map', '1:a'] : [])],
    ...codecs.video,
    ...(codecs.audio ?? []),
    ...['-shortest', ...codecs.mux, o.output],
  ];
}

// A keyframe a second, as phones and cameras write: seeks land near where they aim.
const h264 = (fps: number) => [
  ...['-c:v', 'libx264', '-preset', 'ultrafast'],
  ...['-g', String(fps), '-pix_fmt', 'yuv420p'],
];
const AAC = ['-c:a', 'aac', '-b:a', '96k'];
const MPEG2 = ['-c:v', 'mpeg2video', '-q:v', '4', '-pix_fmt', 'yuv420p'];
const MP2 = ['-c:a', 'mp2', '-b:a', '128k'];

/** Codecs and muxer options of a test source, by the output's extension. */
function sourceCodecs(
  output: string,
  fps: number,
): { video: string[]; audio?: string[]; mux: string[] } {
  const H264 = h264(fps);
  const ext = path.extname(output).slice(1).toLowerCase();
  switch (ext) {
    case 'mp4':
    case 'mov':
    case 'm4v':
    case '3gp':
    case 'f4v':
      return { video: H264, audio: AAC, mux: ['-movflags', '+faststart'] };
    case 'mkv':
    case 'ts':
    case 'm2t':
    case 'flv':
      return { video: H264, audio: AAC, mux: [] };
    case 'mts':
      // AVCHD's 192-byte packets (a timestamp before each 188-byte one).
      return { video: H264, audio: AAC, mux: ['-mpegts_m2ts_mode', '1'] };
    case 'webm':
      return {
        video: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '1M'],
        audio: ['-c:a', 'libopus', '-b:a', '96k'],
        mux: [],
      };
    case 'avi':
      return {
        video: ['-c:v', 'mpeg4', '-q:v', '4', '-pix_fmt', 'yuv420p'],
        audio: ['-c:a', 'libmp3lame', '-b:a', '96k'],
        mux: [],
      };
    case 'mpg':
    case 'mpeg':
    case 'vob':
      return { video: MPEG2, audio: MP2, mux: [] };
    case 'dat':
      // A Video CD's MPEG-1 program stream; ffmpeg has no muxer named after `.dat`.
      return { video: ['-c:v', 'mpeg1video', '-q:v', '4'], audio: MP2, mux: ['-f', 'mpeg'] };
    case 'm2v':
      // An elementary video stream: no room for sound.
      return { video: MPEG2, mux: [] };
    case 'asf':
    case 'wmv':
      return {
        video: ['-c:v', 'wmv2', '-q:v', '4', '-pix_fmt', 'yuv420p'],
        audio: ['-c:a', 'wmav2', '-b:a', '96k'],
        mux: [],
      };
    case 'rm':
      return {
        video: ['-c:v', 'rv20', '-q:v', '4', '-pix_fmt', 'yuv420p'],
        audio: ['-c:a', 'ac3', '-b:a', '96k'],
        mux: [],
      };
    default:
      throw new RangeError(`No test source codecs for ${JSON.stringify(output)}`);
  }
}

/** Noise that changes every frame (`allf=t`), the same for a seed on every run. */
function grainFilter(strength: number, seed: number): string {
  if (!(Number.isInteger(strength) && strength >= 1 && strength <= 100)) {
    throw new RangeError(`Invalid grain: ${strength}`);
  }
  return `noise=alls=${strength}:allf=t:all_seed=${seed}`;
}

/** A caption on a translucent band, sized from the frame (drawtext through fontconfig). */
function captionFilter(label: string, height: number): string {
  if (!/^[A-Za-z0-9 .#-]{1,60}$/.test(label)) throw new RangeError(`Invalid label: ${label}`);
  return [
    `drawtext=text='${label}'`,
    'fontcolor=white',
    'fontsize=h/12',
    'box=1',
    'boxcolor=black@0.5',
    `boxborderw=${Math.max(2, Math.round(height / 40))}`,
    'x=(w-text_w)/2',
    'y=h/10',
  ].join(':');
}

/**
 * The time into the video (`HH:MM:SS.mmm`) in the caption's style, mid-height: clear of the
 * player's controls.
 */
function clockFilter(height: number): string {
  return [
    // `\:` keeps the colon inside the expansion from ending the drawtext option.
    "drawtext=text='%{pts\\:hms}'",
    'fontcolor=white',
    'fontsize=h/12',
    'box=1',
    'boxcolor=black@0.5',
    `boxborderw=${Math.max(2, Math.round(height / 40))}`,
    'x=(w-text_w)/2',
    'y=(h-text_h)/2',
  ].join(':');
}

/** The lavfi source; seeded where the source has randomness, the hue rotation varies the rest. */
function patternSource(pattern: TestPattern, size: string, fps: number, seed: number): string {
  const base = `${pattern}=s=${size}:r=${fps}`;
  switch (pattern) {
    case 'testsrc2':
    case 'mandelbrot':
    case 'smptehdbars':
      return base;
    case 'life':
      return `${base}:seed=${seed}:mold=10:life_color=#ff9050:death_color=#301020`;
    case 'cellauto':
      return `${base}:seed=${seed}:rule=${[30, 90, 110, 150][seed % 4]}`;
    case 'gradients':
      return `${base}:seed=${seed}:n=4`;
  }
}
