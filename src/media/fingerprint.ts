import { inputArgs, type MediaInput } from './input.ts';

// Perceptual fingerprints of videos (issue 17, docs/decisions/0056): ffmpeg decodes the
// video at 4 pictures a second and hands over one frame a second, the average of the last
// two seconds (so a copy trimmed by a fraction of a second still samples nearly the same
// pictures), as small grey images of the picture's centre through three windows (WINDOWS:
// the stored 80%, and the same picture as a crop by 10% either way shows it; a logo in a
// corner or letterboxing lies outside). A 64-bit difference hash of each image is a frame of
// the fingerprint: re-encoding and rescaling change a few bits at most. Two fingerprints are
// compared as sequences: the best offset between them (every one for short videos, those
// their largest changes suggest for long ones), and how many informative frames then lie
// within FRAME_DISTANCE. The index holds the band keys of the frames after a video's largest
// changes (keyFrames); an upload is looked up by the band keys of its probe frames.
// Commands as data, like ffmpeg.ts; the pure parts are tested without ffmpeg.

/** The grey image ffmpeg hands over per sampled frame: GRID x GRID bytes. */
export const GRID = 32;
/** The part of the picture hashed, centred (width and height). */
export const CENTRE = 0.8;
/**
 * The windows every frame is hashed through: the stored one (CENTRE), and for the lookup
 * of an upload the same picture as a copy cropped by 10% shows it (wider: its centre 89% is
 * the original's 80%) and as the original of a cropped copy does (narrower, 72%). A crop
 * changes the scale of the picture, which a 9x8 hash does not survive by itself.
 */
export const WINDOWS = [CENTRE, CENTRE / 0.9, CENTRE * 0.9] as const;
/** Longest stretch fingerprinted (frames at 1 fps): 20 minutes bound the row and the decode. */
export const MAX_FRAMES = 1200;

/** Two frames within this Hamming distance are the same picture. */
export const FRAME_DISTANCE = 10;
/** Share of the compared frames that must agree for a match, and for a near match. */
export const MATCH_SIMILARITY = 0.6;
export const NEAR_SIMILARITY = 0.35;
/** Fewest frames that must agree whatever the shares (a short clip proves little). */
export const MIN_AGREEING = 4;
/**
 * Fewest agreeing frames unlike each other: a video that is one still picture (or a slow
 * gradient) agrees with any other much like it, and says too little to be called a copy.
 */
export const MIN_DISTINCT = 3;

/**
 * Frames of a video indexed for the lookup: the pictures right after its largest changes
 * (scene cuts, or in a video without cuts its fastest moments), so that which frames are
 * indexed depends on the pictures alone, not on where the video starts. One per
 * KEY_FRAME_SECONDS of video, KEY_FRAMES at least and KEY_FRAMES_MAX at most (keyFrameCount):
 * a long video without cuts has no change that stands out, and a copy's lookup finds its
 * key frames only by having more of them to find.
 */
export const KEY_FRAMES = 8;
export const KEY_FRAMES_MAX = 24;
export const KEY_FRAME_SECONDS = 30;

/** How many key frames a video of `frames` (seconds) has in the index. */
export function keyFrameCount(frames: number): number {
  return Math.min(KEY_FRAMES_MAX, Math.max(KEY_FRAMES, Math.ceil(frames / KEY_FRAME_SECONDS)));
}
/**
 * Changes of an upload whose pictures it is looked up by: more than KEY_FRAMES, so the
 * stored video's largest changes are among the upload's even when a re-encode, a crop or a
 * trim reorders the ones of about the same size.
 */
export const PROBED_CHANGES = 48;
/** An upload with at most this many informative frames per window is looked up by all. */
export const PROBE_ALL = 120;
export const BANDS = 3;
const BAND_BITS = [21, 21, 22] as const;

/**
 * The filter graph of the fingerprint: from the video at `input` (a link label such as
 * `[0:v:0]`, or '' for ffmpeg's first video), at 1 fps, the WINDOWS of each frame as
 * GRID x GRID grey images side by side (one frame of GRID*3 x GRID), out at `output`.
 */
export function fingerprintFilter(input = '', output = ''): string {
  const windows = WINDOWS.map(
    (w, i) =>
      `[w${i}]crop=trunc(iw*${w.toFixed(4)}/2)*2:trunc(ih*${w.toFixed(4)}/2)*2,` +
      `scale=${GRID}:${GRID}:flags=area[s${i}]`,
  );
  return [
    // Four pictures a second, each second's the average of the last eight: robust to where
    // the seconds fall.
    `${input}fps=4,format=gray,split=${WINDOWS.length}${WINDOWS.map((_, i) => `[w${i}]`).join('')}`,
    ...windows,
    `${WINDOWS.map((_, i) => `[s${i}]`).join('')}hstack=inputs=${WINDOWS.length},tmix=frames=8,fps=1${output}`,
  ].join(';');
}

/** The output options of the fingerprint's raw frames (at most MAX_FRAMES of them). */
export function fingerprintOutputArgs(output: string): string[] {
  return [
    '-an',
    '-sn',
    '-dn',
    '-t',
    String(MAX_FRAMES),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    output,
  ];
}

/**
 * ffmpeg's arguments: the fingerprint's frames (fingerprintFilter) into `output`. `threads`:
 * 1 (the default) keeps a background backfill to one core; 0 lets ffmpeg use them all. The
 * frames, and so the hashes, are the same either way. An upload's are taken by the same
 * decode as its first rung instead (hls.ts `firstRungArgs`).
 */
export function fingerprintArgs(o: {
  input: MediaInput;
  output: string;
  threads?: number;
}): string[] {
  const threads = o.threads ?? 1;
  if (!(Number.isInteger(threads) && threads >= 0 && threads <= 16)) {
    throw new RangeError(`Invalid thread count: ${o.threads}`);
  }
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-threads', String(threads)],
    ...inputArgs(o.input),
    ...['-filter_complex', fingerprintFilter()],
    ...fingerprintOutputArgs(o.output),
  ];
}

/** Mean of the GRID-sized `plane` over the cell [x0,x1) x [y0,y1) (fractional edges). */
function cellMean(plane: Uint8Array, x0: number, x1: number, y0: number, y1: number): number {
  let sum = 0;
  let weight = 0;
  for (let y = Math.floor(y0); y < Math.ceil(y1); y++) {
    const wy = Math.min(y + 1, y1) - Math.max(y, y0);
    for (let x = Math.floor(x0); x < Math.ceil(x1); x++) {
      const w = wy * (Math.min(x + 1, x1) - Math.max(x, x0));
      sum += w * (plane[y * GRID + x] ?? 0);
      weight += w;
    }
  }
  return weight > 0 ? sum / weight : 0;
}

/**
 * The difference hash of one grey frame: shrunk to 9x8, each bit says whether a cell is
 * brighter than its right neighbour (row by row, the top row in the highest bits).
 */
export function frameHash(plane: Uint8Array): bigint {
  const cw = GRID / 9;
  const ch = GRID / 8;
  let hash = 0n;
  for (let row = 0; row < 8; row++) {
    let left = cellMean(plane, 0, cw, row * ch, (row + 1) * ch);
    for (let col = 1; col < 9; col++) {
      const right = cellMean(plane, col * cw, (col + 1) * cw, row * ch, (row + 1) * ch);
      hash = (hash << 1n) | (left > right ? 1n : 0n);
      left = right;
    }
  }
  return hash;
}

/** A video's frame hashes through each of the WINDOWS; `[0]` is the one stored. */
export type WindowHashes = bigint[][];

/** The frame hashes of ffmpeg's raw output per window (a partial last frame is dropped). */
export function hashFrames(raw: Uint8Array): WindowHashes {
  const size = GRID * GRID;
  const frame = size * WINDOWS.length;
  const out: WindowHashes = WINDOWS.map(() => []);
  const plane = new Uint8Array(size);
  for (let at = 0; at + frame <= raw.length; at += frame) {
    WINDOWS.forEach((_, w) => {
      for (let row = 0; row < GRID; row++) {
        const from = at + row * GRID * WINDOWS.length + w * GRID;
        plane.set(raw.subarray(from, from + GRID), row * GRID);
      }
      out[w]?.push(frameHash(plane));
    });
  }
  return out;
}

/** A fingerprint as stored: 8 bytes per frame, big-endian. */
export function packHashes(hashes: readonly bigint[]): Buffer {
  const out = Buffer.alloc(hashes.length * 8);
  hashes.forEach((hash, i) => {
    out.writeBigUInt64BE(BigInt.asUintN(64, hash), i * 8);
  });
  return out;
}

export function unpackHashes(bytes: Uint8Array): bigint[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const hashes: bigint[] = [];
  for (let at = 0; at + 8 <= buffer.length; at += 8) hashes.push(buffer.readBigUInt64BE(at));
  return hashes;
}

function popcount32(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function hammingDistance(a: bigint, b: bigint): number {
  const x = BigInt.asUintN(64, a ^ b);
  return popcount32(Number(x >> 32n)) + popcount32(Number(x & 0xffffffffn));
}

/** Hashes as 32-bit halves, for the comparison's inner loop. */
function halves(hashes: readonly bigint[]): Uint32Array {
  const out = new Uint32Array(hashes.length * 2);
  hashes.forEach((hash, i) => {
    out[i * 2] = Number(BigInt.asUintN(64, hash) >> 32n);
    out[i * 2 + 1] = Number(hash & 0xffffffffn);
  });
  return out;
}

/**
 * A fingerprint as the comparison reads it: 32-bit halves, which frames are informative, and
 * (once asked) the frames around its largest changes. Kept per array: a lookup compares the
 * same upload with a dozen videos through three windows.
 */
interface Prepared {
  h: Uint32Array;
  useful: Uint8Array;
  changes?: number[];
}
const prepared = new WeakMap<readonly bigint[], Prepared>();

/**
 * Whether a hash with `ones` bits set shows structure: the hash of a flat picture (black,
 * one colour) or a plain gradient has nearly all its bits alike, and agrees with any other
 * such picture. The one rule of `prepare` and `informative`.
 */
const structured = (ones: number): boolean => ones >= 8 && ones <= 56;

function prepare(hashes: readonly bigint[]): Prepared {
  let p = prepared.get(hashes);
  if (!p) {
    const h = halves(hashes);
    const useful = new Uint8Array(hashes.length);
    for (let i = 0; i < hashes.length; i++) {
      useful[i] = structured(popcount32(h[i * 2] ?? 0) + popcount32(h[i * 2 + 1] ?? 0)) ? 1 : 0;
    }
    p = { h, useful };
    prepared.set(hashes, p);
  }
  return p;
}

/** Hamming distance between frame i of `a` and frame j of `b`. */
function distance(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  return (
    popcount32(((a[i * 2] ?? 0) ^ (b[j * 2] ?? 0)) >>> 0) +
    popcount32(((a[i * 2 + 1] ?? 0) ^ (b[j * 2 + 1] ?? 0)) >>> 0)
  );
}

/** A picture with next to no structure (a black or flat frame) says nothing of the video. */
export function informative(hash: bigint): boolean {
  return structured(hammingDistance(hash, 0n));
}

export interface Comparison {
  /** Agreeing frames over the frames both cover at the best offset, 0 to 1. */
  similarity: number;
  /** Frames within FRAME_DISTANCE at the best offset. */
  agreeing: number;
  /** Seconds into `a` where `b` starts at the best offset (negative: `b` starts earlier). */
  offsetS: number;
  /** Agreeing frames at the best offset that are unlike each other. */
  distinct: number;
}

/** Whether `c` is the better alignment: a larger share of agreeing frames, then more of them. */
function better(c: Pick<Comparison, 'similarity' | 'agreeing'>, than: Comparison): boolean {
  return (
    c.similarity > than.similarity ||
    (c.similarity === than.similarity && c.agreeing > than.agreeing)
  );
}

/**
 * The best alignment of two fingerprints: every offset is tried, and at each the frames
 * both cover are counted as agreeing or not (flat frames are left out: they agree with
 * any other flat frame). A copy trimmed at either end covers part of the original; the
 * share is of what both cover, and an overlap shorter than MIN_AGREEING is not compared.
 */
export function compareFingerprints(a: readonly bigint[], b: readonly bigint[]): Comparison {
  const { h: ha, useful: usefulA } = prepare(a);
  const { h: hb, useful: usefulB } = prepare(b);
  let best: Comparison = { similarity: 0, agreeing: 0, offsetS: 0, distinct: 0 };
  // b[j] lines up with a[j + offset].
  for (const offset of offsetsToTry(a, b)) {
    const from = Math.max(0, -offset);
    const to = Math.min(b.length, a.length - offset);
    let compared = 0;
    let agreeing = 0;
    for (let j = from; j < to; j++) {
      const i = j + offset;
      if (!usefulA[i] || !usefulB[j]) continue;
      compared++;
      if (distance(ha, i, hb, j) <= FRAME_DISTANCE) agreeing++;
    }
    if (compared < MIN_AGREEING) continue;
    const similarity = agreeing / compared;
    if (better({ similarity, agreeing }, best)) {
      best = { similarity, agreeing, offsetS: offset, distinct: 0 };
    }
  }
  return { ...best, distinct: distinctAgreeing(a, b, best.offsetS) };
}

/** Below this many frame pairs (a x b) every offset is tried. */
const EVERY_OFFSET = 40_000;
/** Offsets tried between long videos, the most often suggested first. */
const SUGGESTED_OFFSETS = 16;

/**
 * Indexes of the informative frames around a video's PROBED_CHANGES largest changes (the
 * frame of each change and the two after it), in order: the frames a long upload is looked
 * up by (probeFrames), and those whose agreement suggests an offset (offsetsToTry).
 */
function changeFrames(hashes: readonly bigint[]): number[] {
  const p = prepare(hashes);
  if (!p.changes) {
    const frames = new Set<number>();
    for (const i of changePoints(hashes, PROBED_CHANGES)) {
      for (let k = i; k <= Math.min(hashes.length - 1, i + 2); k++) frames.add(k);
    }
    p.changes = [...frames].filter((i) => p.useful[i] === 1).sort((x, y) => x - y);
  }
  return p.changes;
}

/**
 * The offsets worth comparing `b` at against `a` (b[j] lines up with a[j + offset]): every
 * one for short videos; for long ones (every offset of two 20-minute videos is 3 million
 * frame pairs, and a lookup compares a dozen), those at which a frame around one of `a`'s
 * largest changes meets a like frame around one of `b`'s, and their neighbours. Both are
 * chosen by the pictures, so a copy's changes line up with its original's.
 */
function offsetsToTry(a: readonly bigint[], b: readonly bigint[]): number[] {
  if (a.length * b.length <= EVERY_OFFSET) {
    return Array.from({ length: a.length + b.length - 1 }, (_, k) => k - (b.length - 1));
  }
  const votes = new Map<number, number>();
  const ha = prepare(a).h;
  const hb = prepare(b).h;
  const fromB = changeFrames(b);
  for (const i of changeFrames(a)) {
    for (const j of fromB) {
      if (distance(ha, i, hb, j) > FRAME_DISTANCE) continue;
      for (const offset of [i - j - 1, i - j, i - j + 1]) {
        votes.set(offset, (votes.get(offset) ?? 0) + (offset === i - j ? 2 : 1));
      }
    }
  }
  return [...votes]
    .sort((x, y) => y[1] - x[1] || x[0] - y[0])
    .slice(0, SUGGESTED_OFFSETS)
    .map(([offset]) => offset);
}

/** Distinct agreeing frames counted at most (Comparison.distinct stops there). */
const DISTINCT_COUNTED = 16;

/** How many of the frames agreeing at `offset` differ from every other one counted. */
function distinctAgreeing(a: readonly bigint[], b: readonly bigint[], offset: number): number {
  const seen: bigint[] = [];
  for (let j = Math.max(0, -offset); j < Math.min(b.length, a.length - offset); j++) {
    const x = a[j + offset];
    const y = b[j];
    if (x === undefined || y === undefined || !informative(x) || !informative(y)) continue;
    if (hammingDistance(x, y) > FRAME_DISTANCE) continue;
    if (seen.every((s) => hammingDistance(s, x) > FRAME_DISTANCE)) seen.push(x);
    // Enough to tell a copy from a still picture: the rest would cost a long video dearly.
    if (seen.length >= DISTINCT_COUNTED) break;
  }
  return seen.length;
}

/** An upload (through every window) against a stored fingerprint: the best window's. */
export function compareUpload(upload: WindowHashes, stored: readonly bigint[]): Comparison {
  let best: Comparison = { similarity: 0, agreeing: 0, offsetS: 0, distinct: 0 };
  for (const hashes of upload) {
    const c = compareFingerprints(stored, hashes);
    if (better(c, best)) best = c;
  }
  return best;
}

/** What a comparison makes of two videos. */
export function verdictOf(c: Comparison): 'match' | 'near' | 'none' {
  if (c.agreeing < MIN_AGREEING || c.distinct < MIN_DISTINCT) return 'none';
  if (c.similarity >= MATCH_SIMILARITY) return 'match';
  return c.similarity >= NEAR_SIMILARITY ? 'near' : 'none';
}

/** The band keys of one frame hash: band b's bits, tagged with b (fits an int4). */
export function bandKeys(hash: bigint): number[] {
  const keys: number[] = [];
  let rest = BigInt.asUintN(64, hash);
  for (let band = 0; band < BANDS; band++) {
    const bits = BAND_BITS[band] ?? 21;
    const value = Number(rest & ((1n << BigInt(bits)) - 1n));
    rest >>= BigInt(bits);
    keys.push(band * 2 ** 22 + value);
  }
  return keys;
}

/**
 * The frames right after the largest changes between consecutive frames, largest first, at
 * most `count`, no two within 2 seconds of each other (one cut moves two or three
 * consecutive frames: ffmpeg's frames average two seconds). Each is given as the index of
 * the first frame of the change: frame i differs most from frame i-1. The size of a change
 * is its Hamming distance; ties go to the wider change (frame i-2 to i+1), then to the
 * smaller hash, so a copy's order is decided by its pictures as the original's was.
 */
export function changePoints(hashes: readonly bigint[], count: number): number[] {
  const { h, useful } = prepare(hashes);
  const last = hashes.length - 1;
  const at = (i: number) => Math.max(0, Math.min(last, i));
  const changes: { i: number; size: number; wide: number; hash: bigint }[] = [];
  for (let i = 1; i < hashes.length; i++) {
    // A change between flat pictures (black to black) says nothing of the video.
    if (!useful[i - 1] && !useful[i]) continue;
    changes.push({
      i,
      size: distance(h, i - 1, h, i),
      wide: distance(h, at(i - 2), h, at(i + 1)),
      hash: hashes[i] ?? 0n,
    });
  }
  changes.sort(
    (a, b) =>
      b.size - a.size || b.wide - a.wide || (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0),
  );
  const chosen: number[] = [];
  for (const change of changes) {
    if (chosen.length >= count) break;
    if (chosen.every((c) => Math.abs(c - change.i) > 2)) chosen.push(change.i);
  }
  return chosen;
}

/**
 * The frames of a video that go into the index, keyFrameCount of them at most, informative,
 * no two alike: the picture one frame after each of its largest changes (the first to show
 * only the new scene: the frame of the change itself still blends in the old one), in the
 * middle 80% of the video (a trimmed copy keeps them). A short video has fewer changes two
 * seconds apart than that: the rest are spread evenly over its middle 80%, which a short
 * upload finds all the same, since all its frames are looked up (PROBE_ALL).
 */
export function keyFrames(hashes: readonly bigint[]): bigint[] {
  const count = keyFrameCount(hashes.length);
  const from = Math.floor(hashes.length * 0.1);
  const to = Math.max(from + 1, Math.ceil(hashes.length * 0.9));
  const chosen: bigint[] = [];
  const take = (candidate: bigint | undefined) => {
    if (candidate === undefined || !informative(candidate)) return false;
    if (chosen.some((c) => hammingDistance(c, candidate) <= FRAME_DISTANCE)) return false;
    chosen.push(candidate);
    return true;
  };
  for (const i of changePoints(hashes, hashes.length)) {
    if (chosen.length >= count) return chosen;
    if (i + 1 >= from && i + 1 < to) take(hashes[i + 1]);
  }
  const middle = hashes.slice(from, to).filter(informative);
  const slots = Math.min(count, middle.length);
  for (let s = 0; s < slots && chosen.length < count; s++) {
    // Evenly spread; a frame too like one already chosen gives way to its next neighbour.
    const start = Math.floor(((s + 0.5) * middle.length) / slots);
    for (let k = 0; k < middle.length; k++) if (take(middle[(start + k) % middle.length])) break;
  }
  return chosen;
}

export function indexKeys(hashes: readonly bigint[]): number[] {
  return [...new Set(keyFrames(hashes).flatMap(bandKeys))].sort((x, y) => x - y);
}

/**
 * The frames of one window an upload is looked up by: all its informative frames when there
 * are at most PROBE_ALL, else those around its PROBED_CHANGES largest changes (the frame of
 * the change and the two after it: a copy's change may fall a frame earlier or later than
 * the original's, where the sampled seconds fall).
 */
export function probeFrames(hashes: readonly bigint[]): bigint[] {
  const useful = hashes.filter(informative);
  if (useful.length <= PROBE_ALL) return useful;
  return changeFrames(hashes).map((i) => hashes[i] ?? 0n);
}

/**
 * The band keys an upload is looked up by, through each of its windows: those of its probe
 * frames, so whichever of its largest changes the other video indexed, one of ours is near.
 */
export function queryKeys(upload: WindowHashes): number[] {
  const keys = new Set<number>();
  for (const hashes of upload) {
    for (const hash of probeFrames(hashes)) for (const key of bandKeys(hash)) keys.add(key);
  }
  return [...keys].sort((x, y) => x - y);
}
