import type { MediaStep, MediaStepName, MediaStepPayloads } from '../../contracts/media-task.ts';
import { downloadsStep } from './steps/downloads.ts';
import { hlsStep } from './steps/hls.ts';
import { hoverStep } from './steps/hover.ts';
import type { StepDefinition, StepDeps, StepRun } from './steps/step.ts';
import { timelineStep } from './steps/timeline.ts';

// Every step of the media pipeline by name (HOUSE-STYLE.md §6, decision 0041): a step
// without a definition, or one taking another step's payload, does not compile.

const STEPS: { [N in MediaStepName]: StepDefinition<N> } = {
  hls: hlsStep,
  timeline: timelineStep,
  hover: hoverStep,
  mp4: downloadsStep,
};

export function runMediaStep<N extends MediaStepName>(
  name: N,
  payload: MediaStepPayloads[N],
  deps: StepDeps,
  run: StepRun,
): Promise<void> {
  const step: StepDefinition<N> = STEPS[name];
  return step.run(deps, run, payload);
}

/** Longest one step may run, from the video's length; five minutes at least. */
export function taskTimeoutS(step: MediaStep, durationS: number): number {
  return Math.round(Math.max(300, durationS * STEPS[step.name].timeoutFactor + 120));
}
