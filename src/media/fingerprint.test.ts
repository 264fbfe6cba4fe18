import { describe, expect, it } from 'vitest';
import {
  BANDS,
  bandKeys,
  changePoints,
  compareFingerprints,
  compareUpload,
  FRAME_DISTANCE,
  fingerprintArgs,
  frameHash,
  GRID,
  hammingDistance,
  hashFrames,
  indexKeys,
  KEY_FRAMES,
  KEY_FRAMES_MAX,
  keyFrameCount,
  keyFrames,
  PROBE_ALL,
  packHashes,
  queryKeys,
  unpackHashes,
  verdictOf,
  WINDOWS,
} from './fingerprint.ts';

// Seeded, so a failure is the same failure every run.
function random(seed: number): () => bigint {
  let state = seed >>> 0 || 1;
  const next32 = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return BigInt(state >>> 0);
  };
  return () => (next32() << 32n) | next32();
}

function sequence(seed: number, length: number): bigint[] {
  const next = random(seed);
  return Array.from({ length }, next);
}

/** Flips `bits` distinct bits of a hash (a re-encode's noise). */
function noisy(hash: bigint, bits: number, seed: number): bigint {
  let out = hash;
  for (let b = 0; b < bits; b++) out ^= 1n << BigInt((seed * 7 + b * 13) % 64);
  return out;
}

const plane = (value: (x: number, y: number) => number) => {
  const out = new Uint8Array(GRID * GRID);
  for (let y = 0; y < GRID; y++) for (let x = 0; x < GRID; x++) out[y * GRID + x] = value(x, y);
  return out;
};

describe('frameHash', () => {
  it('says, cell by cell, whether the picture darkens to the right', () => {
    expect(frameHash(plane((x) => x * 8))).toBe(0n);
    expect(frameHash(plane((x) => 255 - x * 8))).toBe(0xffffffffffffffffn);
    // Darker to the right in the top half only: the top four rows' bits.
    expect(frameHash(plane((x, y) => (y < GRID / 2 ? 255 - x * 8 : x * 8)))).toBe(
      0xffffffff00000000n,
    );
  });

  it('barely moves when the picture is a little brighter or noisier', () => {
    const base = plane((x, y) => (x * 37 + y * 91) % 256);
    const brighter = plane((x, y) => Math.min(255, ((x * 37 + y * 91) % 256) + 10));
    expect(hammingDistance(frameHash(base), frameHash(brighter))).toBeLessThanOrEqual(4);
  });
});

describe('hashFrames', () => {
  it('reads each window of a frame from its place side by side', () => {
    const width = GRID * WINDOWS.length;
    const raw = new Uint8Array(width * GRID * 2);
    for (let f = 0; f < 2; f++) {
      for (let y = 0; y < GRID; y++) {
        for (let x = 0; x < width; x++) {
          const local = x % GRID;
          // Window 0 brightens to the right, the others darken.
          const value = x < GRID ? local * 8 : 255 - local * 8;
          raw[f * width * GRID + y * width + x] = value;
        }
      }
    }
    const windows = hashFrames(raw);
    expect(windows).toHaveLength(WINDOWS.length);
    expect(windows[0]).toEqual([0n, 0n]);
    expect(windows[1]).toEqual([0xffffffffffffffffn, 0xffffffffffffffffn]);
  });

  it('drops a partial last frame', () => {
    const frame = GRID * GRID * WINDOWS.length;
    expect(hashFrames(new Uint8Array(frame + 10))[0]).toHaveLength(1);
  });
});

describe('packHashes', () => {
  it('keeps 8 bytes a frame and reads them back', () => {
    const hashes = sequence(3, 20);
    const packed = packHashes(hashes);
    expect(packed).toHaveLength(160);
    expect(unpackHashes(packed)).toEqual(hashes);
  });
});

describe('compareFingerprints', () => {
  it('matches a noisy copy trimmed at both ends, at its offset', () => {
    const original = sequence(11, 60);
    const copy = original.slice(4, 53).map((h, i) => noisy(h, 5, i));
    const c = compareFingerprints(original, copy);
    expect(c.offsetS).toBe(4);
    expect(c.similarity).toBe(1);
    expect(verdictOf(c)).toBe('match');
  });

  it('calls a copy with a third of its frames changed a near match', () => {
    const original = sequence(5, 30);
    const other = sequence(6, 30);
    const mixed = original.map((h, i) => (i % 2 === 0 ? h : (other[i] ?? h)));
    expect(verdictOf(compareFingerprints(original, mixed))).toBe('near');
  });

  it('finds nothing between different videos', () => {
    for (let seed = 1; seed < 20; seed++) {
      const c = compareFingerprints(sequence(seed, 40), sequence(seed + 100, 40));
      expect(verdictOf(c)).toBe('none');
    }
  });

  it('leaves flat frames out: two black videos are not alike', () => {
    const black = Array.from({ length: 30 }, () => 0n);
    expect(verdictOf(compareFingerprints(black, black))).toBe('none');
  });

  it('takes noise up to FRAME_DISTANCE and no more', () => {
    const original = sequence(9, 20);
    const near = original.map((h, i) => noisy(h, FRAME_DISTANCE, i));
    const far = original.map((h) => noisy(h, 20, 3));
    expect(compareFingerprints(original, near).similarity).toBe(1);
    expect(compareFingerprints(original, far).agreeing).toBe(0);
  });

  it('compares an upload through its best window', () => {
    const original = sequence(21, 30);
    const upload = [sequence(22, 30), original.map((h, i) => noisy(h, 3, i)), sequence(23, 30)];
    expect(verdictOf(compareUpload(upload, original))).toBe('match');
  });
});

describe('band keys', () => {
  it('cuts a hash into tagged bands that fit an int4', () => {
    const keys = bandKeys(0xffffffffffffffffn);
    expect(keys).toHaveLength(BANDS);
    expect(new Set(keys.map((k) => Math.floor(k / 2 ** 22)))).toEqual(new Set([0, 1, 2]));
    for (const key of keys) expect(key).toBeLessThan(2 ** 31);
  });

  it('indexes a bounded number of keys whatever the length', () => {
    expect(indexKeys(sequence(4, 1200)).length).toBeLessThanOrEqual(KEY_FRAMES_MAX * BANDS);
  });

  it('indexes one key frame per 30 seconds, 8 at least and 24 at most', () => {
    expect([60, 240, 360, 600, 720, 1200].map(keyFrameCount)).toEqual([8, 8, 12, 20, 24, 24]);
    const { hashes } = scenes(40, 600);
    expect(keyFrames(hashes)).toHaveLength(20);
  });

  it('finds an indexed frame of a trimmed noisy copy by at least one band', () => {
    const original = sequence(31, 90);
    const copy = original.slice(3, 85).map((h, i) => noisy(h, 2, i));
    const indexed = new Set(indexKeys(original));
    expect(queryKeys([copy]).filter((k) => indexed.has(k)).length).toBeGreaterThan(0);
  });
});

/** Flips `bits` bits of a hash at positions drawn from `next` (a picture moving a little). */
function drift(hash: bigint, bits: number, next: () => bigint): bigint {
  let out = hash;
  for (let b = 0; b < bits; b++) out ^= 1n << (next() % 64n);
  return out;
}

/** Half the bits of one picture and half of the other's: the frame a cut blends. */
const blend = (from: bigint, to: bigint) =>
  (from & 0xffffffff00000000n) | (to & 0x00000000ffffffffn);

/**
 * A long video as its fingerprint sees it: scenes of 8 to 40 seconds, each a picture that
 * moves 3 to 5 bits a second (two seconds apart, rarely one band alike), joined by cuts (a
 * blended frame, then the new scene).
 */
function scenes(seed: number, length: number): { hashes: bigint[]; cuts: number[] } {
  const next = random(seed);
  const hashes: bigint[] = [];
  const cuts: number[] = [];
  let picture = next();
  while (hashes.length < length) {
    const scene = 8 + Number(next() % 33n);
    for (let s = 0; s < scene && hashes.length < length; s++) {
      picture = drift(picture, 3 + Number(next() % 3n), next);
      hashes.push(picture);
    }
    const after = next();
    hashes.push(blend(picture, after));
    cuts.push(hashes.length - 1);
    picture = after;
  }
  return { hashes: hashes.slice(0, length), cuts: cuts.filter((c) => c < length) };
}

/** A long video with no cut: one picture moving all along, some seconds faster than others. */
function continuous(seed: number, length: number): bigint[] {
  const next = random(seed);
  let picture = next();
  return Array.from({ length }, () => {
    picture = drift(picture, 3 + Number(next() % 6n), next);
    return picture;
  });
}

/** How a copy re-encoded, trimmed by `from` seconds and cut short shows the video. */
const copyOf = (hashes: bigint[], from: number, to: number, bits: number) =>
  hashes.slice(from, to).map((h, i) => noisy(h, bits, i + 5));

describe('key frames', () => {
  it('are the pictures right after the cuts of a long video', () => {
    const { hashes, cuts } = scenes(41, 600);
    const found = changePoints(hashes, KEY_FRAMES);
    expect(found).toHaveLength(KEY_FRAMES);
    // The change into the blended frame or out of it: at the cut or one frame after.
    for (const i of found) expect(cuts.some((c) => i === c || i === c + 1)).toBe(true);
    // The largest changes come first: the first keys are the cuts' (the rest of the 20 may
    // be the largest changes within scenes once the cuts of the middle 80% are used up).
    const keys = keyFrames(hashes);
    expect(keys).toHaveLength(keyFrameCount(600));
    for (const key of keys.slice(0, KEY_FRAMES)) {
      expect(cuts.some((c) => hashes[c + 1] === key || hashes[c + 2] === key)).toBe(true);
    }
  });

  it('depend on the pictures, not on where the video starts or how long it is', () => {
    const { hashes } = scenes(42, 600);
    const trimmed = hashes.slice(37, 571);
    const kept = keyFrames(hashes).filter((k) => trimmed.includes(k));
    // Each key the trim kept is a key of the trimmed video too, or gave way to a larger
    // change of what is left; most stay.
    const again = new Set(keyFrames(trimmed));
    expect(kept.filter((k) => again.has(k)).length).toBeGreaterThanOrEqual(kept.length - 2);
  });

  it('are found by the lookup of a trimmed re-encoded copy of a 10-minute video', () => {
    for (const seed of [43, 44, 45, 46, 47]) {
      const { hashes } = scenes(seed, 600);
      const copy = copyOf(hashes, 23, 590, 2);
      expect(copy.filter((h) => h !== undefined).length).toBeGreaterThan(PROBE_ALL);
      const indexed = new Set(indexKeys(hashes));
      const shared = queryKeys([copy]).filter((k) => indexed.has(k));
      // Most of the 8 key frames, each by at least one of its 3 bands.
      expect(shared.length, `seed ${seed}`).toBeGreaterThanOrEqual(KEY_FRAMES);
    }
  });

  it('are found in a copy of a long video without cuts', () => {
    for (const seed of [51, 52, 53, 54, 55]) {
      const hashes = continuous(seed, 600);
      const copy = copyOf(hashes, 11, 597, 1);
      const indexed = new Set(indexKeys(hashes));
      const shared = queryKeys([copy]).filter((k) => indexed.has(k));
      expect(shared.length, `seed ${seed}`).toBeGreaterThanOrEqual(KEY_FRAMES);
    }
  });

  it("of another long video are not among a video's lookup keys", () => {
    const indexed = new Set(indexKeys(scenes(61, 600).hashes));
    expect(queryKeys([scenes(62, 600).hashes]).filter((k) => indexed.has(k))).toEqual([]);
  });

  it('compares long videos at the offsets their changes suggest, in a few milliseconds', () => {
    const { hashes } = scenes(71, 1200);
    const copy = copyOf(hashes, 37, 1190, 2);
    const started = performance.now();
    const c = compareFingerprints(hashes, copy);
    expect(performance.now() - started).toBeLessThan(50);
    expect(c.offsetS).toBe(37);
    expect(verdictOf(c)).toBe('match');
    expect(verdictOf(compareFingerprints(hashes, scenes(72, 1200).hashes))).toBe('none');
  });
});

describe('fingerprintArgs', () => {
  const input = { path: '/w/source.mp4', format: 'mov' } as const;
  const threadsOf = (args: string[]) => args[args.indexOf('-threads') + 1];

  it('decodes on one thread unless told otherwise, before the input', () => {
    const args = fingerprintArgs({ input, output: '/w/f.gray' });
    expect(threadsOf(args)).toBe('1');
    expect(args.indexOf('-threads')).toBeLessThan(args.indexOf('-i'));
    expect(threadsOf(fingerprintArgs({ input, output: '/w/f.gray', threads: 0 }))).toBe('0');
  });

  it.each([-1, 1.5, 17, Number.NaN])('refuses %s threads', (threads) => {
    expect(() => fingerprintArgs({ input, output: '/w/f.gray', threads })).toThrow(RangeError);
  });
});
