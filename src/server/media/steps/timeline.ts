import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { timelineDir } from '../../../media/keys.ts';
import {
  spriteArgs,
  TIMELINE_TILE,
  timelineFileName,
  timelinePlan,
  timelineVtt,
} from '../../../media/timeline.ts';
import { ffmpeg, rungInput, type StepDefinition } from './step.ts';

// The seek bar's previews: one sprite sheet of tiles and the VTT that places them.

export const timelineStep: StepDefinition<'timeline'> = {
  timeoutFactor: 1,
  async run(deps, step) {
    const { duration } = step.media.probe;
    const plan = timelinePlan(duration);
    const outDir = path.join(step.scratch, 'timeline');
    await mkdir(outDir);
    const tile = { tileWidth: TIMELINE_TILE.width, tileHeight: TIMELINE_TILE.height };
    // From the smallest published rung, every frame decoded (cheap at that size, and a tile
    // for every interval); else from the source's keyframes only (fast, but an upload with
    // sparse keyframes repeats tiles).
    const smallest = step.media.rungs?.at(-1);
    const input = smallest ? rungInput(deps, step, smallest) : step.source;
    await ffmpeg(
      deps,
      step,
      spriteArgs({
        input,
        output: path.join(outDir, 'sprite.jpg'),
        plan,
        keyframesOnly: !smallest,
        ...tile,
      }),
    );
    const name = timelineFileName(step.id, plan);
    // The sprite is named relative to the VTT, so a signed folder URL covers both.
    await writeFile(
      path.join(outDir, name),
      timelineVtt({ plan, spriteUrl: 'sprite.jpg', durationS: duration, ...tile }),
    );
    const dir = timelineDir(step.id, step.gen);
    await deps.storage.putDir(dir, outDir);
    await deps.videos.setOutputs(step.id, step.gen, { timeline: `${dir}/${name}` });
  },
};
