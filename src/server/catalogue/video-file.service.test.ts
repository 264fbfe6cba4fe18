import { describe, expect, it } from 'vitest';
import { videoFileEntries } from './video-file.service.ts';

// The videofile list download clients read (API-CONTRACT.md): they take the last entry.

const url = (format: string) => `url${format}`;

describe('videoFileEntries', () => {
  it('runs worst to best with the trailer first and the best full file last and default', () => {
    expect(videoFileEntries(new Set(['_hq.mp4', '_tr.mp4', '_lq.mp4']), url)).toEqual([
      { format: '_tr.mp4', video_url: 'url_tr.mp4', is_default: 0 },
      { format: '_lq.mp4', video_url: 'url_lq.mp4', is_default: 0 },
      { format: '_hq.mp4', video_url: 'url_hq.mp4', is_default: 1 },
    ]);
  });

  it('makes the best full file there is the default', () => {
    expect(
      videoFileEntries(new Set(['_lq.mp4', '_tr.mp4']), url).map((f) => [f.format, f.is_default]),
    ).toEqual([
      ['_tr.mp4', 0],
      ['_lq.mp4', 1],
    ]);
  });

  it('lists nothing when there is no full file: a trailer alone is no download', () => {
    expect(videoFileEntries(new Set(['_tr.mp4']), url)).toEqual([]);
    expect(videoFileEntries(new Set(), url)).toEqual([]);
  });
});
