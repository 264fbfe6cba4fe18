import { describe, expect, it } from 'vitest';
import { levelLabel, qualityOptions } from './quality.ts';

describe('levelLabel', () => {
  it('names a rendition by its height', () => {
    expect(levelLabel({ height: 720, bitrate: 2_500_000 })).toBe('720p');
  });

  it('falls back to the bitrate without a height, and to nothing without a level', () => {
    expect(levelLabel({ height: 0, bitrate: 128_000 })).toBe('128 kbps');
    expect(levelLabel(undefined)).toBe('');
  });
});

describe('qualityOptions', () => {
  it('lists the renditions highest first, each with its hls.js level index', () => {
    const options = qualityOptions([
      { height: 360, bitrate: 800_000 },
      { height: 1080, bitrate: 5_000_000 },
      { height: 720, bitrate: 2_800_000 },
    ]);
    expect(options).toEqual([
      { level: 1, label: '1080p' },
      { level: 2, label: '720p' },
      { level: 0, label: '360p' },
    ]);
  });

  it('tells renditions of the same height apart by bitrate', () => {
    const options = qualityOptions([
      { height: 720, bitrate: 1_500_000 },
      { height: 720, bitrate: 3_000_000 },
      { height: 480, bitrate: 1_000_000 },
    ]);
    expect(options).toEqual([
      { level: 1, label: '720p (3000 kbps)' },
      { level: 0, label: '720p (1500 kbps)' },
      { level: 2, label: '480p' },
    ]);
  });

  it('gives nothing for no renditions', () => {
    expect(qualityOptions([])).toEqual([]);
  });
});
