import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { noisyPicture } from '../../../tests/support/factories.ts';
import { screenAgePhoto } from './age-photo.ts';

// The age check's photo screening (decision 0054): what a provider may see is a decodable,
// non-blank picture of at least 320x240, re-encoded as a plain JPEG without metadata.

const noisy = noisyPicture;

describe('screenAgePhoto', () => {
  it('re-encodes a photo as a JPEG without its EXIF block, at most 1600 px long', async () => {
    const image = await noisy(2000, 1000)
      .withExif({ IFD0: { Make: 'PhoneMaker' } })
      .png()
      .toBuffer();
    const screened = await screenAgePhoto(image);
    expect(screened.ok).toBe(true);
    if (!screened.ok) return;
    const meta = await sharp(screened.jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a truncated JPEG whose header is whole', async () => {
    const whole = await noisy(640, 480).jpeg().toBuffer();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await screenAgePhoto(cut)).toEqual({ ok: false, reason: 'file_invalid_type' });
  });

  it('refuses a blank picture, and one that is too small', async () => {
    const blank = await sharp({
      create: { width: 640, height: 480, channels: 4, background: '#808080ff' },
    })
      .png()
      .toBuffer();
    expect(await screenAgePhoto(blank)).toEqual({ ok: false, reason: 'age_verification_failed' });
    const tiny = await noisy(300, 200).jpeg().toBuffer();
    expect(await screenAgePhoto(tiny)).toEqual({ ok: false, reason: 'age_verification_failed' });
  });
});
