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
    await publish(deps, step, height);
  },
};

/**
 * Lists the rung in the master playlist and publishes it. Rungs run side by side, in this
 * process (media-task.job.ts) and in others, so two may publish at once: each writes the
 * master over the rungs it knows of, publishes (the database adds its height to the run's
 * rungs in one statement and answers all of them), and writes the master again until the
 * master it last wrote lists what the database answered after it. The last master written
 * is then by a step that saw every publication before it, with no lock between processes.
 * The first master is written before the first rung is published: a playable video always
 * has one.
 */
export async function publish(deps: StepDeps, step: StepRun, height: number) {
  const current = await deps.videos.getForProcessing(step.id);
  const published = new Set([...(step.media.rungs ?? []), height]);
  for (const h of current?.media.gen === step.gen ? (current.media.rungs ?? []) : []) {
    published.add(h);
  }
  const masterKey = hlsMasterKey(step.id, step.gen);
  let written = await writeMaster(deps, step, masterKey, published);
  let answered = await deps.videos.publishRung(step.id, step.gen, height, masterKey);
  // Each pass sees at least one more publication, so at most one per rung of the ladder.
  for (
    let pass = 0;
    answered && !sameHeights(answered, written) && pass < rungsOf(step.media).length;
    pass++
  ) {
    written = await writeMaster(deps, step, masterKey, new Set(answered));
    const now = await deps.videos.getForProcessing(step.id);
    answered = now?.media.gen === step.gen ? now.media.rungs : undefined;
  }
}

/** Writes the run's master playlist over `heights`; answers the heights it lists. */
async function writeMaster(
  deps: StepDeps,
  step: StepRun,
  masterKey: string,
  heights: ReadonlySet<number>,
): Promise<number[]> {
  const { probe } = step.media;
  const listed = rungsOf(step.media).filter((r) => heights.has(r.rung.height));
  const master = masterPlaylist(
    listed.map((r) => ({
      rung: r.rung,
      width: r.width,
      height: r.rung.height,
      path: `${r.rung.height}/index.m3u8`,
      hasAudio: probe.hasAudio,
      frameRate: probe.fps,
    })),
  );
  await deps.storage.put(masterKey, Buffer.from(master));
  return listed.map((r) => r.rung.height);
}

function sameHeights(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(b);
  return a.length === b.length && a.every((h) => set.has(h));
}
