import { folderE3, folderE6 } from '../contracts/folders.ts';

// Storage keys: forward-slash paths relative to the storage root, never with a leading slash.
// Videos and their sources are sharded `{e6}/{e3}` (API-CONTRACT.md "Folder segments"); the
// smaller collections only by `{e3}`.

export const VIDEO_FILE_FORMATS = ['_hq.mp4', '_lq.mp4', '_tr.mp4'] as const;
export type VideoFileFormat = (typeof VIDEO_FILE_FORMATS)[number];

/** `{e6}/{e3}`, refusing ids that would make a nonsense path (NaN, negative, fractional). */
function shards(id: number): string {
  return `${folderE6(checkId(id))}/${folderE3(id)}`;
}

function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`Invalid media id: ${id}`);
  return id;
}

export function videoDir(id: number): string {
  return `videos/${shards(id)}/${id}`;
}

/** The 640x360 JPEG screenshot (`scr`). */
export function videoPreviewKey(id: number): string {
  return `${videoDir(id)}/preview.jpg`;
}

/** The short muted clip a thumb plays on hover. */
export function videoHoverKey(id: number): string {
  return `${videoDir(id)}/hover.mp4`;
}

/** The 320x180 WebP thumbnail. */
export function videoThumbKey(id: number): string {
  return `${videoDir(id)}/thumb.webp`;
}

/**
 * One run of the pipeline writes its streaming files under a generation folder `g{gen}`:
 * a reprocessed video gets new URLs, so every file under a generation never changes.
 */
export function videoGenDir(id: number, gen: number): string {
  if (!(Number.isSafeInteger(gen) && gen > 0)) throw new RangeError(`Invalid generation: ${gen}`);
  return `${videoDir(id)}/g${gen}`;
}

/** The HLS master playlist of a generation. */
export function hlsMasterKey(id: number, gen: number): string {
  return `${videoGenDir(id, gen)}/hls/master.m3u8`;
}

/** The folder of one HLS rung (`index.m3u8`, `init.mp4`, `seg_*.m4s`). */
export function hlsRungDir(id: number, gen: number, height: number): string {
  if (!(Number.isInteger(height) && height > 0)) throw new RangeError(`Invalid height: ${height}`);
  return `${videoGenDir(id, gen)}/hls/${height}`;
}

/** The folder of the sprite sheet and its WebVTT timeline. */
export function timelineDir(id: number, gen: number): string {
  return `${videoGenDir(id, gen)}/timeline`;
}

/** Screenshot `n` (1-based) of a video: the `thumbs` of the video page. */
export function videoScreenshotKey(id: number, n: number): string {
  if (!(Number.isInteger(n) && n > 0)) throw new RangeError(`Invalid screenshot: ${n}`);
  return `${videoDir(id)}/screenshots/${n}.jpg`;
}

export function videoFileKey(id: number, format: VideoFileFormat): string {
  return `${videoDir(id)}/${id}${format}`;
}

/** The uploaded original, kept apart from the renditions so a whole video dir can be served. */
/**
 * The preview a member chose for an upload (a frame or an own image, docs/decisions/0015).
 * While it is stored it is the main screenshot, in every run; else the frame at 30% is.
 */
export function chosenPreviewKey(id: number): string {
  return `${videoDir(id)}/chosen-preview.jpg`;
}

export function videoSourceKey(id: number, ext: string): string {
  if (!/^[A-Za-z0-9]{1,8}$/.test(ext)) throw new RangeError(`Invalid source extension: ${ext}`);
  return `sources/${shards(id)}/${id}.${ext}`;
}

export function modelImageKey(id: number): string {
  return `models/${folderE3(checkId(id))}/${id}/avatar.webp`;
}

export function channelImageKey(id: number): string {
  return `channels/${folderE3(checkId(id))}/${id}/avatar.webp`;
}

export function memberAvatarKey(id: number): string {
  return `members/${folderE3(checkId(id))}/${id}/avatar.webp`;
}

/** The 1250x250 WebP cover of a member's page (SPEC.md §5). */
export function memberCoverKey(id: number): string {
  return `members/${folderE3(checkId(id))}/${id}/cover.webp`;
}

export function categoryImageKey(id: number): string {
  return `categories/${checkId(id)}/cover.webp`;
}

/** The folder of an album's photos, sharded like videos. */
export function albumDir(albumId: number): string {
  return `albums/${shards(albumId)}/${albumId}`;
}

/** A photo of an album (full size JPEG). */
export function albumPhotoKey(albumId: number, photoId: number): string {
  return `${albumDir(albumId)}/${checkId(photoId)}.jpg`;
}

/** The 320px-wide WebP thumbnail of an album photo. */
export function albumPhotoThumbKey(albumId: number, photoId: number): string {
  return `${albumDir(albumId)}/${checkId(photoId)}_thumb.webp`;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;

/**
 * True for `seg/seg/…` keys of `[A-Za-z0-9._-]` segments. Refuses anything that could leave the
 * storage root: leading slash, empty segments, `.`/`..` segments and any `..` at all.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.includes('..')) return false;
  return key.split('/').every((seg) => seg !== '.' && SEGMENT.test(seg));
}
