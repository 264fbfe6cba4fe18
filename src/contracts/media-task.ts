import { z } from './zod.ts';

// The steps of the media pipeline (docs/decisions/0011, 0041), each with what it needs to
// know beyond its video and run. A step goes by its key (`hls:720`, `timeline`, `hover`,
// `mp4`) wherever it is written down: the queue's payloads, the video's task states and
// `/api/video_status.php`, so jobs queued and states stored before still read.

export interface MediaStepPayloads {
  /** One HLS rung, by its height. */
  hls: { height: number };
  /** The sprite sheet and the VTT that places its tiles on the seek bar. */
  timeline: Record<never, never>;
  /** The short silent clip a thumb plays on hover. */
  hover: Record<never, never>;
  /** The downloads: two progressive MP4s and the trailer. */
  mp4: Record<never, never>;
}

export type MediaStepName = keyof MediaStepPayloads;

/** A step with its payload, told apart by `name`. */
export type MediaStep = {
  [N in MediaStepName]: { name: N } & MediaStepPayloads[N];
}[MediaStepName];

export type MediaTaskKey = `hls:${number}` | Exclude<MediaStepName, 'hls'>;

export function mediaTaskKey(step: MediaStep): MediaTaskKey {
  return step.name === 'hls' ? `hls:${step.height}` : step.name;
}

/** The step a key names; undefined for anything else. */
export function parseMediaTaskKey(key: string): MediaStep | undefined {
  const rung = /^hls:([1-9]\d{1,4})$/.exec(key);
  if (rung) return { name: 'hls', height: Number(rung[1]) };
  if (key === 'timeline' || key === 'hover' || key === 'mp4') return { name: key };
  return undefined;
}

/** The step of a key already checked (by its type or `mediaTaskKeySchema`). */
export function mediaStepOf(key: MediaTaskKey): MediaStep {
  const step = parseMediaTaskKey(key);
  if (!step) throw new TypeError(`not a media step: ${key}`);
  return step;
}

export const mediaTaskKeySchema = z.custom<MediaTaskKey>(
  (value) => typeof value === 'string' && parseMediaTaskKey(value) !== undefined,
  { message: 'hls:{height}, timeline, hover or mp4' },
);
