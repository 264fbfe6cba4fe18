import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { endOrphan } from '../../media/exec.ts';
import { videoDir } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { VideoMediaRepository } from './video-media.repository.ts';

// Where a pipeline step works (docs/decisions/0021): `work/{video}-{step}/` under the media
// root, on the file system of the outputs, so they are renamed into place rather than
// copied. It holds the pid file of the step's running ffmpeg and one scratch folder per
// attempt. Media access serves nothing under `work/`.

export interface StepWork {
  /** This attempt's own folder; its outputs are moved from here into storage. */
  scratch: string;
  /** Names the step's running ffmpeg, for the next attempt should this server die. */
  pidFile: string;
  /** The same, for an ffmpeg the step runs beside that one (sideBySide). */
  sidePidFile: string;
  /** Removes this attempt's folder (never another attempt's). */
  done(): Promise<void>;
}

/** The key of a step's work folder; `step` is a media task (`hls:720`) or `process`. */
export function stepWorkKey(videoId: number, step: string): string {
  return `work/${videoId}-${step.replace(':', '-')}`;
}

/**
 * Starts an attempt of a step: an ffmpeg an earlier attempt left running (its server was
 * killed) is ended first, and only once it is gone are the earlier attempts' files removed
 * and this attempt's folder made.
 */
export async function beginStep(
  storage: MediaStorage,
  videoId: number,
  step: string,
  log: { warn(obj: object, msg: string): void },
): Promise<StepWork> {
  const dir = storage.localPath(stepWorkKey(videoId, step));
  const pidFile = path.join(dir, 'ffmpeg.pid');
  const sidePidFile = path.join(dir, 'ffmpeg-side.pid');
  for (const file of [pidFile, sidePidFile]) {
    const orphan = await endOrphan(file);
    if (orphan !== undefined) log.warn({ videoId, step, pid: orphan }, 'ended an earlier attempt');
  }
  await rm(dir, { recursive: true, force: true });
  const scratch = path.join(dir, `attempt-${randomBytes(6).toString('hex')}`);
  await mkdir(scratch, { recursive: true });
  return {
    scratch,
    pidFile,
    sidePidFile,
    async done() {
      await rm(scratch, { recursive: true, force: true });
      // The folder goes with its last attempt; a retry that began meanwhile keeps it.
      await rmdir(dir).catch(() => {});
    },
  };
}

/**
 * Runs two pieces of a step at once, each given a signal that aborts when the job's does or
 * when the other fails, so a failure never leaves the other's ffmpeg running on. Settles
 * when both have ended: with both results, or with the first failure (the other's is only
 * the abort that failure caused).
 */
export async function sideBySide<A, B>(
  signal: AbortSignal,
  a: (signal: AbortSignal) => Promise<A>,
  b: (signal: AbortSignal) => Promise<B>,
): Promise<[A, B]> {
  const both = new AbortController();
  const abort = () => both.abort();
  signal.addEventListener('abort', abort, { once: true });
  if (signal.aborted) both.abort();
  let failure: { error: unknown } | undefined;
  const guard = <T>(run: (signal: AbortSignal) => Promise<T>) =>
    run(both.signal).catch((error: unknown) => {
      failure ??= { error };
      both.abort();
      throw error;
    });
  try {
    const [ra, rb] = await Promise.allSettled([guard(a), guard(b)]);
    if (failure) throw failure.error;
    // Neither failed: both are fulfilled.
    return [(ra as PromiseFulfilledResult<A>).value, (rb as PromiseFulfilledResult<B>).value];
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

/**
 * Where the first step leaves the first rung it encoded beside the fingerprint (decision
 * 0060), for that rung's `media.task` of run `gen` to publish instead of encoding it again:
 * under `work/`, so nothing of it is served before the step publishes it.
 */
export function preparedRungKey(videoId: number, gen: number, height: number): string {
  return `${preparedDirKey(videoId)}/g${gen}-${height}`;
}

/** Every prepared rung of a video; a new run removes them (they are of older runs). */
export function preparedDirKey(videoId: number): string {
  return `work/${videoId}-prepared`;
}

/**
 * Takes a prepared rung into `dir` (which must not exist) by renaming it; false when there
 * is none, so the step encodes it. Taken once: a failed attempt's scratch goes with it, and
 * the retry encodes from the source.
 */
export async function takePreparedRung(
  storage: MediaStorage,
  key: string,
  dir: string,
): Promise<boolean> {
  try {
    await rename(storage.localPath(key), dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Deleted by its owner or with its account (status 5): it has no files, nothing to make. */
export function isDeletedVideo(video: {
  status_id: number | string;
  media: { pool?: number } | null;
}): boolean {
  return Number(video.status_id) === VIDEO_STATUS.deleted && video.media?.pool === undefined;
}

/**
 * Removes the files of a video that was deleted (by its owner, or with its account's purge)
 * while a job worked on it: its folder was removed then, and the job has just published
 * into a new one, or prepared a rung for a step that will not run. The deletion always
 * comes first in the database, so this look after publishing finds it, and nothing is left
 * behind. The row may be gone (purged) or empty (status 5). Does nothing to a live video.
 */
export async function removeFilesIfDeleted(
  deps: { videos: Pick<VideoMediaRepository, 'getForProcessing'>; storage: MediaStorage },
  videoId: number,
  log: { info(obj: object, msg: string): void },
): Promise<void> {
  const now = await deps.videos.getForProcessing(videoId);
  if (now && !isDeletedVideo(now)) return;
  await removeVideoFiles(deps.storage, videoId);
  log.info({ videoId }, 'video deleted while its media was made: its files removed');
}

/** A deleted video's folder and its prepared first rung, whatever a job left of them. */
export async function removeVideoFiles(storage: MediaStorage, videoId: number): Promise<void> {
  await storage.remove(videoDir(videoId));
  await storage.remove(preparedDirKey(videoId));
}
