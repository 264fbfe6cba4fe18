import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { JobContext, JobDefinition, JobPayloads } from '../kernel/jobs/queue.ts';
import { shareWhenClip } from './media-shared.job.ts';

// A step of a shared demo clip reaches the demo videos that play it (docs/decisions/0033).

const ctx: JobContext = {
  signal: new AbortController().signal,
  log: pino({ level: 'silent' }),
  attempt: 1,
  send: async () => 'job',
};

function fakes(opts: { clip: boolean; fail?: Error; shareFails?: boolean }) {
  const calls: string[] = [];
  const step: JobDefinition<'media.task'> = {
    retryLimit: 3,
    retryDelaySeconds: 0,
    timeoutSeconds: 60,
    concurrency: 1,
    parse: (data) => data as JobPayloads['media.task'],
    async handler({ task }) {
      calls.push(`step ${task}`);
      if (opts.fail) throw opts.fail;
    },
  };
  const videos = {
    isSharedClip: async () => opts.clip,
    shareOutputs: async (id?: number) => {
      calls.push(`share ${id}`);
      if (opts.shareFails) throw new Error('database gone');
      return [150, 151];
    },
  };
  const job = shareWhenClip(step, videos, (ids) => calls.push(`forget ${ids.join(',')}`));
  return { job, calls };
}

const payload: JobPayloads['media.task'] = { videoId: 901, gen: 1, task: 'hls:480' };

describe('shareWhenClip', () => {
  it('copies a clip’s step to its demo videos', async () => {
    const clip = fakes({ clip: true });
    await clip.job.handler(payload, ctx);
    // The cached answers of the clip and of the videos that play it are forgotten after.
    expect(clip.calls).toEqual(['step hls:480', 'share 901', 'forget 901,150,151']);
  });

  it('only forgets the cached answers of any other video', async () => {
    const upload = fakes({ clip: false });
    await upload.job.handler(payload, ctx);
    expect(upload.calls).toEqual(['step hls:480', 'forget 901']);
  });

  it('keeps the step’s own outcome: its failure is thrown, a failed copy is not', async () => {
    const failing = fakes({ clip: true, fail: new Error('ffmpeg died') });
    await expect(failing.job.handler(payload, ctx)).rejects.toThrow('ffmpeg died');
    // What the clip made before still reaches its videos.
    expect(failing.calls).toEqual(['step hls:480', 'share 901', 'forget 901,150,151']);
    const copy = fakes({ clip: true, shareFails: true });
    await expect(copy.job.handler(payload, ctx)).resolves.toBeUndefined();
  });

  it('keeps the step’s retries, timeout and dead letter', () => {
    const { job } = fakes({ clip: true });
    expect(job).toMatchObject({ retryLimit: 3, timeoutSeconds: 60, concurrency: 1 });
  });
});
