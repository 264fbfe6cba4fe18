import { afterEach, describe, expect, it, vi } from 'vitest';
import { startViewFolder, type ViewFolderOptions } from './view-folder.ts';

/** A store of `pending` views that folds them `limit` at a time, and can be made to fail. */
function store(pending: number) {
  const state = { pending, folded: 0, calls: 0, failures: 0, running: 0, mostAtOnce: 0 };
  let failNext = 0;
  const foldBatch = async (limit: number) => {
    state.calls += 1;
    state.running += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.running);
    // A real pause: a second batch started meanwhile would show in mostAtOnce.
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    await Promise.resolve();
    state.running -= 1;
    if (failNext > 0) {
      failNext -= 1;
      throw new Error('fold failed');
    }
    const taken = Math.min(limit, state.pending);
    state.pending -= taken;
    state.folded += taken;
    return taken;
  };
  return {
    state,
    foldBatch,
    failNext: (times: number) => {
      failNext = times;
    },
  };
}

function folder(s: ReturnType<typeof store>, overrides: Partial<ViewFolderOptions> = {}) {
  const errors: unknown[] = [];
  const f = startViewFolder({
    foldBatch: s.foldBatch,
    intervalMs: 3_600_000,
    batchSize: 10,
    maxBatches: 100,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  return { folder: f, errors };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('view folder', () => {
  it('folds what a crash left behind as soon as it starts', async () => {
    const s = store(25);
    const { folder: f } = folder(s);
    // No call to fold(): stop() waits for the start-up round that is already queued.
    await f.stop();
    expect(s.state).toMatchObject({ pending: 0, folded: 25 });
  });

  it('takes batches until one comes back short', async () => {
    const s = store(30);
    const { folder: f } = folder(s);
    await f.stop();
    // 10, 10, 10, then an empty batch tells there is nothing more; stop's own round
    // finds nothing.
    expect(s.state).toMatchObject({ pending: 0, folded: 30, calls: 5 });
  });

  it('works off a backlog round after round without waiting for its timer', async () => {
    const s = store(100);
    const { folder: f } = folder(s, { maxBatches: 2 });
    await vi.waitFor(() => expect(s.state.pending).toBe(0));
    await f.stop();
    expect(s.state.folded).toBe(100);
  });

  it('folds no more than one round at shutdown, leaving the rest stored', async () => {
    const s = store(0);
    const { folder: f } = folder(s, { maxBatches: 2 });
    await f.fold();
    s.state.pending = 100;
    await f.stop();
    expect(s.state).toMatchObject({ pending: 80, folded: 20 });
  });

  it('reports a failed batch and takes it again in the next round', async () => {
    const s = store(15);
    const { folder: f, errors } = folder(s);
    await f.fold();
    s.state.pending += 5;
    s.failNext(1);
    await f.fold();
    expect(errors).toEqual([new Error('fold failed')]);
    expect(s.state).toMatchObject({ pending: 5, folded: 15 });
    await f.fold();
    expect(s.state).toMatchObject({ pending: 0, folded: 20 });
    await f.stop();
  });

  it('folds on its timer', async () => {
    vi.useFakeTimers();
    const s = store(0);
    const { folder: f } = folder(s, { intervalMs: 5000 });
    await f.fold();
    s.state.pending = 3;
    await vi.advanceTimersByTimeAsync(4999);
    expect(s.state.folded).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.state.folded).toBe(3);
    await f.stop();
  });

  it('never runs two batches at once', async () => {
    const s = store(100);
    const { folder: f } = folder(s);
    await Promise.all([f.fold(), f.fold(), f.fold()]);
    await f.stop();
    expect(s.state.mostAtOnce).toBe(1);
    expect(s.state.folded).toBe(100);
  });

  it('stops its timer', async () => {
    vi.useFakeTimers();
    const s = store(0);
    const { folder: f } = folder(s, { intervalMs: 5000 });
    await f.stop();
    const calls = s.state.calls;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(s.state.calls).toBe(calls);
  });
});
