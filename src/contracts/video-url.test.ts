import { describe, expect, it } from 'vitest';
import { decodeVideoUrl, encodeVideoUrl } from './video-url.ts';

describe('video_url encoding', () => {
  it('replaces the letters of the table with their Cyrillic look-alikes', () => {
    // base64('/get_file/') = L2dldF9maWxlLw==
    expect(encodeVideoUrl('/get_file/')).toBe('L2dldF9maWxlLw~~');
    // base64('SIJ') = U0lK: no table letters; base64('??>') = Pz8+ : P and + are swapped
    expect(encodeVideoUrl('??>')).toBe('\u0420z8.');
  });

  it('encodes every swapped character and nothing else', () => {
    const encoded = encodeVideoUrl('/get_file/1/abc/16000000/16574000/16574965_hq.mp4/?x=1');
    expect(encoded).not.toMatch(/[SIJABEKMHOPCX/+=]/);
    expect(encoded).toMatch(/^[A-Za-z0-9,.~\u0405\u0406\u0408\u0410-\u0425]+$/);
  });

  it('round-trips any path', () => {
    for (const path of ['/get_file/', '/a', '/get_file/9/ZZ/0/0/42_lq.mp4/', 'ÀÉ/ü?=&+']) {
      expect(decodeVideoUrl(encodeVideoUrl(path))).toBe(path);
    }
  });

  it('refuses text that is not an encoding', () => {
    expect(decodeVideoUrl('not base64!')).toBeUndefined();
    expect(decodeVideoUrl('abc')).toBeUndefined();
  });
});
