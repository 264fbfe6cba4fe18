import type { Database } from '../db/client.ts';
import type { MediaStorage } from '../media/storage.ts';
import { createAccountRepository } from './accounts/account.repository.ts';
import { ACCOUNT_LIMITS } from './accounts/account.service.ts';
import { createEmailChangeRepository } from './accounts/email-change.repository.ts';
import type { Config } from './config.ts';
import { dbMaintenanceJob } from './kernel/jobs/db-maintenance.job.ts';
import type { JobDefinition, JobDefinitions } from './kernel/jobs/queue.ts';
import { mediaFailedJob } from './media/media-failed.job.ts';
import { processVideoJob } from './media/media-process-video.job.ts';
import { shareWhenClip } from './media/media-shared.job.ts';
import { mediaTaskJob } from './media/media-task.job.ts';
import { createVideoMediaRepository } from './media/video-media.repository.ts';
import { createUploadRepository } from './uploads/upload.repository.ts';
import { countWhenPublished } from './uploads/upload-publish.job.ts';

// The job side of the composition root (decision 0040): a process that only runs jobs
// (tests, benchmarks) builds these without the HTTP app's services.

/** Every job with its handler; the JobDefinitions type makes a missing one a compile error. */
export function createJobDefinitions(deps: {
  database: Database;
  storage: MediaStorage;
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>;
  /** Seconds before a failed media job is tried again, instead of each job's own; tests: 0. */
  retryDelaySeconds?: number;
}): JobDefinitions {
  const videos = createVideoMediaRepository(deps.database);
  const { retryDelaySeconds } = deps;
  return {
    'media.process-video': processVideoJob({
      videos,
      storage: deps.storage,
      ffmpegPath: deps.config.ffmpegPath,
      ffprobePath: deps.config.ffprobePath,
      retryDelaySeconds,
    }),
    'media.task': countWhenPublished(
      shareWhenClip(
        mediaTaskJob({
          videos,
          storage: deps.storage,
          ffmpegPath: deps.config.ffmpegPath,
          retryDelaySeconds,
        }),
        videos,
      ),
      createUploadRepository(deps.database),
    ),
    'media.failed': mediaFailedJob({ videos, retryDelaySeconds }),
    'db.maintenance': maintenanceJob(deps.database),
  };
}

/** The nightly upkeep with the domains' clean-ups: expired accounts and email changes. */
export function maintenanceJob(database: Database): JobDefinition<'db.maintenance'> {
  const accounts = createAccountRepository(database);
  const emailChanges = createEmailChangeRepository(database);
  return dbMaintenanceJob({
    database,
    purge: [() => accounts.purge(ACCOUNT_LIMITS.unconfirmedS), () => emailChanges.purge()],
  });
}
