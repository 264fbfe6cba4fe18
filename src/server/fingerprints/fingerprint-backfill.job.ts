import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from '../../contracts/zod.ts';
import { sourceInput } from '../../media/sniff.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { JobDefinition } from '../kernel/jobs/queue.ts';
import { takeFingerprint } from '../media/steps/fingerprint.ts';
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
  storage: MediaStorage;
  ffmpegPath: string;
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
    const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-fingerprint-'));
    try {
      const hashes = await takeFingerprint({
        ffmpegPath: deps.ffmpegPath,
        source: await sourceInput(deps.storage.localPath(video.source)),
        durationS: Number(video.duration) || 0,
        scratch,
        run: { signal: opts.signal },
      });
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
    } finally {
      await rm(scratch, { recursive: true, force: true });
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

const payloadSchema = z.object({ limit: z.number().int().positive().max(1000).optional() });

export function fingerprintBackfillJob(deps: BackfillDeps): JobDefinition<'fingerprint.backfill'> {
  return {
    retryLimit: 1,
    retryDelaySeconds: 300,
    // A batch of 20-minute decodes on a busy core (fingerprintTimeoutMs each).
    timeoutSeconds: 1800,
    concurrency: 1,
    schedule: { cron: '41 * * * *', payload: {} },
    parse: (data) => payloadSchema.parse(data ?? {}),
    async handler({ limit }, ctx) {
      await backfillFingerprints(deps, {
        limit: limit ?? BACKFILL_BATCH,
        signal: ctx.signal,
        log: ctx.log,
      });
    },
  };
}
