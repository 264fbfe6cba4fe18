import { describe, expect, it } from 'vitest';
import { ladderFor } from '../../media/hls.ts';
import { testSourceArgs } from '../../media/test-source.ts';
import { loadConfig } from '../../server/config.ts';
import {
  type ClipState,
  clipIsHd,
  clipLabel,
  clipsToMake,
  DEMO_CLIPS,
  type DemoClip,
  isLongClip,
  poolSlot,
  waitWhile,
} from './demo-pool.ts';

// Which shared clip a demo video plays (docs/decisions/0033).

/** The duration filter of SPEC.md §3 a length falls in: 1 under 10, 2 10-40, 3 over 40 min. */
function band(seconds: number): 1 | 2 | 3 {
  return seconds < 600 ? 1 : seconds <= 2400 ? 2 : 3;
}

const config = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/afterglow-config', ...env });

describe('poolSlot', () => {
  it('gives the same clip for the same video, always within the pool', () => {
    for (const size of [1, 2, 6, 8]) {
      for (let id = 0; id < 2000; id++) {
        const slot = poolSlot(id, size);
        expect(slot).toBeGreaterThanOrEqual(0);
        expect(slot).toBeLessThan(size);
        expect(poolSlot(id, size)).toBe(slot);
      }
    }
    expect(poolSlot(2_147_483_647, 6)).toBe(poolSlot(2_147_483_647, 6));
  });

  it('plays the one clip of a pool of one', () => {
    expect(new Set([1, 2, 3, 500, 901].map((id) => poolSlot(id, 1)))).toEqual(new Set([0]));
  });

  it('shares the 900 demo videos about evenly among six clips', () => {
    const counts = Array.from({ length: 6 }, () => 0);
    for (let id = 1; id <= 900; id++) counts[poolSlot(id, 6)] = (counts[poolSlot(id, 6)] ?? 0) + 1;
    for (const count of counts) {
      expect(count).toBeGreaterThan(150 * 0.75);
      expect(count).toBeLessThan(150 * 1.25);
    }
  });

  it('mixes neighbours: a page of consecutive videos plays several clips', () => {
    for (let start = 1; start < 900; start += 60) {
      const slots = new Set(Array.from({ length: 12 }, (_, i) => poolSlot(start + i, 6)));
      expect(slots.size).toBeGreaterThanOrEqual(4);
    }
    // Not the id modulo the size, which repeats a fixed cycle down a list.
    const modulo = Array.from({ length: 60 }, (_, i) => poolSlot(i + 1, 6) === (i + 1) % 6);
    expect(modulo.filter(Boolean).length).toBeLessThan(30);
  });

  it('refuses ids and sizes that make no slot', () => {
    expect(() => poolSlot(-1, 6)).toThrow(RangeError);
    expect(() => poolSlot(1.5, 6)).toThrow(RangeError);
    expect(() => poolSlot(Number.NaN, 6)).toThrow(RangeError);
    expect(() => poolSlot(1, 0)).toThrow(RangeError);
    expect(() => poolSlot(1, 2.5)).toThrow(RangeError);
  });
});

describe('DEMO_CLIPS', () => {
  it('are even-sized synthetic sources a caption can label', () => {
    for (const [slot, clip] of DEMO_CLIPS.entries()) {
      // testSourceArgs refuses odd sizes, odd rates and labels a filtergraph cannot take.
      expect(() =>
        testSourceArgs({ output: '/tmp/c.mp4', ...clip, seed: slot, label: clipLabel(slot) }),
      ).not.toThrow();
    }
  });

  it('are six short clips, then a long one in each longer duration filter', () => {
    const short = DEMO_CLIPS.filter((clip) => !isLongClip(clip));
    expect(short).toHaveLength(6);
    for (const clip of short) {
      expect(clip.durationS).toBeGreaterThanOrEqual(10);
      expect(clip.durationS).toBeLessThanOrEqual(60);
    }
    // Rendered in list order: the long ones last, so they never hold up the short ones.
    expect(DEMO_CLIPS.slice(0, 6)).toEqual(short);
    const long = DEMO_CLIPS.slice(6);
    expect(long.map((clip) => band(clip.durationS))).toEqual([2, 3]);
    for (const clip of long) {
      // A minute clear of the filters' edges: the probed length cannot fall on the other side.
      expect(band(clip.durationS - 60)).toBe(band(clip.durationS));
      expect(band(clip.durationS + 60)).toBe(band(clip.durationS));
      // One rung and few frames: cheap to encode and to store.
      expect(ladderFor(clip.height)).toHaveLength(1);
      expect(clip.fps).toBeLessThanOrEqual(15);
      expect(clip.clock).toBe(true);
    }
  });

  it('are as many as DEMO_PLAYABLE may ask for, all of them by default', () => {
    expect(config({ DEMO_PLAYABLE: String(DEMO_CLIPS.length) }).demoPlayable).toBe(
      DEMO_CLIPS.length,
    );
    expect(() => config({ DEMO_PLAYABLE: String(DEMO_CLIPS.length + 1) })).toThrow(/DEMO_PLAYABLE/);
    expect(config().demoPlayable).toBe(DEMO_CLIPS.length);
  });

  it('start with an HD clip of several rungs: the test site plays the first alone', () => {
    const first = DEMO_CLIPS[0];
    if (!first) throw new Error('no clips');
    expect(clipIsHd(first)).toBe(true);
    expect(ladderFor(first.height).length).toBeGreaterThanOrEqual(2);
  });

  it('mark HD as the pipeline does: a best rung of 720 lines or more', () => {
    for (const clip of DEMO_CLIPS) {
      expect(clipIsHd(clip)).toBe((ladderFor(clip.height)[0]?.height ?? 0) >= 720);
    }
    expect(new Set(DEMO_CLIPS.slice(0, 6).map(clipIsHd))).toEqual(new Set([true, false]));
  });
});

describe('the share of each duration filter', () => {
  /** How many of the 900 demo videos each filter lists with a pool of `size`. */
  function bands(size: number): Record<1 | 2 | 3, number> {
    const counts = { 1: 0, 2: 0, 3: 0 };
    for (let id = 1; id <= 900; id++) {
      counts[band((DEMO_CLIPS[poolSlot(id, size)] as DemoClip).durationS)]++;
    }
    return counts;
  }

  it('gives every filter videos with the default pool, most of them under 10 minutes', () => {
    const counts = bands(config().demoPlayable);
    // Each long clip a share like any other clip: about 1 in 8, a full page and more in each.
    expect(counts[2]).toBeGreaterThan(900 * 0.09);
    expect(counts[3]).toBeGreaterThan(900 * 0.09);
    expect(counts[2]).toBeLessThan(900 * 0.17);
    expect(counts[3]).toBeLessThan(900 * 0.17);
    expect(counts[1]).toBeGreaterThan(900 * 0.66);
  });

  it('shares the videos about evenly among the eight clips', () => {
    const counts = Array.from({ length: 8 }, () => 0);
    for (let id = 1; id <= 900; id++) counts[poolSlot(id, 8)] = (counts[poolSlot(id, 8)] ?? 0) + 1;
    for (const count of counts) {
      expect(count).toBeGreaterThan((900 / 8) * 0.75);
      expect(count).toBeLessThan((900 / 8) * 1.25);
    }
  });

  it('keeps every video under 10 minutes with the short clips alone (DEMO_PLAYABLE=6)', () => {
    expect(bands(6)).toEqual({ 1: 900, 2: 0, 3: 0 });
    expect(bands(7)[3]).toBe(0);
  });
});

describe('clipsToMake', () => {
  const clip = (over: Partial<ClipState>): ClipState => ({
    id: 901,
    slot: 0,
    source: 'sources/0/0/901.mp4',
    gen: 1,
    failed: false,
    queued: false,
    ...over,
  });

  it('leaves made clips and clips on the queue alone: a later start encodes nothing', () => {
    expect(clipsToMake([clip({}), clip({ id: 902, gen: null, queued: true })])).toEqual([]);
    expect(clipsToMake([clip({ source: null, gen: null, queued: true })])).toEqual([]);
  });

  it('makes what a first start cut short did not get to, and runs a failed clip again', () => {
    const unrendered = clip({ id: 903, source: null, gen: null });
    const lost = clip({ id: 904, gen: null });
    const failed = clip({ id: 905, failed: true });
    expect(clipsToMake([clip({}), unrendered, lost, failed])).toEqual([unrendered, lost, failed]);
  });
});

describe('waitWhile (the long clips waiting for the short ones)', () => {
  const answers = (...busy: boolean[]) => {
    let calls = 0;
    return {
      busy: async () => busy[Math.min(calls++, busy.length - 1)] ?? false,
      calls: () => calls,
    };
  };

  it('goes on once the short clips have nothing left on the queue', async () => {
    const queue = answers(true, true, false);
    expect(await waitWhile(queue.busy, { intervalMs: 1, timeoutMs: 60_000 })).toBe(true);
    expect(queue.calls()).toBe(3);
  });

  it('gives up when the time is up: a queue nobody works on holds nothing for good', async () => {
    const queue = answers(true);
    expect(await waitWhile(queue.busy, { intervalMs: 1, timeoutMs: 20 })).toBe(false);
    expect(queue.calls()).toBeGreaterThan(1);
  });

  it('stops at once when the server stops', async () => {
    const stop = new AbortController();
    const queue = answers(true);
    const waiting = waitWhile(queue.busy, {
      intervalMs: 60_000,
      timeoutMs: 600_000,
      signal: stop.signal,
    });
    stop.abort();
    expect(await waiting).toBe(false);
    expect(queue.calls()).toBe(1);
  });
});
