import type { MediaStep, MediaStepName, MediaStepPayloads } from '../../contracts/media-task.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import { ladderFor } from '../../media/hls.ts';
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

/** The rung published first: 480 plays everywhere and encodes fast; else the best there is. */
export function firstRung(heights: number[]): number {
  return heights.includes(480) ? 480 : (heights[0] ?? 0);
}

/**
 * The steps of a run in the order they should run: the first rung; the best rung beside it
 * (the longest step: two run at once, and the run ends when it does, decision 0063); the
 * timeline and hover clip (small, make the page complete, read from the first rung); the
 * other rungs best first; the downloads.
 */
export function planTasks(sourceHeight: number): MediaStep[] {
  const heights = ladderFor(sourceHeight).map((rung) => rung.height);
  const first = firstRung(heights);
  const [best, ...rest] = heights
    .filter((h) => h !== first)
    .map((height) => ({ name: 'hls' as const, height }));
  return [
    { name: 'hls', height: first },
    ...(best ? [best] : []),
    { name: 'timeline' },
    { name: 'hover' },
    ...rest,
    { name: 'mp4' },
  ];
}

/** Below the lowest priority of any run's steps (a plan has at most seven). */
const BACKGROUND_PRIORITY = -100;

/**
 * A step's priority on the queue (higher first): a run's steps in plan order, and every step
 * of a background run after every step of the others, whenever they were queued.
 */
export function taskPriority(index: number, count: number, background = false): number {
  return count - index + (background ? BACKGROUND_PRIORITY : 0);
}

/** Why a video failed, for the member (SPEC.md §8): their file, or our side. */
export function failureCode(error: unknown): 'video_corrupted_file' | 'video_upload_error' {
  return error instanceof MediaError && error.code === 'video_corrupted_file'
    ? 'video_corrupted_file'
    : 'video_upload_error';
}
