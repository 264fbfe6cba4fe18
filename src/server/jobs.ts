import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import { sourceInput } from '../media/sniff.ts';
import type { MediaStorage } from '../media/storage.ts';
import { ACCOUNT_LIMITS } from './accounts/account.service.ts';
import { accountPurgeJob } from './accounts/account-purge.job.ts';
import { ageExpireJob } from './compliance/age-expire.job.ts';
import { createRepositories, type Repositories } from './compose.ts';
import type { Config } from './config.ts';
import { createFingerprintRepository } from './fingerprints/fingerprint.repository.ts';
import { createFingerprintService } from './fingerprints/fingerprint.service.ts';
import { fingerprintBackfillJob } from './fingerprints/fingerprint-backfill.job.ts';
import type { BackfillDeps } from './fingerprints/fingerprint-backfill.service.ts';
import { dbMaintenanceJob } from './kernel/jobs/db-maintenance.job.ts';
import type { JobDefinition, JobDefinitions } from './kernel/jobs/queue.ts';
import { mailRetryJob } from './kernel/mail/mail-retry.job.ts';
import { mediaFailedJob } from './media/media-failed.job.ts';
import { processVideoJob } from './media/media-process-video.job.ts';
import { shareWhenClip } from './media/media-shared.job.ts';
import { mediaTaskJob } from './media/media-task.job.ts';
import { takeFingerprint } from './media/steps/fingerprint.ts';
import { dmcaRestoreJob } from './moderation/dmca-restore.job.ts';
import { countWhenPublished } from './uploads/upload-publish.job.ts';

// The job side of the composition root (decision 0040): every job with its handler, given
// the repositories compose.ts builds. The app's process (main.ts) passes the ones its HTTP
// app uses; a process that only runs jobs (tests, benchmarks) leaves them out and they are
// built by the same `createRepositories`, without the HTTP app's services.

/** What the jobs use of the process's repositories. */
export type JobRepositories = Pick<
  Repositories,
  'videoMedia' | 'uploads' | 'accounts' | 'emailChanges' | 'accountDeletion'
>;

/** What jobs need of the HTTP app (main.ts binds it once the app is built). */
export interface AppTasks {
  dmcaRestoreDue(): Promise<number>;
  retryMail(): Promise<{ sent: number; failed: number; dropped: number }>;
  expireAgeChecks(): Promise<{ expired: number; swept: number }>;
  forgetVideos(videoIds: readonly number[]): void;
}

function fromApp(app: (() => AppTasks | undefined) | undefined): AppTasks {
  const tasks = app?.();
  if (!tasks) throw new Error('the app is not up in this process yet: retried');
  return tasks;
}

/** Every job with its handler; the JobDefinitions type makes a missing one a compile error. */
export function createJobDefinitions(deps: {
  database: Database;
  storage: MediaStorage;
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>;
  repositories?: JobRepositories;
  /** Seconds before a failed media job is tried again, instead of each job's own; tests: 0. */
  retryDelaySeconds?: number;
  /**
   * The HTTP app's tasks some jobs run (its caches must forget a restored video; its mailer
   * sends): the app's process hands them over once the app is built. Until then, or in a
   * process without them, those jobs fail and are retried.
   */
  app?: () => AppTasks | undefined;
}): JobDefinitions {
  const repositories = deps.repositories ?? createRepositories(deps.database);
  const videos = repositories.videoMedia;
  const { retryDelaySeconds } = deps;
  // One for both users: the pipeline screens uploads, the backfill keeps older videos' rows.
  const fingerprints = createFingerprints(deps.database);
  return {
    'media.process-video': processVideoJob({
      videos,
      storage: deps.storage,
      ffmpegPath: deps.config.ffmpegPath,
      ffprobePath: deps.config.ffprobePath,
      retryDelaySeconds,
      fingerprints: fingerprints.service,
    }),
    'media.task': countWhenPublished(
      shareWhenClip(
        mediaTaskJob({
          videos,
          storage: deps.storage,
          ffmpegPath: deps.config.ffmpegPath,
          ffprobePath: deps.config.ffprobePath,
          retryDelaySeconds,
        }),
        videos,
        // Before the app is up in this process it has kept nothing to forget.
        (videoIds) => deps.app?.()?.forgetVideos(videoIds),
      ),
      repositories.uploads,
    ),
    'media.failed': mediaFailedJob({ videos, retryDelaySeconds }),
    'db.maintenance': maintenanceJob(deps.database, repositories),
    'dmca.restore': dmcaRestoreJob({ restoreDue: () => fromApp(deps.app).dmcaRestoreDue() }),
    'mail.retry': mailRetryJob({ retryDue: () => fromApp(deps.app).retryMail() }),
    'age.expire': ageExpireJob({ expireDue: () => fromApp(deps.app).expireAgeChecks() }),
    'account.purge': accountPurgeJob({
      deletion: repositories.accountDeletion,
      storage: deps.storage,
    }),
    'fingerprint.backfill': fingerprintBackfillJob(
      createFingerprintBackfill(deps.database, deps.storage, deps.config.ffmpegPath, fingerprints),
    ),
  };
}

/** The fingerprint repository and the service over it. */
function createFingerprints(database: Database) {
  const fingerprints = createFingerprintRepository(database);
  return { fingerprints, service: createFingerprintService({ fingerprints }) };
}

/**
 * What the fingerprint backfill works with (the job, and `npm run fingerprints`): the
 * pipeline's niced fingerprint decode of a video's stored source, in a scratch folder.
 */
export function createFingerprintBackfill(
  database: Database,
  storage: MediaStorage,
  ffmpegPath: string,
  built: Pick<BackfillDeps, 'fingerprints' | 'service'> = createFingerprints(database),
): BackfillDeps {
  return {
    fingerprints: built.fingerprints,
    service: built.service,
    async fingerprintOf(video, signal) {
      const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-fingerprint-'));
      try {
        return await takeFingerprint({
          ffmpegPath,
          source: await sourceInput(storage.localPath(video.source)),
          durationS: video.durationS,
          scratch,
          run: { signal },
        });
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** The nightly upkeep with the domains' clean-ups: expired accounts and email changes. */
export function maintenanceJob(
  database: Database,
  repositories: Pick<JobRepositories, 'accounts' | 'emailChanges'> = createRepositories(database),
): JobDefinition<'db.maintenance'> {
  const { accounts, emailChanges } = repositories;
  return dbMaintenanceJob({
    database,
    purge: [() => accounts.purge(ACCOUNT_LIMITS.unconfirmedS), () => emailChanges.purge()],
  });
}
