import { createHmac, timingSafeEqual } from 'node:crypto';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { foldersMatch } from '../../contracts/folders.ts';
import { albumDir, isSafeKey, videoDir } from '../../media/keys.ts';
import {
  albumMediaServed,
  albumPhotosVisible,
  videoMediaServed,
  videoPlayable,
} from '../kernel/access/visibility.ts';

// Who may fetch which media file (docs/decisions/0011, 0022). Files of active public videos
// and images of models, channels, members and categories are public. For private videos only
// the pictures (preview, thumb, screenshots) are public; their playback files (HLS, MP4s,
// timeline, hover clip) and every file of a deleted or unpublished video are reachable
// only through a short-lived signed URL, `/media/s/{expires}/{sig}/videos/…`. The signature
// covers the video's folder, so the relative URLs inside an HLS playlist or a VTT resolve
// to signed URLs too. Album photos follow their album the same way: an active public
// album's are public; a private one's (its cover too: only its owner's lists show it,
// decision 0032) only through a signed URL of the album's folder. Sources are never served.
// The demo's shared clips (decision 0033) are hidden rows whose files are public.

export interface VideoVisibility {
  status_id: number;
  is_private: number;
  /** `pool` marks one of the demo's shared clips (docs/decisions/0033). */
  media?: { pool?: number };
}

export interface AlbumVisibility {
  status_id: number;
  is_private: number;
}

export type MediaDecision = { allow: true; cache: 'public' | 'private' } | { allow: false };

/** How long the signed photo URLs of a private album hold, at least (members get them). */
export const SIGNED_ALBUM_TTL_S = 3600;

/** Pictures of a video that stay public when the video is private (lists show them). */
const PICTURE = /^(preview\.jpg|thumb\.webp|screenshots\/\d{1,3}\.jpg)$/;
const VIDEO_KEY = /^videos\/(\d{1,10})\/(\d{1,10})\/(\d{1,10})\/(.+)$/;
const ALBUM_KEY = /^albums\/(\d{1,10})\/(\d{1,10})\/(\d{1,10})\/(\d{1,10})(\.jpg|_thumb\.webp)$/;
const PUBLIC_PREFIXES = ['models/', 'channels/', 'members/', 'categories/'];

/**
 * Whether a key is one of a video's playback files (HLS, MP4s, timeline, hover clip): what
 * the UK gate holds back. Its pictures stay public, as lists show them.
 */
export function isPlaybackFile(key: string): boolean {
  const video = parseVideoKey(key);
  return video !== undefined && !PICTURE.test(video.file);
}

/** The video a key belongs to and the file's path inside the video's folder. */
export function parseVideoKey(key: string): { id: number; file: string } | undefined {
  const match = VIDEO_KEY.exec(key);
  if (!match) return undefined;
  const [, e6 = '', e3 = '', idText = '', file = ''] = match;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || !foldersMatch(id, e6, e3)) return undefined;
  return { id, file };
}

/** The album and photo a key names (a photo or its thumbnail); nothing else is an album file. */
export function parseAlbumKey(
  key: string,
): { id: number; photoId: number; thumb: boolean } | undefined {
  const match = ALBUM_KEY.exec(key);
  if (!match) return undefined;
  const [, e6 = '', e3 = '', idText = '', photoText = '', kind = ''] = match;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || !foldersMatch(id, e6, e3)) return undefined;
  return { id, photoId: Number(photoText), thumb: kind === '_thumb.webp' };
}

/** The folder a signed URL may open: a video's or an album's. */
function signedFolder(key: string): string | undefined {
  const video = parseVideoKey(key);
  if (video) return videoDir(video.id);
  const album = parseAlbumKey(key);
  return album ? albumDir(album.id) : undefined;
}

/** Signature of a media folder until `expires` (unix seconds). */
function signature(secret: string, dir: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`media:${expires}:${dir}`)
    .digest('base64url')
    .slice(0, 27);
}

/**
 * The signed URL prefix of a video's folder, valid for at least `ttlS` seconds. Expiry is
 * rounded up to the hour so the URLs (and what caches keep of them) change at most hourly.
 */
export function signedVideoPrefix(
  secret: string,
  videoId: number,
  ttlS: number,
  now = Date.now(),
): string {
  return signedPrefix(secret, videoDir(videoId), ttlS, now);
}

/** The signed URL prefix of an album's folder (its photos and thumbnails), as for videos. */
export function signedAlbumPrefix(
  secret: string,
  albumId: number,
  ttlS: number,
  now = Date.now(),
): string {
  return signedPrefix(secret, albumDir(albumId), ttlS, now);
}

function signedPrefix(secret: string, dir: string, ttlS: number, now: number): string {
  const expires = Math.ceil((now / 1000 + ttlS) / 3600) * 3600;
  return `/media/s/${expires}/${signature(secret, dir, expires)}/`;
}

export interface MediaAccessDeps {
  secret: string;
  /** Status of a video, or undefined when there is none. */
  visibility(id: number): Promise<VideoVisibility | undefined>;
  /** Status of an album, or undefined when there is none. */
  albumVisibility(id: number): Promise<AlbumVisibility | undefined>;
  now?: () => number;
}

export function createMediaAccess(deps: MediaAccessDeps) {
  const now = deps.now ?? Date.now;

  async function albumAccess(key: string): Promise<MediaDecision> {
    const file = parseAlbumKey(key);
    if (!file) return { allow: false };
    const album = await deps.albumVisibility(file.id);
    // Without a signature the request is a visitor's: a member gets signed URLs.
    return album && albumPhotosVisible(album, null)
      ? { allow: true, cache: 'public' }
      : { allow: false };
  }

  return {
    signedPrefix(videoId: number, ttlS: number): string {
      return signedVideoPrefix(deps.secret, videoId, ttlS, now());
    },

    /** Whether a public (unsigned) request for a media key may be answered. */
    async publicAccess(key: string): Promise<MediaDecision> {
      if (!isSafeKey(key)) return { allow: false };
      if (PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))) {
        return { allow: true, cache: 'public' };
      }
      if (key.startsWith('albums/')) return albumAccess(key);
      const video = parseVideoKey(key);
      if (!video) return { allow: false };
      const state = await deps.visibility(video.id);
      // A shared demo clip is hidden as a video but plays for every demo video that shares
      // it, public and private alike: its files are public (synthetic, decision 0033).
      if (state?.media?.pool !== undefined) return { allow: true, cache: 'public' };
      if (!state) return { allow: false };
      if (PICTURE.test(video.file)) {
        // Lists show the pictures of every active video, private ones too; a processing
        // video has pictures before it is published (its upload page shows them).
        if (state.status_id === VIDEO_STATUS.active) return { allow: true, cache: 'public' };
        return state.status_id === VIDEO_STATUS.processing
          ? { allow: true, cache: 'private' }
          : { allow: false };
      }
      // A playback file: what plays for a visitor (a member gets signed URLs). Whether the
      // file exists is storage's answer.
      return videoPlayable({ ...state, encoded: true }, null)
        ? { allow: true, cache: 'public' }
        : { allow: false };
    },

    /** Whether a signed request (`/media/s/{expires}/{sig}/{key}`) may be answered. */
    async signedAccess(expiresText: string, sig: string, key: string): Promise<MediaDecision> {
      if (!isSafeKey(key) || !/^\d{1,12}$/.test(expiresText)) return { allow: false };
      const expires = Number(expiresText);
      if (expires * 1000 < now()) return { allow: false };
      const folder = signedFolder(key);
      if (!folder) return { allow: false };
      const expected = Buffer.from(signature(deps.secret, folder, expires));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { allow: false };
      }
      // A link handed out earlier stops working once its video is deleted or taken down.
      const video = parseVideoKey(key);
      if (video) {
        const state = await deps.visibility(video.id);
        if (!state || !videoMediaServed(state)) return { allow: false };
      }
      // So does a private album's, once the album is deleted or taken down (decision 0047).
      const album = parseAlbumKey(key);
      if (album) {
        const state = await deps.albumVisibility(album.id);
        if (!state || !albumMediaServed(state)) return { allow: false };
      }
      return { allow: true, cache: 'private' };
    },
  };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;

/**
 * Remembers video (or album) visibility for a short while: a playing video fetches a segment
 * every few seconds, an album page asks for dozens of photos at once, and PGlite answers one
 * query at a time. A change of privacy or a deletion takes effect within `ttlMs`.
 */
export function cachedVisibility<T>(
  load: (id: number) => Promise<T | undefined>,
  opts: {
    ttlMs: number;
    max: number;
    now?: () => number;
    /** Tells the site's other processes (the forget bus) what `forget` forgot. */
    onForget?: (id: number) => void;
  },
): ((id: number) => Promise<T | undefined>) & {
  forget(id: number): void;
  /** A forget another process made (`all`: everything), applied here only. */
  forgetFromElsewhere(id: number | 'all'): void;
} {
  const now = opts.now ?? Date.now;
  const entries = new Map<number, { at: number; value: Promise<T | undefined> }>();
  const get = (id: number) => {
    const hit = entries.get(id);
    if (hit && now() - hit.at < opts.ttlMs) return hit.value;
    const value = load(id);
    entries.delete(id);
    entries.set(id, { at: now(), value });
    // A failed lookup is not remembered.
    value.catch(() => entries.delete(id));
    if (entries.size > opts.max) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return value;
  };
  // A takedown or deletion is served at once, not after the lifetime.
  return Object.assign(get, {
    forget(id: number) {
      entries.delete(id);
      opts.onForget?.(id);
    },
    forgetFromElsewhere(id: number | 'all') {
      if (id === 'all') entries.clear();
      else entries.delete(id);
    },
  });
}
