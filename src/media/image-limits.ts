// Limits shared by every decode of a picture a member sends: avatar, cover, a video's own
// preview, the age check photo (docs/decisions/0017, 0022).

/**
 * sharp's `limitInputPixels` for all of them, a decompression bomb guard: 50 megapixels is
 * more than any phone camera makes, while a 16000x16000 PNG of one colour is under a MB on
 * the wire and 768 MB once decoded (sharp's own default lets 268 megapixels through). With
 * it set, even `metadata()` refuses such a picture from its header, before any decoding.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Formats taken in, read from the bytes (`heif` is AVIF in sharp's prebuilt libvips). SVG is
 * refused: it is a document that can carry scripts and links, not a picture.
 */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set([
  'jpeg',
  'png',
  'webp',
  'gif',
  'heif',
]);
