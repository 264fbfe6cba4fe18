import type { Logger } from 'pino';
import type { WindowHashes } from '../../media/fingerprint.ts';
import type { FingerprintRepository } from './fingerprint.repository.ts';
import type { FingerprintService } from './fingerprint.service.ts';

// The fingerprints of videos processed before there were any (decision 0056): a few a run,
// oldest first, by the same niced ffmpeg decode as the pipeline's first step. What is done
// is the fingerprint row itself, so a run cut short (a restart, a timeout) loses nothing: the
// next one takes the videos still without a row. Runs hourly, and on an operator's command
// (`npm run fingerprints -- backfill`). It only keeps fingerprints: videos the site already
// shows are not screened again, but later uploads are compared with them.

/** Videos a scheduled run fingerprints (each at most a 20-minute decode, niced). */
export const BACKFILL_BATCH = 4;

export interface BackfillDeps {
  fingerprints: Pick<FingerprintRepository, 'missing' | 'save'>;
  service: Pick<FingerprintService, 'screen'>;
  /**
   * The fingerprint of a stored source, by the pipeline's niced decode (media's
   * steps/fingerprint.ts, handed over by the composition: jobs.ts).
   */
  fingerprintOf(
    video: { source: string; durationS: number },
    signal?: AbortSignal,
  ): Promise<WindowHashes>;
}

export interface BackfillResult {
  fingerprinted: number[];
  /** Sources ffmpeg could not read: kept as an empty fingerprint (no keys), not retried. */
  unreadable: number[];
}

export async function backfillFingerprints(
  deps: BackfillDeps,
  opts: { limit: number; signal?: AbortSignal; log: Pick<Logger, 'info' | 'warn'> },
): Promise<BackfillResult> {
  const result: BackfillResult = { fingerprinted: [], unreadable: [] };
  const videos = await deps.fingerprints.missing(opts.limit);
  for (const video of videos) {
    if (opts.signal?.aborted) break;
    const videoId = Number(video.id);
    try {
      const hashes = await deps.fingerprintOf(
        { source: video.source, durationS: Number(video.duration) || 0 },
        opts.signal,
      );
      await deps.service.screen(videoId, hashes, { screen: false, log: opts.log });
      result.fingerprinted.push(videoId);
    } catch (error) {
      // Stopping: the video is taken again by the next run.
      if (opts.signal?.aborted) throw error;
      // A missing or broken source would otherwise hold up every later run: an empty row
      // (no frames, no keys) says it was tried; reprocessing the video refreshes it.
      await deps.fingerprints.save(videoId, Buffer.alloc(0), []);
      result.unreadable.push(videoId);
      opts.log.warn({ videoId, err: error }, 'fingerprint backfill: source unreadable');
    }
  }
  if (videos.length > 0) {
    opts.log.info(
      { fingerprinted: result.fingerprinted.length, unreadable: result.unreadable.length },
      'fingerprint backfill',
    );
  }
  return result;
}
