import sharp, { type Metadata } from 'sharp';
import type { ErrorCode } from '../../contracts/errors.ts';
import { ACCEPTED_IMAGE_FORMATS, MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';

// The picture a report may carry (a screenshot, the proof of a copyright): decoded by what
// its bytes are, never by its name or claimed type, with the limits of avatars (decision
// 0017); turned upright and written again as WebP, so nothing of the original travels on:
// no EXIF, GPS, camera, ICC profile or comment, no second payload after the image data.

/** Large enough to read any screenshot, small enough to keep in the row and the mail. */
export const REPORT_IMAGE_MAX_SIDE = 2560;
const WEBP_QUALITY = 82;

export type ReportImageResult =
  | { ok: true; data: Buffer; width: number; height: number }
  | { ok: false; code: Extract<ErrorCode, 'file_invalid_type' | 'file_too_large'> };

/** Cheap: the header only. A failure here means the full decode is never paid for. */
export async function inspectReportImage(
  input: Buffer,
): Promise<{ ok: true } | Extract<ReportImageResult, { ok: false }>> {
  let meta: Metadata;
  try {
    // No pixel limit for reading the header (nothing is decoded), so a picture over it is
    // told `file_too_large`, not taken for something that is no picture at all.
    meta = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    return { ok: false, code: 'file_invalid_type' };
  }
  if (!meta.format || !ACCEPTED_IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, code: 'file_invalid_type' };
  }
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) return { ok: false, code: 'file_too_large' };
  return { ok: true };
}

export async function renderReportImage(input: Buffer): Promise<ReportImageResult> {
  const inspected = await inspectReportImage(input);
  if (!inspected.ok) return inspected;
  try {
    const { data, info } = await decoder(input)
      .rotate()
      .resize(REPORT_IMAGE_MAX_SIDE, REPORT_IMAGE_MAX_SIDE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height };
  } catch {
    // The header decoded but the pixels did not (a corrupt or truncated body).
    return { ok: false, code: 'file_invalid_type' };
  }
}

function decoder(input: Buffer) {
  // `failOn: 'error'`: a truncated or corrupt file is refused, not half-rendered; one page
  // of an animation is enough to see what it shows.
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, pages: 1 });
}
