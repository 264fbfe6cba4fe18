import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';

// The photo of a UK member's age check (SPEC.md §4), screened before any provider sees it
// (decision 0054): a real, decodable JPEG, PNG or WebP of at least 320x240 that is not a
// blank picture. What passes is re-encoded as a plain JPEG, upright and without metadata
// (no camera, no GPS position): that is what a reviewer sees or a verifier is sent.

export type AgePhotoFailure = 'file_invalid_type' | 'file_too_large' | 'age_verification_failed';

export type ScreenedPhoto = { ok: true; jpeg: Buffer } | { ok: false; reason: AgePhotoFailure };

/** SPEC.md §4: a photo, at most 10 MB. */
export const AGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Smaller than this no one can judge a face. */
export const AGE_PHOTO_MIN = { width: 320, height: 240 } as const;
/** The stored or sent copy is at most this long on its longer side. */
const AGE_PHOTO_MAX_SIDE = 1600;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A picture whose every channel varies less than this is blank, not a photo. */
const MIN_DEVIATION = 4;

/** Screens one upload; answers a failure reason, never throws for bad input. */
export async function screenAgePhoto(image: Buffer): Promise<ScreenedPhoto> {
  if (image.length > AGE_PHOTO_MAX_BYTES) return { ok: false, reason: 'file_too_large' };
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    ({
      format,
      width = 0,
      height = 0,
    } = await sharp(image, {
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).metadata());
  } catch {
    return { ok: false, reason: 'file_invalid_type' };
  }
  if (!format || !FORMATS.has(format)) return { ok: false, reason: 'file_invalid_type' };
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long < AGE_PHOTO_MIN.width || short < AGE_PHOTO_MIN.height) {
    return { ok: false, reason: 'age_verification_failed' };
  }
  let jpeg: Buffer;
  try {
    // The one decode of the upload, of every pixel: a truncated or forged file fails here,
    // not just its header.
    jpeg = await sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AGE_PHOTO_MAX_SIDE, AGE_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
  } catch {
    return { ok: false, reason: 'file_invalid_type' };
  }
  // Blankness is judged on the copy (at most 1600 px, cheap to read again): what a reviewer
  // would see or a verifier be sent.
  const { channels } = await sharp(jpeg).stats();
  if (channels.every((channel) => channel.stdev < MIN_DEVIATION)) {
    return { ok: false, reason: 'age_verification_failed' };
  }
  return { ok: true, jpeg };
}
