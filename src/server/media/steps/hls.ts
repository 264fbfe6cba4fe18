import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from '../../../media/ffmpeg.ts';
import { hlsRungArgs, masterPlaylist } from '../../../media/hls.ts';
import { hlsMasterKey, hlsRungDir } from '../../../media/keys.ts';
import { ffmpeg, rungsOf, type StepDefinition } from './step.ts';

// One HLS rung: encoded, moved into storage, then listed in the master playlist (the first
// rung published makes the video playable).

export const hlsStep: StepDefinition<'hls'> = {
  timeoutFactor: 6,
  async run(deps, step, { height }) {
    const { probe } = step.media;
    const entry = rungsOf(step.media).find((r) => r.rung.height === height);
    if (!entry) throw new MediaError('failed', `no ${height}p rung for a ${probe.height}p source`);
    const outDir = path.join(step.scratch, String(height));
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
    await deps.storage.putDir(hlsRungDir(step.id, step.gen, height), outDir);
    // The master lists every rung published so far, this one included.
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
  },
};
