import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '../../../media/ffmpeg.ts';
import { hlsRungArgs, masterPlaylist } from '../../../media/hls.ts';
import { hlsMasterKey, hlsRungDir } from '../../../media/keys.ts';
import { preparedRungKey, takePreparedRung } from '../media-work.ts';
import { ffmpeg, rungsOf, type StepDefinition, type StepDeps, type StepRun } from './step.ts';

// One HLS rung: encoded, moved into storage, then listed in the master playlist (the first
// rung published makes the video playable).

export const hlsStep: StepDefinition<'hls'> = {
  timeoutFactor: 6,
  async run(deps, step, { height }) {
    const { probe } = step.media;
    const entry = rungsOf(step.media).find((r) => r.rung.height === height);
    if (!entry) throw new MediaError('failed', `no ${height}p rung for a ${probe.height}p source`);
    const outDir = path.join(step.scratch, String(height));
    // The first rung was encoded beside the fingerprint (media-process-video.job.ts).
    const key = preparedRungKey(step.id, step.gen, height);
    if (!(await takePreparedRung(deps.storage, key, outDir))) {
      await mkdir(outDir);
      await ffmpeg(
        deps,
        step,
        hlsRungArgs({
          input: step.source,
          outDir,
          rung: entry.rung,
          width: entry.width,
          hasAudio: probe.hasAudio,
          frameRate: probe.fps,
        }),
      );
    }
    await deps.storage.putDir(hlsRungDir(step.id, step.gen, height), outDir);
    // Rungs run side by side (media-task.job.ts): one of this video's at a time writes the
    // master and publishes, so the last master written lists every rung published.
    await oneAtATime(step.id, () => publish(deps, step, height));
  },
};

/** The master over every rung of the run published so far, this one included; then it. */
async function publish(deps: StepDeps, step: StepRun, height: number) {
  const { probe } = step.media;
  const published = new Set([...(step.media.rungs ?? []), height]);
  const current = await deps.videos.getForProcessing(step.id);
  for (const h of current?.media.gen === step.gen ? (current.media.rungs ?? []) : []) {
    published.add(h);
  }
  const master = masterPlaylist(
    rungsOf(step.media)
      .filter((r) => published.has(r.rung.height))
      .map((r) => ({
        rung: r.rung,
        width: r.width,
        height: r.rung.height,
        path: `${r.rung.height}/index.m3u8`,
        hasAudio: probe.hasAudio,
        frameRate: probe.fps,
      })),
  );
  const masterKey = hlsMasterKey(step.id, step.gen);
  await deps.storage.put(masterKey, Buffer.from(master));
  await deps.videos.publishRung(step.id, step.gen, height, masterKey);
}

const publishing = new Map<number, Promise<void>>();

/**
 * Runs `work` after any of the same video's that is running in this process. The media.task
 * queue's slots are this process's (pg-boss hands each job to one worker); a second server
 * process with its own slots would need a lock in the database instead.
 */
async function oneAtATime(videoId: number, work: () => Promise<void>): Promise<void> {
  const before = publishing.get(videoId) ?? Promise.resolve();
  const mine = before.then(work, work);
  const tail = mine.catch(() => {});
  publishing.set(videoId, tail);
  try {
    await mine;
  } finally {
    if (publishing.get(videoId) === tail) publishing.delete(videoId);
  }
}
