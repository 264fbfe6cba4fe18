import sharp, { type Metadata } from 'sharp';
import { ALBUM_PHOTOS } from '../../contracts/album.rules.ts';
import type { ErrorCode } from '../../contracts/errors.ts';
import { PHOTO_MAX_SIDE, THUMB_SHORT_SIDE } from '../../media/album-sizes.ts';
import { MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';

// An album photo from an uploaded file (docs/decisions/0032): a JPEG, PNG or WebP by its
// first bytes and by what sharp decodes (both must agree; the name and the type the browser
// claims decide nothing), within the avatar's byte and pixel bounds, turned upright by its
// EXIF orientation and written anew without any of the original's metadata (EXIF, GPS,
// camera, ICC profile, comments): the photo as a JPEG of at most 2048 px a side, and a
// WebP thumbnail whose short side is 400 px for the album's grid.

export type ImageKind = 'jpeg' | 'png' | 'webp';

const JPEG = { quality: 84, mozjpeg: false } as const;
const WEBP = { quality: 72, effort: 3 } as const;

/** The format a file starts like, from its magic bytes; undefined for anything else. */
export function sniffImage(head: Uint8Array): ImageKind | undefined {
  const at = (from: number, expected: readonly number[]) =>
    head.length >= from + expected.length && expected.every((b, i) => head[from + i] === b);
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF….WEBP
  if (at(0, [0x52, 0x49, 0x46, 0x46]) && at(8, [0x57, 0x45, 0x42, 0x50])) return 'webp';
  return undefined;
}

export type AlbumPhotoResult =
  | { ok: true; photo: Buffer; thumb: Buffer; width: number; height: number }
  | {
      ok: false;
      code: Extract<ErrorCode, 'file_invalid_type' | 'file_too_large' | 'invalid_img_size'>;
      info?: Record<string, number>;
    };

export async function renderAlbumPhoto(input: Buffer): Promise<AlbumPhotoResult> {
  if (input.length > ALBUM_PHOTOS.maxBytes) {
    return { ok: false, code: 'file_too_large', info: { size: ALBUM_PHOTOS.maxBytes } };
  }
  const kind = sniffImage(input.subarray(0, 16));
  if (!kind) return { ok: false, code: 'file_invalid_type' };
  const decoder = () =>
    // `failOn: 'error'`: a truncated or corrupt file is refused, not half-rendered.
    sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 });
  let meta: Metadata;
  try {
    meta = await decoder().metadata();
  } catch (error) {
    // sharp names the pixel limit; anything else it cannot read is no image of ours.
    return /pixel limit/i.test(String(error))
      ? { ok: false, code: 'file_too_large', info: { pixels: MAX_IMAGE_PIXELS } }
      : { ok: false, code: 'file_invalid_type' };
  }
  if (meta.format !== kind || !meta.width || !meta.height) {
    return { ok: false, code: 'file_invalid_type' };
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    return { ok: false, code: 'file_too_large', info: { pixels: MAX_IMAGE_PIXELS } };
  }
  // Orientations 5-8 turn the picture a quarter: the upright size swaps the sides.
  const turned = (meta.orientation ?? 1) >= 5;
  const uprightWidth = turned ? meta.height : meta.width;
  const uprightHeight = turned ? meta.width : meta.height;
  const min = ALBUM_PHOTOS.min;
  if (uprightWidth < min.width || uprightHeight < min.height) {
    return { ok: false, code: 'invalid_img_size', info: { ...min } };
  }
  try {
    // Decoded once; both sizes come from the upright pixels.
    const { data, info } = await decoder()
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      // Flattened: a transparent PNG gets the page's dark background, not JPEG's black.
      .flatten({ background: '#15121a' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [photo, thumb] = await Promise.all([
      sharp(data, raw).jpeg(JPEG).toBuffer(),
      sharp(data, raw)
        .resize(THUMB_SHORT_SIDE, THUMB_SHORT_SIDE, { fit: 'outside', withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer(),
    ]);
    return { ok: true, photo, thumb, width: info.width, height: info.height };
  } catch {
    // The header decoded but the pixels did not (a corrupt body).
    return { ok: false, code: 'file_invalid_type' };
  }
}
