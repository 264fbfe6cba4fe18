import { describe, expect, it } from 'vitest';
import {
  categoryImageKey,
  channelImageKey,
  hlsMasterKey,
  hlsRungDir,
  isSafeKey,
  memberAvatarKey,
  modelImageKey,
  timelineDir,
  videoDir,
  videoFileKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoSourceKey,
  videoThumbKey,
} from './keys.ts';

describe('video keys', () => {
  it('shards by {e6}/{e3}', () => {
    expect(videoDir(16574965)).toBe('videos/16000000/16574000/16574965');
    expect(videoDir(7)).toBe('videos/0/0/7');
    expect(videoDir(1_000_000)).toBe('videos/1000000/1000000/1000000');
  });

  it('names the files of a video', () => {
    expect(videoPreviewKey(12345)).toBe('videos/0/12000/12345/preview.jpg');
    expect(videoThumbKey(12345)).toBe('videos/0/12000/12345/thumb.webp');
    expect(videoFileKey(12345, '_hq.mp4')).toBe('videos/0/12000/12345/12345_hq.mp4');
    expect(videoFileKey(12345, '_lq.mp4')).toBe('videos/0/12000/12345/12345_lq.mp4');
    expect(videoFileKey(12345, '_tr.mp4')).toBe('videos/0/12000/12345/12345_tr.mp4');
    expect(videoSourceKey(2_345_678, 'mov')).toBe('sources/2000000/2345000/2345678.mov');
    expect(hlsMasterKey(12345, 3)).toBe('videos/0/12000/12345/g3/hls/master.m3u8');
    expect(hlsRungDir(12345, 3, 720)).toBe('videos/0/12000/12345/g3/hls/720');
    expect(timelineDir(12345, 1)).toBe('videos/0/12000/12345/g1/timeline');
    expect(videoScreenshotKey(12345, 2)).toBe('videos/0/12000/12345/screenshots/2.jpg');
  });

  it('refuses generations, heights and screenshot numbers that are not positive whole numbers', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => hlsMasterKey(1, bad)).toThrow(RangeError);
      expect(() => hlsRungDir(1, 1, bad)).toThrow(RangeError);
      expect(() => videoScreenshotKey(1, bad)).toThrow(RangeError);
    }
  });

  it('refuses ids and extensions that would make a bad path', () => {
    for (const id of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => videoDir(id)).toThrow(RangeError);
      expect(() => modelImageKey(id)).toThrow(RangeError);
    }
    for (const ext of ['', '.mp4', 'mp4/../x', 'a b', 'toolongext']) {
      expect(() => videoSourceKey(1, ext)).toThrow(RangeError);
    }
  });
});

describe('image keys', () => {
  it('shards the collections by {e3}', () => {
    expect(modelImageKey(4321)).toBe('models/4000/4321/avatar.webp');
    expect(channelImageKey(999)).toBe('channels/0/999/avatar.webp');
    expect(memberAvatarKey(1_234_567)).toBe('members/1234000/1234567/avatar.webp');
    expect(categoryImageKey(42)).toBe('categories/42/cover.webp');
  });

  it('builds only safe keys', () => {
    for (const key of [videoFileKey(1, '_hq.mp4'), modelImageKey(5), categoryImageKey(0)]) {
      expect(isSafeKey(key)).toBe(true);
    }
  });
});

describe('isSafeKey', () => {
  it.each(['a', 'videos/0/0/7/preview.jpg', 'a-b_c.d/E9', '.hidden/file'])('accepts %j', (key) => {
    expect(isSafeKey(key)).toBe(true);
  });

  it.each([
    '',
    '/abs/path',
    'a//b',
    'a/',
    '..',
    '../etc/passwd',
    'a/../../b',
    'a/..b',
    '.',
    'a/./b',
    'a\\b',
    'a b',
    'a/b?c',
    'a/%2e%2e/b',
    'ümlaut',
    'a\0b',
    'x'.repeat(1025),
  ])('refuses %j', (key) => {
    expect(isSafeKey(key)).toBe(false);
  });
});
