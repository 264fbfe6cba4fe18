import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { MediaTaskKey } from '../../../contracts/media-task.ts';
import type { Database } from '../../../db/client.ts';

// Typed background jobs on pg-boss, on PGlite and PostgreSQL alike (through the database's
// `executeSql` adapter). Every job name maps to its payload type and to one definition with
// its own retries and timeout; a missing handler is a compile error (HOUSE-STYLE.md §6).

export interface JobPayloads {
  /**
   * `background`: the run's steps wait until every other run's are done (the demo's long
   * clips, docs/decisions/0033).
   */
  'media.process-video': { videoId: number; background?: boolean };
  /** One step of a pipeline run (`hls:720`, `timeline`, `hover`, `mp4`). */
  'media.task': { videoId: number; gen: number; task: MediaTaskKey };
  /** A media job that failed for good, however it ended (its dead letter queue). */
  'media.failed': { videoId: number; gen?: number; task?: string };
  'db.maintenance': Record<string, never>;
  /** Restores the DMCA items whose waiting period is over (decision 0049). */
  'dmca.restore': Record<string, never>;
  /** Tries again the mail kept while the mail server was down (decision 0051). */
  'mail.retry': Record<string, never>;
  /** Fails the age checks pending too long and deletes their photos (decision 0054). */
  'age.expire': Record<string, never>;
  /** Fingerprints a few videos processed before fingerprints existed (decision 0056). */
  'fingerprint.backfill': { limit?: number };
  /** Purges a deleted account's data, or with no id every one still waiting (decision 0057). */
  'account.purge': { userId?: number };
}

export type JobName = keyof JobPayloads;

/** The jobs whose payload can carry a job `N`'s payload unchanged: where `N` may fail to. */
type DeadLetterOf<N extends JobName> = {
  [M in JobName]: M extends N ? never : JobPayloads[N] extends JobPayloads[M] ? M : never;
}[JobName];

export interface JobContext {
  /** Aborted when the job's timeout passes or the server shuts down. */
  signal: AbortSignal;
  log: Logger;
  attempt: number;
  /** Queues a follow-up job. */
  send: JobQueue['send'];
}

export interface SendOptions {
  /** Higher runs first within a queue. */
  priority?: number;
  /** When a job whose worker died is picked up again (default: the definition's timeout). */
  expireInSeconds?: number;
  /** Not before then (a DMCA restore at the end of its waiting period). */
  startAfter?: Date;
}

export interface JobDefinition<N extends JobName> {
  /** Retries after the first attempt fails. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Longest a single attempt may run before it is aborted and retried. */
  timeoutSeconds: number;
  /** Jobs of this name run at most this many at once in one process. */
  concurrency: number;
  /** Cron expression (UTC) for jobs the queue starts on a schedule. */
  schedule?: { cron: string; payload: JobPayloads[N] };
  /**
   * Receives the payload of a job that failed for good: after its last retry threw, and also
   * when that attempt was cut off (its server died and the job expired), which no handler
   * sees.
   */
  deadLetter?: DeadLetterOf<N>;
  /**
   * The payload as the handler may trust it, from what the queue stored (any JSON: a job
   * queued by an older version, or by hand); throws on anything else, which fails the job.
   */
  parse(data: unknown): JobPayloads[N];
  handler(payload: JobPayloads[N], ctx: JobContext): Promise<void>;
}

export type JobDefinitions = { [N in JobName]: JobDefinition<N> };

export interface JobQueue {
  start(): Promise<void>;
  send<N extends JobName>(name: N, payload: JobPayloads[N], opts?: SendOptions): Promise<string>;
  /** Resolves when the job has completed; rejects when it failed for good. */
  waitFor(name: JobName, id: string, timeoutMs?: number): Promise<void>;
  stop(timeoutMs: number): Promise<void>;
}

function parsePayload<N extends JobName>(def: JobDefinition<N>, data: unknown): JobPayloads[N] {
  try {
    return def.parse(data);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`payload refused: ${JSON.stringify(data)?.slice(0, 200)}: ${why}`);
  }
}

export function createJobQueue(
  database: Database,
  definitions: JobDefinitions,
  log: Logger,
  opts: { work: boolean; pollingIntervalSeconds?: number } = { work: true },
): JobQueue {
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 1;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    // One shared process: keep background polling light, PGlite serves one query at a time.
    monitorStateIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const running = new Set<AbortController>();
  const names = Object.keys(definitions) as JobName[];
  /** This process's workers of each queue, woken when it queues a job due now. */
  const workers = new Map<JobName, string[]>();

  async function work<N extends JobName>(name: N): Promise<void> {
    const def = definitions[name] as JobDefinition<N>;
    for (let slot = 0; slot < def.concurrency; slot++) {
      const id = await boss.work<unknown>(
        name,
        { batchSize: 1, pollingIntervalSeconds, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const controller = new AbortController();
          running.add(controller);
          const timer = setTimeout(
            () => controller.abort(new Error('job timed out')),
            def.timeoutSeconds * 1000,
          );
          const jobLog = log.child({ job: name, jobId: job.id, attempt: job.retryCount + 1 });
          try {
            jobLog.info('job started');
            await def.handler(parsePayload(def, job.data), {
              signal: controller.signal,
              log: jobLog,
              attempt: job.retryCount + 1,
              send: queue.send,
            });
            jobLog.info('job done');
          } catch (error) {
            jobLog.warn({ err: error }, 'job failed');
            throw error;
          } finally {
            clearTimeout(timer);
            running.delete(controller);
          }
        },
      );
      workers.set(name, [...(workers.get(name) ?? []), id]);
    }
  }

  const queue: JobQueue = {
    async start() {
      await boss.start();
      if (opts.work && database.kind === 'pglite') {
        // An embedded database belongs to this one process: a job still marked active was
        // cut off when the process last stopped (a crash, a kill). It runs again now rather
        // than when its expiry passes.
        const resumed = await database.query<{ id: string }>(
          `UPDATE pgboss.job SET state = 'retry', start_after = now()
            WHERE state = 'active' RETURNING id`,
        );
        if (resumed.length > 0) log.info({ jobs: resumed.length }, 'resuming interrupted jobs');
      }
      // A dead letter queue must exist before a queue naming it.
      const deadLetters = new Set<JobName | undefined>(
        names.map((name) => definitions[name].deadLetter),
      );
      const ordered = [...names].sort(
        (a, b) => Number(deadLetters.has(b)) - Number(deadLetters.has(a)),
      );
      for (const name of ordered) {
        const def = definitions[name];
        const options = {
          retryLimit: def.retryLimit,
          retryDelay: def.retryDelaySeconds,
          // pg-boss waits at least a second with backoff: 0 means at once (tests).
          retryBackoff: def.retryDelaySeconds > 0,
          // pg-boss expiry is the backstop for a process that died mid-job.
          expireInSeconds: def.timeoutSeconds + 60,
          ...(def.deadLetter ? { deadLetter: def.deadLetter } : {}),
        };
        await boss.createQueue(name, { name, ...options });
        // createQueue keeps an existing queue as it was: the definitions are what counts.
        await boss.updateQueue(name, { name, ...options });
        if (opts.work) await work(name);
        const schedule = def.schedule as { cron: string; payload: object } | undefined;
        if (schedule) await boss.schedule(name, schedule.cron, schedule.payload, { tz: 'UTC' });
      }
    },

    async send(name, payload, opts = {}) {
      const id = await boss.send(name, payload as object, {
        ...(opts.priority !== undefined ? { priority: opts.priority } : {}),
        ...(opts.expireInSeconds !== undefined ? { expireInSeconds: opts.expireInSeconds } : {}),
        ...(opts.startAfter !== undefined ? { startAfter: opts.startAfter } : {}),
      });
      if (!id) throw new Error(`job ${name} was not queued`);
      // An idle worker polls every second: this process's own take a job due now at once
      // (the media pipeline's steps follow one another without that wait, decision 0060).
      // Other processes' workers find it at their next poll.
      if (opts.startAfter === undefined) {
        for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      }
      return id;
    },

    async waitFor(name, id, timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const job = await boss.getJobById(name, id);
        if (job?.state === 'completed') return;
        if (job?.state === 'failed' || job?.state === 'cancelled') {
          throw new Error(`job ${name} ${id} ${job.state}`);
        }
        if (Date.now() > deadline) throw new Error(`job ${name} ${id} still ${job?.state}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },

    async stop(timeoutMs) {
      // Let running jobs finish within the budget; abort the rest so they retry on next start.
      const abortTimer = setTimeout(() => {
        for (const controller of running) controller.abort(new Error('server shutting down'));
      }, timeoutMs);
      try {
        await boss.stop({ graceful: true, wait: true, timeout: timeoutMs + 2000, close: false });
      } finally {
        clearTimeout(abortTimer);
      }
    },
  };
  return queue;
}
