import { afterEach, describe, expect, it, vi } from 'vitest';
import { startViewFlusher, type ViewBatch, ViewBuffer } from './view-buffer.ts';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

describe('ViewBuffer', () => {
  it('sums views per video and keeps the latest history row per member and video', () => {
    const buffer = new ViewBuffer();
    expect(buffer.isEmpty).toBe(true);
    expect(buffer.drain()).toBeUndefined();
    buffer.addView(1);
    buffer.addView(2);
    buffer.addView(1);
    buffer.addHistory({ userId: 9, videoId: 1, viewedAt: at(2) });
    buffer.addHistory({ userId: 9, videoId: 1, viewedAt: at(1) });
    buffer.addHistory({ userId: 8, videoId: 1, viewedAt: at(1) });
    expect(buffer.drain()).toEqual({
      videoIds: [1, 2],
      counts: [2, 1],
      history: [
        { userId: 9, videoId: 1, viewedAt: at(2) },
        { userId: 8, videoId: 1, viewedAt: at(1) },
      ],
    });
    expect(buffer.isEmpty).toBe(true);
  });

  it('merges a restored batch with what came since', () => {
    const buffer = new ViewBuffer();
    buffer.addView(1);
    buffer.addHistory({ userId: 9, videoId: 1, viewedAt: at(1) });
    const batch = buffer.drain() as ViewBatch;
    buffer.addView(1);
    buffer.addView(3);
    buffer.addHistory({ userId: 9, videoId: 1, viewedAt: at(5) });
    buffer.restore(batch);
    expect(buffer.drain()).toEqual({
      videoIds: [1, 3],
      counts: [2, 1],
      history: [{ userId: 9, videoId: 1, viewedAt: at(5) }],
    });
  });
});

describe('startViewFlusher', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes on its interval and on stop', async () => {
    vi.useFakeTimers();
    const buffer = new ViewBuffer();
    const written: ViewBatch[] = [];
    const flusher = startViewFlusher({
      buffer,
      write: async (batch) => {
        written.push(batch);
      },
      intervalMs: 1000,
      onError: () => {},
    });
    buffer.addView(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(written).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(written).toEqual([{ videoIds: [1], counts: [1], history: [] }]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toHaveLength(1);
    buffer.addView(2);
    await flusher.stop();
    expect(written).toHaveLength(2);
    buffer.addView(3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(written).toHaveLength(2);
  });

  it('puts a failed batch back and writes it with the next', async () => {
    const buffer = new ViewBuffer();
    const written: ViewBatch[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const flusher = startViewFlusher({
      buffer,
      write: async (batch) => {
        if (fail) throw new Error('database away');
        written.push(batch);
      },
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    buffer.addView(1);
    await flusher.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    buffer.addView(1);
    await flusher.stop();
    expect(written).toEqual([{ videoIds: [1], counts: [2], history: [] }]);
  });

  it('never runs two writes at once', async () => {
    const buffer = new ViewBuffer();
    let running = 0;
    let most = 0;
    const flusher = startViewFlusher({
      buffer,
      write: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
      },
      intervalMs: 60_000,
      onError: () => {},
    });
    buffer.addView(1);
    const first = flusher.flush();
    buffer.addView(2);
    const second = flusher.flush();
    await Promise.all([first, second]);
    await flusher.stop();
    expect(most).toBe(1);
  });
});
