import { access } from 'node:fs/promises';
import type { MediaStepName, MediaStepPayloads } from '../../../contracts/media-task.ts';
import type { VideoMedia } from '../../../db/schema.ts';
import { runFfmpeg } from '../../../media/exec.ts';
import { biggerRungFor, ladderFor, rungWidth } from '../../../media/hls.ts';
import { type MediaInput, ownHlsInput } from '../../../media/input.ts';
import { hlsRungDir } from '../../../media/keys.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { JobContext } from '../../kernel/jobs/queue.ts';
import type { VideoMediaRepository } from '../video-media.repository.ts';

// What every step of the media pipeline is given (media-task.job.ts runs them): the video's
// current run, its pinned source, a scratch folder whose outputs are moved into storage, and
// the limits its ffmpeg runs under.

export interface StepDeps {
  videos: VideoMediaRepository;
  storage: MediaStorage;
  ffmpegPath: string;
  ffprobePath: string;
}

export interface StepRun {
  id: number;
  gen: number;
  media: VideoMedia & { probe: NonNullable<VideoMedia['probe']> };
  source: MediaInput;
  scratch: string;
  pidFile: string;
  timeoutMs: number;
  ctx: JobContext;
  progress(fraction: number): void;
}

export interface StepDefinition<N extends MediaStepName> {
  /**
   * Longest one run of the step may take, in seconds per second of video (its ffmpeg is
   * killed then): x264 veryfast on two cores does a 1080p rung at about real time.
   */
  timeoutFactor: number;
  run(deps: StepDeps, step: StepRun, payload: MediaStepPayloads[N]): Promise<void>;
}

/** An ffmpeg of the step whose progress counts for `share` of the step's. */
export function ffmpeg(deps: StepDeps, step: StepRun, args: string[], share = 1) {
  const duration = step.media.probe.duration;
  return runFfmpeg(deps.ffmpegPath, args, {
    ...runOptions(step),
    onProgress: (seconds) => step.progress((seconds / duration) * share),
  });
}

export function runOptions(step: StepRun) {
  return { timeoutMs: step.timeoutMs, signal: step.ctx.signal, pidFile: step.pidFile };
}

/** The rungs of this video by height, with the width each comes out at. */
export function rungsOf(media: StepRun['media']) {
  const { width, height } = media.probe;
  return ladderFor(height).map((rung) => ({ rung, width: rungWidth(width, height, rung.height) }));
}

/**
 * The playlist of the smallest rung this run has published that is at least twice `height`
 * (biggerRungFor): a tenth of the source's decoding for a 1080p upload. Undefined when there
 * is none yet. Read from the start only: ffmpeg 5.1 finds no frame after an input seek (`-ss`)
 * into its own fMP4 HLS, so the hover clip and the trailer, which seek, read the source.
 */
export async function publishedRungInput(
  deps: StepDeps,
  step: StepRun,
  height: number,
): Promise<{ input: MediaInput; height: number } | undefined> {
  const bigger = biggerRungFor(step.media.rungs ?? [], height);
  if (bigger === undefined) return undefined;
  const input = rungInput(deps, step, bigger);
  try {
    await access(input.path);
  } catch {
    return undefined;
  }
  return { input, height: bigger };
}

/** A rung of this run read back as an input, through its playlist. */
export function rungInput(deps: StepDeps, step: StepRun, height: number): MediaInput {
  return ownHlsInput(deps.storage.localPath(`${hlsRungDir(step.id, step.gen, height)}/index.m3u8`));
}
