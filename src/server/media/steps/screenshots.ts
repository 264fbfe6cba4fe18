import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type RunOptions, runFfmpeg } from '../../../media/exec.ts';
import { MediaError, screenshotArgs } from '../../../media/ffmpeg.ts';
import type { MediaInput } from '../../../media/input.ts';
import {
  chosenPreviewKey,
  videoPreviewKey,
  videoScreenshotKey,
  videoThumbKey,
} from '../../../media/keys.ts';
import { PREVIEW_SIZE, THUMB_SIZE } from '../../../media/sizes.ts';
import type { MediaStorage } from '../../../media/storage.ts';

// The screenshots of the pipeline's first step (media-process-video.job.ts): five frames
// across the video; the second (at 30%) becomes the preview and the thumb unless the member
// chose their own picture at upload. A frame that cannot be found means a broken file.

/** Screenshots across the video; the second (at 30%) is the preview, as before. */
export const SCREENSHOT_AT = [0.1, 0.3, 0.5, 0.7, 0.9] as const;
const PREVIEW_INDEX = 1;

/** How far before a screenshot's time decoding starts when a plain seek finds no frame. */
const SEEK_LEAD_S = 60;

export interface ScreenshotDeps {
  storage: MediaStorage;
  ffmpegPath: string;
}

export interface ScreenshotRun {
  videoId: number;
  source: MediaInput;
  durationS: number;
  scratch: string;
  run: Pick<RunOptions, 'timeoutMs' | 'signal' | 'pidFile'>;
}

/** Takes and stores the screenshots, then the preview and thumb (the chosen picture's if any). */
export async function takeScreenshots(deps: ScreenshotDeps, shot: ScreenshotRun): Promise<void> {
  const { videoId, source, durationS, scratch, run } = shot;
  const chosen = (await deps.storage.exists(chosenPreviewKey(videoId)))
    ? deps.storage.localPath(chosenPreviewKey(videoId))
    : undefined;
  for (const [index, at] of SCREENSHOT_AT.entries()) {
    const frame = path.join(scratch, `frame-${index}.png`);
    const atS = durationS * at;
    const grab = async (decodeFromS?: number) => {
      await runFfmpeg(
        deps.ffmpegPath,
        screenshotArgs({ input: source, output: frame, atS, decodeFromS, ...PREVIEW_SIZE }),
        run,
      );
      return access(frame).then(
        () => true,
        () => false,
      );
    };
    // ffmpeg ends well with no frame when its seek finds none: sparse keyframes (decoding
    // the minute before finds it) or a file shorter than it says, a truncated upload,
    // which every encode would cut short too.
    if (!(await grab()) && !(await grab(atS - SEEK_LEAD_S))) {
      throw new MediaError(
        'video_corrupted_file',
        `Not a usable video: no frame at ${atS.toFixed(1)} s of ${durationS} s`,
      );
    }
    const jpeg = await sharp(frame).jpeg({ quality: 80 }).toBuffer();
    await deps.storage.put(videoScreenshotKey(videoId, index + 1), jpeg);
    if (index === PREVIEW_INDEX && !chosen) await putPreview(deps.storage, videoId, frame);
  }
  if (chosen) await putPreview(deps.storage, videoId, chosen);
}

/** The main screenshot (`scr`, 640x360 JPEG) and the thumb (320x180 WebP) from one image. */
async function putPreview(storage: MediaStorage, videoId: number, image: string): Promise<void> {
  const cover = { fit: 'cover' as const };
  await storage.put(
    videoPreviewKey(videoId),
    await sharp(image)
      .resize(PREVIEW_SIZE.width, PREVIEW_SIZE.height, cover)
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
  await storage.put(
    videoThumbKey(videoId),
    await sharp(image)
      .resize(THUMB_SIZE.width, THUMB_SIZE.height, cover)
      .webp({ quality: 72 })
      .toBuffer(),
  );
}
