import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';

// Who decides that a UK member is an adult from a photo (SPEC.md §4 UK gate). Real
// age-estimation services cannot be reached from here, so the site talks to them through
// this interface; `local` is the development stand-in (decision 0018). The photo is only
// ever held in memory: no implementation may write it anywhere.

export type AgeCheckFailure = 'file_invalid_type' | 'file_too_large' | 'age_verification_failed';

export type AgeCheck = { ok: true } | { ok: false; reason: AgeCheckFailure };

export interface AgeVerifier {
  /** Judges one photo of the member. Answers a failure reason, never throws for bad input. */
  verify(image: Buffer): Promise<AgeCheck>;
}

/** SPEC.md §4: a photo, at most 10 MB. */
export const AGE_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Smaller than this no provider can judge a face; neither does the stand-in accept it. */
export const AGE_PHOTO_MIN = { width: 320, height: 240 } as const;
const FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A picture whose every channel varies less than this is blank, not a photo. */
const MIN_DEVIATION = 4;

/**
 * The development stand-in: approves any upload that is a real, decodable JPEG, PNG or WebP
 * photo of at least 320x240 that is not a blank picture. It does NOT estimate age; an operator
 * serving the UK replaces it with a provider (AGE_VERIFIER).
 */
export function createLocalAgeVerifier(): AgeVerifier {
  return {
    async verify(image) {
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
      try {
        // Decodes every pixel: a truncated or forged file fails here, not just its header.
        const { channels } = await sharp(image, {
          limitInputPixels: MAX_IMAGE_PIXELS,
          failOn: 'error',
        })
          .removeAlpha()
          .stats();
        if (channels.every((channel) => channel.stdev < MIN_DEVIATION)) {
          return { ok: false, reason: 'age_verification_failed' };
        }
      } catch {
        return { ok: false, reason: 'file_invalid_type' };
      }
      return { ok: true };
    },
  };
}

/** The verifier AGE_VERIFIER names. */
export function createAgeVerifier(kind: 'local'): AgeVerifier {
  switch (kind) {
    case 'local':
      return createLocalAgeVerifier();
  }
}
