import sharp, { type Metadata } from 'sharp';
import type { ErrorCode } from '../../contracts/errors.ts';
import { PROFILE_IMAGES } from '../../contracts/profile.rules.ts';
import { ACCEPTED_IMAGE_FORMATS, MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';

// A member's avatar and cover from an uploaded picture (docs/decisions/0017): decoded by
// what the bytes are, never by the name or type the browser claims; turned upright by its
// EXIF orientation; cropped to the shape the site shows; written as WebP without any of
// the original's metadata (EXIF, GPS, camera, ICC profile, comments).

export type ProfileImageKind = 'avatar' | 'cover';

/** Output size of each kind: the avatar at twice the largest size pages show (160 px). */
export const PROFILE_IMAGE_OUTPUT: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: { width: 320, height: 320 },
  cover: { width: 1250, height: 250 },
};

const MINIMUM: Record<ProfileImageKind, { width: number; height: number }> = {
  avatar: PROFILE_IMAGES.avatarMin,
  cover: PROFILE_IMAGES.coverMin,
};

const WEBP_QUALITY = 82;

export type ProfileImageResult =
  | { ok: true; data: Buffer; width: number; height: number }
  | {
      ok: false;
      code: Extract<ErrorCode, 'file_invalid_type' | 'file_too_large' | 'invalid_img_size'>;
      /** invalid_img_size: the minimum size, for the message. */
      info?: { width: number; height: number };
    };

export async function renderProfileImage(
  kind: ProfileImageKind,
  input: Buffer,
): Promise<ProfileImageResult> {
  const decoder = () =>
    // `failOn: 'error'`: a truncated or corrupt file is refused, not half-rendered.
    sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 });
  let meta: Metadata;
  try {
    meta = await decoder().metadata();
  } catch {
    return { ok: false, code: 'file_invalid_type' };
  }
  if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, code: 'file_invalid_type' };
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) return { ok: false, code: 'file_too_large' };
  // Orientations 5-8 turn the picture a quarter: the upright size swaps the sides.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const min = MINIMUM[kind];
  if (width < min.width || height < min.height) {
    return { ok: false, code: 'invalid_img_size', info: { ...min } };
  }
  const out = PROFILE_IMAGE_OUTPUT[kind];
  try {
    const data = await decoder()
      .rotate()
      .resize(out.width, out.height, {
        fit: 'cover',
        // A face is usually what matters in an avatar; a cover is a landscape.
        position: kind === 'avatar' ? sharp.strategy.attention : 'centre',
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    return { ok: true, data, width: out.width, height: out.height };
  } catch {
    // The header decoded but the pixels did not (a corrupt body).
    return { ok: false, code: 'file_invalid_type' };
  }
}
