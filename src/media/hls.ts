import path from 'node:path';
import { fingerprintFilter, fingerprintOutputArgs } from './fingerprint.ts';
import { inputArgs, type MediaInput } from './input.ts';

// HLS in fragmented MP4 (H.264 + AAC): one ffmpeg run per rung, then a master playlist written
// from the same numbers. Written against Debian's ffmpeg 5.1 (x264 0.164).

/** Options every ffmpeg run shares: quiet stderr (so its tail is the error), never read stdin. */
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/** Assumed when the source does not say its frame rate (ProbeResult.frameRate 0). */
const FALLBACK_FPS = 25;

export interface HlsRung {
  /** Output height; the width follows the source's aspect ratio (rungWidth). */
  height: number;
  videoKbps: number;
  /** VBV peak rate: what a player must sustain, so the master playlist's BANDWIDTH. */
  maxrateKbps: number;
  bufsizeKbps: number;
  audioKbps: number;
}

/** Best first. Peak 1.5× and buffer 2× the average rate, so 4 s segments stay near the peak. */
export const HLS_LADDER: readonly HlsRung[] = Object.freeze([
  { height: 1080, videoKbps: 5000, maxrateKbps: 7500, bufsizeKbps: 10000, audioKbps: 128 },
  { height: 720, videoKbps: 2800, maxrateKbps: 4200, bufsizeKbps: 5600, audioKbps: 128 },
  { height: 480, videoKbps: 1200, maxrateKbps: 1800, bufsizeKbps: 2400, audioKbps: 96 },
  { height: 240, videoKbps: 400, maxrateKbps: 600, bufsizeKbps: 800, audioKbps: 64 },
]);

/**
 * The rungs for a source, best first, never upscaled. A source between two rungs also gets a
 * rung at its own (even) height with the rates of the rung above, so a 360p upload keeps its
 * 360 lines instead of dropping to 240; unless it is within 20% of the rung below. Below 240,
 * one rung at its own height.
 */
export function ladderFor(sourceHeight: number): HlsRung[] {
  if (!(Number.isFinite(sourceHeight) && sourceHeight >= 2)) {
    throw new RangeError(`Invalid source height: ${sourceHeight}`);
  }
  // yuv420p needs an even height.
  const own = Math.floor(sourceHeight / 2) * 2;
  const rungs = HLS_LADDER.filter((r) => r.height <= sourceHeight).map((r) => ({ ...r }));
  const above = [...HLS_LADDER].reverse().find((r) => r.height > sourceHeight);
  const below = rungs[0];
  if (above && (!below || own >= below.height * 1.2)) rungs.unshift({ ...above, height: own });
  return rungs;
}

/** The width `scale=-2:H` gives: ffmpeg's av_rescale rounding (half up), kept even. */
export function rungWidth(sourceW: number, sourceH: number, height: number): number {
  for (const n of [sourceW, sourceH, height]) {
    if (!(Number.isInteger(n) && n > 0)) throw new RangeError(`Invalid size: ${n}`);
  }
  // Integers throughout, as ffmpeg does: round(height*W / (2*H)) * 2.
  return Math.floor((height * sourceW + sourceH) / (2 * sourceH)) * 2;
}

export interface HlsRungOptions {
  input: MediaInput;
  /** Receives index.m3u8, init.mp4 and seg_NNNNN.m4s. */
  outDir: string;
  rung: HlsRung;
  /** The width this rung comes out at, rungWidth(source…): decides the declared H.264 level. */
  width: number;
  hasAudio: boolean;
  /** The source's rate, kept as is; 0 (unknown) counts as 25 for GOP length and level. */
  frameRate: number;
  /** Target segment length in seconds (default 4). */
  segmentS?: number;
}

/**
 * One rung of an HLS ladder: H.264 (+ AAC stereo when the source has audio) in fMP4 segments.
 * Keyframes are forced at every multiple of the segment length, so all rungs cut at the same
 * instants and a player can switch between them at any segment boundary.
 */
export function hlsRungArgs(o: HlsRungOptions): string[] {
  return [
    ...COMMON,
    ...inputArgs(o.input),
    // First video and (if any) first audio stream; no subtitles, data or uploader metadata.
    ...['-map', '0:v:0', ...(o.hasAudio ? ['-map', '0:a:0?'] : [])],
    ...['-map_metadata', '-1', '-sn', '-dn'],
    ...['-vf', `scale=-2:${o.rung.height}`],
    ...rungOutputArgs(o),
  ];
}

/**
 * The first rung of an upload and its fingerprint from one decode of the source (issue 18,
 * decision 0060): the fingerprint (fingerprint.ts) needs every frame decoded, and so does the
 * rung, and the video cannot play before both are done. Writes the rung as hlsRungArgs does
 * and the fingerprint's raw frames into `fingerprint`; nothing of it is published here.
 */
export function firstRungArgs(o: HlsRungOptions & { fingerprint: string }): string[] {
  const filter = [
    '[0:v:0]split=2[fp][rung]',
    fingerprintFilter('[fp]', '[fpout]'),
    `[rung]scale=-2:${o.rung.height}[rungout]`,
  ].join(';');
  return [
    ...COMMON,
    ...inputArgs(o.input),
    ...['-filter_complex', filter],
    ...['-map', '[fpout]', ...fingerprintOutputArgs(o.fingerprint)],
    ...['-map', '[rungout]', ...(o.hasAudio ? ['-map', '0:a:0?'] : [])],
    ...['-map_metadata', '-1', '-sn', '-dn'],
    ...rungOutputArgs(o),
  ];
}

/**
 * A small rung encoded from a published bigger rung of the same run instead of the source
 * (decision 0063): decoding the 480p rung costs a tenth of decoding a 1080p source, and the
 * picture scaled down by half keeps the bigger rung's artefacts below what the small rung can
 * show (240p from 480p: SSIM 0.9908 against 0.9918 from a grainy 1080p source). The audio is
 * encoded from the source, as every rung's. `offsetS` (derivedOffsetS) puts the bigger rung's
 * frames at the instants the source's have, so this rung is cut, timed and synchronised
 * exactly as one encoded from the source: players switch between rungs at any segment.
 */
export function derivedRungArgs(
  o: HlsRungOptions & { from: MediaInput; offsetS: number },
): string[] {
  if (!Number.isFinite(o.offsetS)) throw new RangeError(`Invalid offset: ${o.offsetS}`);
  assertEvenHeight(o.rung.height);
  return [
    ...COMMON,
    ...['-itsoffset', o.offsetS.toFixed(6), ...inputArgs(o.from)],
    ...(o.hasAudio ? inputArgs(o.input) : []),
    ...['-map', '0:v:0', ...(o.hasAudio ? ['-map', '1:a:0?'] : [])],
    ...['-map_metadata', '-1', '-sn', '-dn'],
    // The width the source's own scale gives (rungWidth): a bigger rung's rounded width would
    // round again otherwise (854x480 → 428x240, where the source gives 426).
    ...['-vf', `scale=${o.width}:${o.rung.height}`],
    ...rungOutputArgs(o),
  ];
}

/**
 * The published rung a rung of `height` is encoded from (derivedRungArgs): the smallest at
 * least twice as tall, so its artefacts halve with its size; none (the source) otherwise.
 */
export function biggerRungFor(published: readonly number[], height: number): number | undefined {
  const tallEnough = published.filter((h) => h >= height * 2);
  return tallEnough.length > 0 ? Math.min(...tallEnough) : undefined;
}

/** When a file and its video stream start (ProbeResult's startS and videoStartS). */
export interface StreamStarts {
  startS: number;
  videoStartS: number;
}

/**
 * The `-itsoffset` for a bigger rung read as derivedRungArgs' input. ffmpeg moves each input
 * so that its earliest stream starts at 0. A rung encoded from the source has a frame at every
 * tick from the source's start (at a constant rate: a video that starts after its sound gets
 * its first picture repeated until then) and its muxer starts the video at x264's B-frame
 * delay, after the audio. Taking that gap out puts the bigger rung's first frame at 0, where
 * the source's first tick is.
 */
export function derivedOffsetS(bigger: StreamStarts): number {
  return bigger.startS - bigger.videoStartS;
}

/** A rung's output options, after its scaled picture (and the audio, if any) are mapped. */
function rungOutputArgs(o: HlsRungOptions): string[] {
  const { rung } = o;
  const segmentS = o.segmentS ?? 4;
  if (!(Number.isFinite(segmentS) && segmentS > 0)) {
    throw new RangeError(`Invalid segment length: ${segmentS}`);
  }
  assertEvenHeight(rung.height);
  const gop = String(Math.max(1, Math.round(segmentS * effectiveFps(o.frameRate))));
  const video = videoCodec(rung, o.width, o.frameRate);
  const audio = o.hasAudio
    ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000']
    : [];
  return [
    '-pix_fmt',
    'yuv420p',
    ...['-c:v', 'libx264', '-profile:v', video.profile, '-level:v', video.level],
    ...['-preset', RUNG_X264.preset, '-x264-params', RUNG_X264.params],
    ...['-b:v', `${rung.videoKbps}k`, '-maxrate', `${rung.maxrateKbps}k`],
    ...['-bufsize', `${rung.bufsizeKbps}k`],
    // GOP = one segment; no scene-cut keyframes; forced keyframes on the segment grid.
    ...['-g', gop, '-keyint_min', gop, '-sc_threshold', '0'],
    ...['-force_key_frames', `expr:gte(t,n_forced*${segmentS})`],
    ...audio,
    ...['-f', 'hls', '-hls_time', String(segmentS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
    ...['-hls_segment_filename', path.join(o.outDir, 'seg_%05d.m4s')],
    ...['-hls_flags', 'independent_segments'],
    ...['-progress', 'pipe:1', '-nostats', path.join(o.outDir, 'index.m3u8')],
  ];
}

/**
 * x264's settings for every rung (decision 0060): veryfast with its motion search cut to a
 * diamond and one subpixel refinement. On the grainy 1080p source that is a third less CPU
 * than plain veryfast at the same SSIM (1080p 0.9200 against 0.9191, 720p 0.9725 against
 * 0.9727, 480p 0.9840 against 0.9842); superfast, as fast, lost 0.007 at 1080p (it turns
 * off macroblock-tree rate control, which grain needs).
 */
export const RUNG_X264 = { preset: 'veryfast', params: 'me=dia:subme=1' } as const;

export interface MasterEntry {
  rung: HlsRung;
  width: number;
  height: number;
  /** Relative to the master playlist, e.g. `720/index.m3u8`. */
  path: string;
  hasAudio: boolean;
  /** As passed to hlsRungArgs; FRAME-RATE is written only when known (> 0). */
  frameRate: number;
}

/** The master playlist over the rungs, best first. */
export function masterPlaylist(entries: readonly MasterEntry[]): string {
  if (entries.length === 0) throw new RangeError('A master playlist needs at least one rung');
  const sorted = [...entries].sort(
    (a, b) => b.height - a.height || b.rung.maxrateKbps - a.rung.maxrateKbps,
  );
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const e of sorted) {
    if (e.height !== e.rung.height) {
      throw new RangeError(`Height ${e.height} is not the rung's ${e.rung.height}`);
    }
    if (e.path === '' || /[\r\n]/.test(e.path)) throw new RangeError(`Invalid path: ${e.path}`);
    const audioKbps = e.hasAudio ? e.rung.audioKbps : 0;
    const video = videoCodec(e.rung, e.width, e.frameRate);
    const codecs = e.hasAudio ? `${video.codecs},mp4a.40.2` : video.codecs;
    const attributes = [
      `BANDWIDTH=${(e.rung.maxrateKbps + audioKbps) * 1000}`,
      `AVERAGE-BANDWIDTH=${(e.rung.videoKbps + audioKbps) * 1000}`,
      `CODECS="${codecs}"`,
      `RESOLUTION=${e.width}x${e.height}`,
      ...(e.frameRate > 0 ? [`FRAME-RATE=${e.frameRate.toFixed(3)}`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attributes.join(',')}`, e.path);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What a rung's video is declared as: x264 profile, `-level` and the RFC 6381 codec string,
 * for a rung `width` wide at `frameRate` (0: unknown, counted as 25, as hlsRungArgs does).
 * High above 480 lines, Main at and below (older phones); the level is the lowest of H.264
 * Table A-1 that holds this size, frame rate and VBV, set explicitly because x264's own choice
 * depends on the preset (more reference frames, higher level) and CODECS must match the stream.
 */
export function videoCodec(
  rung: HlsRung,
  width: number,
  frameRate: number,
): { profile: 'high' | 'main'; level: string; codecs: string } {
  if (!(Number.isInteger(width) && width >= 2 && width % 2 === 0)) {
    throw new RangeError(`yuv420p needs an even width: ${width}`);
  }
  const high = rung.height > 480;
  const fps = effectiveFps(frameRate);
  const idc = h264Level(width, rung.height, fps, rung.maxrateKbps, rung.bufsizeKbps, high);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  // x264 sets constraint_set1 (0x40) for Main and no constraint flags for High.
  const codecs = high ? `avc1.6400${hex(idc)}` : `avc1.4d40${hex(idc)}`;
  return { profile: high ? 'high' : 'main', level: `${Math.floor(idc / 10)}.${idc % 10}`, codecs };
}

/** H.264 Table A-1: level_idc, max macroblocks/s, max frame size in macroblocks, kbit/s, kbit. */
const LEVELS: readonly (readonly [number, number, number, number, number])[] = [
  [10, 1485, 99, 64, 175],
  [11, 3000, 396, 192, 500],
  [12, 6000, 396, 384, 1000],
  [13, 11880, 396, 768, 2000],
  [20, 11880, 396, 2000, 2000],
  [21, 19800, 792, 4000, 4000],
  [22, 20250, 1620, 4000, 4000],
  [30, 40500, 1620, 10000, 10000],
  [31, 108000, 3600, 14000, 14000],
  [32, 216000, 5120, 20000, 20000],
  [40, 245760, 8192, 20000, 25000],
  [41, 245760, 8192, 50000, 62500],
  [42, 522240, 8704, 50000, 62500],
  [50, 589824, 22080, 135000, 135000],
  [51, 983040, 36864, 240000, 240000],
  [52, 2073600, 36864, 240000, 240000],
  [60, 4177920, 139264, 240000, 240000],
  [61, 8355840, 139264, 480000, 480000],
  [62, 16711680, 139264, 800000, 800000],
];

/**
 * The checks x264 makes against a level (frame size, each side, macroblock rate, VBV rate and
 * buffer; High may use 1.25× the rates). The DPB limit is left out: given a level, x264 cuts
 * its reference frames to fit.
 */
function h264Level(
  width: number,
  height: number,
  fps: number,
  maxrateKbps: number,
  bufsizeKbps: number,
  high: boolean,
): number {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const frameMbs = mbWidth * mbHeight;
  const rateFactor = high ? 1.25 : 1;
  const level = LEVELS.find(
    ([, mbps, frameSize, kbps, cpb]) =>
      frameMbs <= frameSize &&
      mbWidth * mbWidth <= 8 * frameSize &&
      mbHeight * mbHeight <= 8 * frameSize &&
      frameMbs * fps <= mbps &&
      maxrateKbps <= kbps * rateFactor &&
      bufsizeKbps <= cpb * rateFactor,
  );
  if (!level) throw new RangeError(`No H.264 level holds ${width}x${height} at ${fps} fps`);
  return level[0];
}

function effectiveFps(frameRate: number): number {
  return Number.isFinite(frameRate) && frameRate > 0 ? frameRate : FALLBACK_FPS;
}

function assertEvenHeight(height: number): void {
  if (!(Number.isInteger(height) && height >= 2 && height % 2 === 0)) {
    throw new RangeError(`yuv420p needs an even height: ${height}`);
  }
}
