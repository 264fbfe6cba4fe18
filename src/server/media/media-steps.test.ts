import { describe, expect, it } from 'vitest';
import { mediaTaskKey } from '../../contracts/media-task.ts';
import { firstRung, planTasks, taskPriority, taskTimeoutS } from './media-steps.ts';

const planned = (height: number) => planTasks(height).map(mediaTaskKey);

describe('media pipeline plan', () => {
  it('runs the first playable rung, the best beside it, the small steps, other rungs, downloads', () => {
    expect(planned(1080)).toEqual([
      'hls:480',
      'hls:1080',
      'timeline',
      'hover',
      'hls:720',
      'hls:240',
      'mp4',
    ]);
    expect(planned(720)).toEqual(['hls:480', 'hls:720', 'timeline', 'hover', 'hls:240', 'mp4']);
  });

  it('starts with the best rung when the source is below 480', () => {
    expect(firstRung([240])).toBe(240);
    expect(planned(240)).toEqual(['hls:240', 'timeline', 'hover', 'mp4']);
  });

  it('gives long videos and encodes more time, never under five minutes', () => {
    expect(taskTimeoutS({ name: 'hls', height: 1080 }, 60)).toBe(480);
    expect(taskTimeoutS({ name: 'timeline' }, 60)).toBe(300);
    expect(taskTimeoutS({ name: 'hover' }, 60)).toBe(300);
    expect(taskTimeoutS({ name: 'hls', height: 720 }, 3600)).toBe(3600 * 6 + 120);
    expect(taskTimeoutS({ name: 'mp4' }, 3600)).toBe(3600 * 3 + 120);
  });

  it('queues a run’s steps in plan order, and a background run’s after any other run’s', () => {
    const plan = planTasks(2160);
    const normal = plan.map((_, i) => taskPriority(i, plan.length));
    expect(normal).toEqual([...normal].sort((a, b) => b - a));
    expect(new Set(normal).size).toBe(plan.length);
    const background = plan.map((_, i) => taskPriority(i, plan.length, true));
    expect(background).toEqual([...background].sort((a, b) => b - a));
    // The first step of a background run comes after the last step of the shortest plan.
    const shortest = planTasks(240);
    expect(Math.max(...background)).toBeLessThan(
      taskPriority(shortest.length - 1, shortest.length),
    );
  });
});
