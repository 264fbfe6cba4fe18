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
  poolSlot,
} from './demo-pool.ts';

// Which shared clip a demo video plays (docs/decisions/0033).

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
  it('are short, even-sized synthetic sources a caption can label', () => {
    expect(DEMO_CLIPS.length).toBeGreaterThanOrEqual(6);
    for (const [slot, clip] of DEMO_CLIPS.entries()) {
      expect(clip.durationS).toBeGreaterThanOrEqual(10);
      expect(clip.durationS).toBeLessThanOrEqual(60);
      // testSourceArgs refuses odd sizes and labels a filtergraph cannot take.
      expect(() =>
        testSourceArgs({ output: '/tmp/c.mp4', ...clip, seed: slot, label: clipLabel(slot) }),
      ).not.toThrow();
    }
  });

  it('are as many as DEMO_PLAYABLE may ask for', () => {
    const env = { NODE_ENV: 'test', DATA_DIR: '/tmp/afterglow-config' };
    expect(loadConfig({ ...env, DEMO_PLAYABLE: String(DEMO_CLIPS.length) }).demoPlayable).toBe(
      DEMO_CLIPS.length,
    );
    expect(() => loadConfig({ ...env, DEMO_PLAYABLE: String(DEMO_CLIPS.length + 1) })).toThrow(
      /DEMO_PLAYABLE/,
    );
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
