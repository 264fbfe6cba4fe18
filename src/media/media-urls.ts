import {
  categoryImageKey,
  channelImageKey,
  memberAvatarKey,
  memberCoverKey,
  modelImageKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoThumbKey,
} from './keys.ts';
import type { MediaStorage } from './storage.ts';

// Public URLs of media files. A version of 0 means the file was never made: the URL is the
// shared placeholder, so a list never points at a missing file.

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export interface MediaUrls {
  videoPreview(id: number, version: number): string;
  videoThumb(id: number, version: number): string;
  /** Screenshot `n` (1-based) of a video. */
  videoScreenshot(id: number, n: number, version: number): string;
  /** Any stored file by key, unversioned (streaming files carry their generation in the key). */
  file(key: string): string;
  /**
   * The hover clip by its storage key (a demo video's is its shared clip's, decision 0033);
   * empty when there is none.
   */
  hoverClip(key: string | null | undefined, version: number): string;
  modelImage(id: number, version: number): string;
  channelImage(id: number, version: number): string;
  memberAvatar(id: number, version: number): string;
  /** The cover of a member's page; empty when there is none (pages show no cover then). */
  memberCover(id: number, version: number): string;
  categoryImage(id: number, version: number): string;
}

export function createMediaUrls(storage: Pick<MediaStorage, 'url'>): MediaUrls {
  const url = (key: string, version: number) =>
    version > 0 ? storage.url(key, version) : PLACEHOLDER_IMAGE;
  return {
    videoPreview: (id, v) => url(videoPreviewKey(id), v),
    videoThumb: (id, v) => url(videoThumbKey(id), v),
    videoScreenshot: (id, n, v) => url(videoScreenshotKey(id, n), v),
    file: (key) => storage.url(key),
    hoverClip: (key, v) => (key && v > 0 ? storage.url(key, v) : ''),
    modelImage: (id, v) => url(modelImageKey(id), v),
    channelImage: (id, v) => url(channelImageKey(id), v),
    memberAvatar: (id, v) => url(memberAvatarKey(id), v),
    memberCover: (id, v) => (v > 0 ? storage.url(memberCoverKey(id), v) : ''),
    categoryImage: (id, v) => url(categoryImageKey(id), v),
  };
}
