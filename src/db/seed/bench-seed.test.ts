import { describe, expect, it } from 'vitest';
import { scaledSize } from './bench-seed.ts';
import { BENCH_SIZE } from './generate.ts';

describe('scaledSize', () => {
  it('keeps the benchmark proportions at a million videos', () => {
    expect(scaledSize(1_000_000)).toEqual(BENCH_SIZE);
  });

  it('scales every entity with the number of videos', () => {
    const size = scaledSize(100_000);
    expect(size.videos).toBe(100_000);
    expect(size.models).toBe(BENCH_SIZE.models / 10);
    expect(size.members).toBe(BENCH_SIZE.members / 10);
  });

  it('never makes a catalogue too small to browse', () => {
    const size = scaledSize(1);
    expect(size.categories).toBeGreaterThanOrEqual(40);
    expect(size.models).toBeGreaterThanOrEqual(30);
    expect(size.channels).toBeGreaterThanOrEqual(10);
    expect(size.members).toBeGreaterThanOrEqual(20);
    expect(size.playlists).toBeGreaterThanOrEqual(10);
  });
});
