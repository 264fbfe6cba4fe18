import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { runFfprobe } from '../../../media/exec.ts';
import { MediaError } from '../../../media/ffmpeg.ts';
import {
  derivedOffsetS,
  derivedRungArgs,
  type HlsRungOptions,
  hlsRungArgs,
  masterPlaylist,
} from '../../../media/hls.ts';
import { hlsMasterKey, hlsRungDir } from '../../../media/keys.ts';
import { preparedRungKey, takePreparedRung } from '../media-work.ts';
import {
  ffmpeg,
  publishedRungInput,
  rungsOf,
  runOptions,
  type StepDefinition,
  type StepDeps,
  type StepRun,
} from './step.ts';

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
      const options: HlsRungOptions = {
        input: step.source,
        outDir,
        rung: entry.rung,
        width: entry.width,
        hasAudio: probe.hasAudio,
        frameRate: probe.fps,
      };
      await mkdir(outDir);
      if (!(await encodeFromBiggerRung(deps, step, options))) {
        await ffmpeg(deps, step, hlsRungArgs(options));
      }
    }
    await deps.storage.putDir(hlsRungDir(step.id, step.gen, height), outDir);
    await publish(deps, step, height);
  },
};

/**
 * Encodes the rung from a bigger rung this run has published (derivedRungArgs: the 240p rung
 * from the 480p one). False when there is none, or it cannot be read: the source then.
 */
async function encodeFromBiggerRung(
  deps: StepDeps,
  step: StepRun,
  options: HlsRungOptions,
): Promise<boolean> {
  const bigger = await publishedRungInput(deps, step, options.rung.height);
  if (!bigger) return false;
  const from = bigger.input;
  try {
    const offsetS = derivedOffsetS(await runFfprobe(deps.ffprobePath, from, runOptions(step)));
    await ffmpeg(deps, step, derivedRungArgs({ ...options, from, offsetS }));
    return true;
  } catch (err) {
    const unreadable =
      err instanceof MediaError && (err.code === 'failed' || err.code === 'video_corrupted_file');
    if (!unreadable || step.ctx.signal.aborted) throw err;
    step.ctx.log.warn(
      { videoId: step.id, height: options.rung.height, from: bigger.height, err: err.message },
      'rung not encoded from the bigger rung; encoding it from the source',
    );
    await rm(options.outDir, { recursive: true, force: true });
    await mkdir(options.outDir);
    return false;
  }
}

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
