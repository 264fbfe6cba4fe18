import path from 'node:path';
import { hoverClipArgs } from '../../../media/ffmpeg.ts';
import { videoHoverKey } from '../../../media/keys.ts';
import { THUMB_SIZE } from '../../../media/sizes.ts';
import { ffmpeg, type StepDefinition } from './step.ts';

// The clip a thumb plays on hover: a few short scenes across the video, at the thumb's size.

export const HOVER_CLIP = { scenes: 4, sceneS: 1.5 } as const;

export const hoverStep: StepDefinition<'hover'> = {
  timeoutFactor: 1,
  async run(deps, step) {
    const output = path.join(step.scratch, 'hover.mp4');
    await ffmpeg(
      deps,
      step,
      hoverClipArgs({
        input: step.source,
        output,
        durationS: step.media.probe.duration,
        ...THUMB_SIZE,
        ...HOVER_CLIP,
      }),
    );
    await deps.storage.putFile(videoHoverKey(step.id), output, { move: true });
    await deps.videos.setOutputs(step.id, step.gen, { hover: videoHoverKey(step.id) });
  },
};
