import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { hoverClipArgs, MediaError, mp4Args, screenshotArgs } from '../../media/ffmpeg.ts';
import {
  type VideoFileFormat,
  videoFileKey,
  videoHoverKey,
  videoPreviewKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { PREVIEW_SIZE, THUMB_SIZE } from '../../media/placeholder-art.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { VideoMediaRepository } from '../repositories/video-media.repository.ts';
import type { JobDefinition } from './queue.ts';

// Turns an uploaded source into the files a video needs: MP4 downloads (_hq, _lq and a short
// _tr trailer), its screenshot (preview JPEG and thumb WebP) and the muted hover clip. Outputs are written to a
// scratch directory and moved into storage only when complete, so a crash mid-job leaves
// nothing half-written and the retry starts clean.

interface Rendition {
  format: VideoFileFormat;
  maxHeight: number;
  crf: number;
  audioKbps: number;
  trailer?: boolean;
}

export const RENDITIONS: Rendition[] = [
  { format: '_hq.mp4', maxHeight: 720, crf: 23, audioKbps: 128 },
  { format: '_lq.mp4', maxHeight: 360, crf: 28, audioKbps: 96 },
  { format: '_tr.mp4', maxHeight: 360, crf: 28, audioKbps: 96, trailer: true },
];

const TRAILER_S = 10;
/** The hover clip: four scenes of 1.5 s, at the thumb's size. */
export const HOVER_CLIP = { scenes: 4, sceneS: 1.5 } as const;

export interface ProcessVideoDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
}

export function processVideoJob(deps: ProcessVideoDeps): JobDefinition<'media.process-video'> {
  return {
    retryLimit: 3,
    retryDelaySeconds: 15,
    timeoutSeconds: 3600,
    concurrency: 1,
    async handler({ videoId }, { signal, log }) {
      const video = await deps.videos.getForProcessing(videoId);
      const sourceKey = video?.media.source;
      if (!video || !sourceKey) {
        log.warn({ videoId }, 'nothing to process');
        return;
      }
      const source = deps.storage.localPath(sourceKey);
      let probe: Awaited<ReturnType<typeof runFfprobe>>;
      try {
        probe = await runFfprobe(deps.ffprobePath, source, { timeoutMs: 60_000, signal });
      } catch (error) {
        if (error instanceof MediaError && error.code === 'video_corrupted_file') {
          // A broken upload never gets better: fail the video, do not retry the job.
          await deps.videos.markFailed(videoId, error.code);
          log.warn({ videoId, err: error }, 'source is not a usable video');
          return;
        }
        throw error;
      }

      const scratch = await mkdtemp(path.join(tmpdir(), `afterglow-${videoId}-`));
      try {
        // Each ffmpeg run may take a few times the video's length on a small machine.
        const timeoutMs = Math.max(120_000, probe.durationS * 8_000);
        const files: Record<string, string> = {};
        for (const rendition of RENDITIONS) {
          const output = path.join(scratch, `${videoId}${rendition.format}`);
          const trailerStart = Math.max(
            0,
            Math.min(probe.durationS * 0.2, probe.durationS - TRAILER_S),
          );
          await runFfmpeg(
            deps.ffmpegPath,
            mp4Args({
              input: source,
              output,
              maxHeight: rendition.maxHeight,
              crf: rendition.crf,
              preset: 'veryfast',
              audioKbps: rendition.audioKbps,
              ...(rendition.trailer
                ? {
                    startS: Math.floor(trailerStart),
                    durationS: Math.min(TRAILER_S, probe.durationS),
                  }
                : {}),
            }),
            { timeoutMs, signal },
          );
          const key = videoFileKey(videoId, rendition.format);
          await deps.storage.putFile(key, output, { move: true });
          files[rendition.format] = key;
        }

        const frame = path.join(scratch, 'frame.png');
        await runFfmpeg(
          deps.ffmpegPath,
          screenshotArgs({
            input: source,
            output: frame,
            atS: probe.durationS * 0.3,
            ...PREVIEW_SIZE,
          }),
          { timeoutMs: 60_000, signal },
        );
        await deps.storage.put(
          videoPreviewKey(videoId),
          await sharp(frame).jpeg({ quality: 80 }).toBuffer(),
        );
        await deps.storage.put(
          videoThumbKey(videoId),
          await sharp(frame)
            .resize(THUMB_SIZE.width, THUMB_SIZE.height)
            .webp({ quality: 72 })
            .toBuffer(),
        );

        const hover = path.join(scratch, 'hover.mp4');
        await runFfmpeg(
          deps.ffmpegPath,
          hoverClipArgs({
            input: source,
            output: hover,
            durationS: probe.durationS,
            ...THUMB_SIZE,
            ...HOVER_CLIP,
          }),
          { timeoutMs: 120_000, signal },
        );
        await deps.storage.putFile(videoHoverKey(videoId), hover, { move: true });

        await deps.videos.markProcessed(videoId, {
          duration: probe.durationS,
          width: probe.width,
          height: probe.height,
          files,
          hover: videoHoverKey(videoId),
        });
        log.info({ videoId, duration: probe.durationS, height: probe.height }, 'video processed');
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}
