import { describe, expect, it } from 'vitest';
import { mediaStepOf, mediaTaskKey, mediaTaskKeySchema, parseMediaTaskKey } from './media-task.ts';

describe('media task keys', () => {
  it('names each step as stored and shown, and reads it back', () => {
    expect(mediaTaskKey({ name: 'hls', height: 720 })).toBe('hls:720');
    expect(mediaTaskKey({ name: 'timeline' })).toBe('timeline');
    for (const key of ['hls:240', 'hls:2160', 'timeline', 'hover', 'mp4'] as const) {
      expect(mediaTaskKey(mediaStepOf(key))).toBe(key);
    }
    expect(parseMediaTaskKey('hls:480')).toEqual({ name: 'hls', height: 480 });
  });

  it('refuses anything else', () => {
    for (const key of ['hls:', 'hls:0', 'hls:abc', 'hls:480 ', 'hls:-1', 'HLS:480', 'thumbs', '']) {
      expect(parseMediaTaskKey(key)).toBeUndefined();
      expect(mediaTaskKeySchema.safeParse(key).success).toBe(false);
    }
    expect(mediaTaskKeySchema.safeParse(480).success).toBe(false);
    expect(mediaTaskKeySchema.safeParse('hls:1080').success).toBe(true);
  });
});
