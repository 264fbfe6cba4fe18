import { describe, expect, it } from 'vitest';
import { isWebUrl, siteVideoUrlsIn, videoIdOfUrl } from './dmca.ts';

const site = 'https://afterglow.example';

describe('videoIdOfUrl', () => {
  it('reads the id of a video page on the site', () => {
    expect(videoIdOfUrl('https://afterglow.example/videos/42/my-clip/', site)).toBe(42);
    expect(videoIdOfUrl('http://www.afterglow.example/videos/42', site)).toBe(42);
    expect(videoIdOfUrl('/videos/7/x/?t=3', site)).toBe(7);
  });

  it('names nothing for other pages and other sites', () => {
    expect(videoIdOfUrl('https://afterglow.example/videos/latest/2/', site)).toBeUndefined();
    expect(videoIdOfUrl('https://elsewhere.example/videos/42/x/', site)).toBeUndefined();
    expect(videoIdOfUrl('https://afterglow.example/videos/0/x/', site)).toBeUndefined();
    expect(videoIdOfUrl('https://afterglow.example/albums/42/x/', site)).toBeUndefined();
  });
});

describe('isWebUrl and siteVideoUrlsIn', () => {
  it('accepts http(s) only', () => {
    expect(isWebUrl('https://a.example/x')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('not a url')).toBe(false);
  });

  it('finds the site’s video URLs in a message, once each', () => {
    const message =
      'My film is at https://afterglow.example/videos/42/clip/, and https://afterglow.example/videos/42/clip/. Also https://other.example/videos/1/ and https://afterglow.example/videos/9/b/';
    expect(siteVideoUrlsIn(message, site)).toEqual([
      'https://afterglow.example/videos/42/clip/',
      'https://afterglow.example/videos/9/b/',
    ]);
  });
});
