import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../contracts/errors.ts';
import { thousandsFolder } from '../../contracts/folders.ts';
import type { VideoFileList } from '../../contracts/video.schema.ts';
import { encodeVideoUrl } from '../../contracts/video-url.ts';
import { VIDEO_FILE_FORMATS, type VideoFileFormat } from '../../media/keys.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { videoPlayback } from '../kernel/access/visibility.ts';
import type { VideoRepository } from './video.repository.ts';

// Downloadable files of a video (SPEC.md §7 videofile, API-CONTRACT.md): a list of encoded
// `/get_file/…` paths, worst to best, because download clients take the last entry. The
// `_tr` trailer (a short clip, not a quality of the video) comes first; the best full file
// is last and the default. A get_file path is signed, so only links this server handed out
// resolve; the file behind it is checked again for access when it is fetched.

/** The order of the list: trailer, then the full video from the lowest quality up. */
export const VIDEO_FILE_ORDER: readonly VideoFileFormat[] = ['_tr.mp4', '_lq.mp4', '_hq.mp4'];

/**
 * The entries for the formats a video has, worst to best; the last full file is the
 * default. None without a full file: a trailer alone is not a download of the video.
 */
export function videoFileEntries(
  available: ReadonlySet<string>,
  url: (format: VideoFileFormat) => string,
): VideoFileList {
  const formats = VIDEO_FILE_ORDER.filter((format) => available.has(format));
  const best = formats.findLast((format) => format !== '_tr.mp4');
  if (best === undefined) return [];
  return formats.map((format) => ({
    format,
    video_url: url(format),
    is_default: format === best ? 1 : 0,
  }));
}

export interface VideoFileServiceDeps {
  videos: Pick<VideoRepository, 'getPlayback'>;
  secret: string;
}

/** `/get_file/{sig}/{e6}/{e3}/{id}/{id}{format}/` */
export function getFilePath(secret: string, id: number, format: VideoFileFormat): string {
  const rest = `${thousandsFolder(id)}/${id}/${id}${format}`;
  return `/get_file/${sign(secret, rest)}/${rest}/`;
}

function sign(secret: string, rest: string): string {
  return createHmac('sha256', secret).update(rest).digest('base64url').slice(0, 22);
}

export function verifyGetFile(secret: string, sig: string, rest: string): boolean {
  const expected = Buffer.from(sign(secret, rest));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function createVideoFileService(deps: VideoFileServiceDeps) {
  /** The video if this viewer may download it; otherwise the failure to answer. */
  async function playable(id: number, viewer: Viewer | null) {
    const video = await deps.videos.getPlayback(id);
    if (!video) throw new AppError('not_found');
    // Whether the file asked for exists is checked per format by the caller.
    const playback = videoPlayback({ ...video, encoded: true }, viewer);
    if (playback === 'unavailable') throw new AppError('not_found');
    if (playback === 'members') throw new AppError('need_auth');
    return video;
  }

  return {
    /** Files worst to best; the private flag tells the route not to let shared caches keep it. */
    async list(
      id: number,
      viewer: Viewer | null,
    ): Promise<{ files: VideoFileList; personal: boolean }> {
      const video = await playable(id, viewer);
      const available = new Set(VIDEO_FILE_FORMATS.filter((format) => video.media.files?.[format]));
      const files = videoFileEntries(available, (format) =>
        encodeVideoUrl(getFilePath(deps.secret, id, format)),
      );
      if (files.length === 0) throw new AppError('not_found');
      return { files, personal: video.is_private === 1 };
    },

    /** Storage key of a signed get_file path the viewer may fetch. */
    async resolve(
      id: number,
      format: string,
      viewer: Viewer | null,
    ): Promise<{ key: string; personal: boolean }> {
      if (!(VIDEO_FILE_FORMATS as readonly string[]).includes(format)) {
        throw new AppError('not_found');
      }
      const video = await playable(id, viewer);
      const key = video.media.files?.[format];
      if (!key) throw new AppError('not_found');
      return { key, personal: video.is_private === 1 };
    },
  };
}

export type VideoFileService = ReturnType<typeof createVideoFileService>;
