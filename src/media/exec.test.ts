import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesMentioning, waitUntil } from '../../tests/support/processes.ts';
import { progressParser, runFfmpeg, runFfprobe } from './exec.ts';
import { MediaError, mp4Args, screenshotArgs } from './ffmpeg.ts';
import type { MediaInput } from './input.ts';
import { MEDIA_NICENESS } from './processes.ts';
import { TEST_PATTERNS, testSourceArgs } from './test-source.ts';

// Integration tests against the machine's ffmpeg/ffprobe (Debian 5.1): every file is synthetic.

const FFMPEG = 'ffmpeg';
const FFPROBE = 'ffprobe';
const PROBE = { timeoutMs: 10_000 };
const mov = (file: string): MediaInput => ({ path: file, format: 'mov' });

let dir: string;
let source: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-exec-'));
  source = path.join(dir, 'source.mp4');
  await runFfmpeg(
    FFMPEG,
    testSourceArgs({
      output: source,
      durationS: 2,
      width: 320,
      height: 180,
      pattern: 'testsrc2',
      seed: 1,
    }),
    { timeoutMs: 20_000 },
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function rejection(promise: Promise<unknown>): Promise<MediaError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaError);
  return err as MediaError;
}

/** Polls (no fixed sleep) until the process running with `marker` shows up. */
async function waitForProcess(marker: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await processesMentioning(marker)).length === 0) {
    if (Date.now() > deadline) throw new Error(`no process mentioning ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A render that would take an hour. */
function endlessArgs(output: string): string[] {
  return testSourceArgs({
    output,
    durationS: 3600,
    width: 320,
    height: 180,
    pattern: 'mandelbrot',
    seed: 1,
  });
}

describe('runFfmpeg and runFfprobe', () => {
  it('renders a test source that probes as expected', async () => {
    expect(await runFfprobe(FFPROBE, mov(source), PROBE)).toEqual({
      durationS: expect.closeTo(2, 1),
      width: 320,
      height: 180,
      videoCodec: 'h264',
      hasAudio: true,
      frameRate: 25,
      startS: 0,
      videoStartS: 0,
    });
  });

  it.each(TEST_PATTERNS)('renders the %s pattern on this ffmpeg', async (pattern) => {
    const output = path.join(dir, `${pattern}.mp4`);
    const args = testSourceArgs({
      output,
      durationS: 0.4,
      width: 64,
      height: 36,
      pattern,
      seed: 9,
    });
    await runFfmpeg(FFMPEG, args, { timeoutMs: 20_000 });
    const probe = await runFfprobe(FFPROBE, mov(output), PROBE);
    expect([probe.width, probe.height, probe.hasAudio]).toEqual([64, 36, true]);
  });

  it('transcodes with progress, downscaling and trimming', async () => {
    const output = path.join(dir, 'lq.mp4');
    const seen: number[] = [];
    const args = mp4Args({
      input: mov(source),
      output,
      maxHeight: 90,
      crf: 30,
      preset: 'ultrafast',
      audioKbps: 64,
      startS: 0.5,
      durationS: 1,
    });
    await runFfmpeg(FFMPEG, args, { timeoutMs: 20_000, onProgress: (s) => seen.push(s) });

    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeCloseTo(1, 0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const probe = await runFfprobe(FFPROBE, mov(output), PROBE);
    expect([probe.width, probe.height]).toEqual([160, 90]);
    expect(probe.durationS).toBeCloseTo(1, 0);
  });

  it('never upscales', async () => {
    const output = path.join(dir, 'hq.mp4');
    const args = mp4Args({
      input: mov(source),
      output,
      maxHeight: 1080,
      crf: 30,
      preset: 'ultrafast',
      audioKbps: 64,
    });
    await runFfmpeg(FFMPEG, args, { timeoutMs: 20_000 });
    const probe = await runFfprobe(FFPROBE, mov(output), PROBE);
    expect([probe.width, probe.height]).toEqual([320, 180]);
  });

  it.each(['shot.jpg', 'shot.png'])('takes a center-cropped screenshot (%s)', async (name) => {
    const output = path.join(dir, name);
    await runFfmpeg(
      FFMPEG,
      screenshotArgs({ input: mov(source), output, atS: 1, width: 100, height: 100 }),
      { timeoutMs: 10_000 },
    );
    const meta = await sharp(output).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      name.endsWith('.png') ? 'png' : 'jpeg',
      100,
      100,
    ]);
  });

  it('kills a run that outlives its timeout and leaves no process behind', async () => {
    const output = path.join(dir, 'timeout-marker.mp4');
    const started = Date.now();
    const run = rejection(runFfmpeg(FFMPEG, endlessArgs(output), { timeoutMs: 500 }));
    await waitForProcess(output);
    const err = await run;
    expect(err.code).toBe('timeout');
    expect(err.message).toMatch(/^ffmpeg killed after 500 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await processesMentioning(output)).toEqual([]);
  });

  it('runs the encoder niced below the server, so pages are answered first', async () => {
    const output = path.join(dir, 'nice-marker.mp4');
    const controller = new AbortController();
    const run = rejection(
      runFfmpeg(FFMPEG, endlessArgs(output), { timeoutMs: 20_000, signal: controller.signal }),
    );
    // The pid execs setpriv, then nice, then ffmpeg: wait until it is ffmpeg itself.
    let encoder: number | undefined;
    await waitUntil('ffmpeg runs', async () => {
      for (const pid of await processesMentioning(output)) {
        const argv0 = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')[0] ?? '';
        if (path.basename(argv0) === 'ffmpeg') encoder = pid;
      }
      return encoder !== undefined;
    });
    const niceness = getPriority(encoder);
    controller.abort();
    expect((await run).code).toBe('aborted');
    expect(niceness).toBe(Math.min(19, getPriority() + MEDIA_NICENESS));
  });

  it('kills a run when its signal aborts', async () => {
    const output = path.join(dir, 'abort-marker.mp4');
    const controller = new AbortController();
    const run = rejection(
      runFfmpeg(FFMPEG, endlessArgs(output), { timeoutMs: 60_000, signal: controller.signal }),
    );
    await waitForProcess(output);
    controller.abort();
    const err = await run;
    expect(err.code).toBe('aborted');
    expect(await processesMentioning(output)).toEqual([]);
  });

  it('does not start when already aborted', async () => {
    const output = path.join(dir, 'never-started.mp4');
    const err = await rejection(
      runFfmpeg(FFMPEG, endlessArgs(output), { timeoutMs: 60_000, signal: AbortSignal.abort() }),
    );
    expect(err.code).toBe('aborted');
    await expect(readFile(output)).rejects.toThrow(/ENOENT/);
  });

  it('fails with the tail of stderr', async () => {
    const missing = path.join(dir, 'missing.mp4');
    const args = mp4Args({
      input: mov(missing),
      output: path.join(dir, 'never.mp4'),
      maxHeight: 360,
      crf: 30,
      preset: 'ultrafast',
      audioKbps: 64,
    });
    const err = await rejection(runFfmpeg(FFMPEG, args, { timeoutMs: 10_000 }));
    expect(err.code).toBe('failed');
    expect(err.message).toMatch(/ffmpeg exited with 1:\n.*No such file or directory/);
  });

  it('fails when the binary is missing', async () => {
    const err = await rejection(
      runFfmpeg('/nonexistent/ffmpeg', ['-version'], { timeoutMs: 1_000 }),
    );
    expect(err.code).toBe('failed');
    expect(err.message).toMatch(/ENOENT/);
  });

  it('fails the run, and stops ffmpeg, when onProgress throws', async () => {
    const output = path.join(dir, 'callback-marker.mp4');
    const args = mp4Args({
      input: mov(source),
      output,
      maxHeight: 90,
      crf: 30,
      preset: 'ultrafast',
      audioKbps: 64,
    });
    const onProgress = () => {
      throw new Error('progress sink broke');
    };
    await expect(runFfmpeg(FFMPEG, args, { timeoutMs: 10_000, onProgress })).rejects.toThrow(
      'progress sink broke',
    );
    expect(await processesMentioning(output)).toEqual([]);
  });

  it('calls a text file a corrupted video', async () => {
    const text = path.join(dir, 'notes.mp4');
    await writeFile(text, 'this is not a video\n'.repeat(50));
    const err = await rejection(runFfprobe(FFPROBE, mov(text), PROBE));
    expect(err.code).toBe('video_corrupted_file');
    expect(err.message).toMatch(/Invalid data found/);
  });

  it('calls an audio-only file a corrupted video', async () => {
    const audio = path.join(dir, 'tone.m4a');
    await runFfmpeg(
      FFMPEG,
      ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=0.5', '-c:a', 'aac', audio],
      { timeoutMs: 10_000 },
    );
    expect((await rejection(runFfprobe(FFPROBE, mov(audio), PROBE))).code).toBe(
      'video_corrupted_file',
    );
  });
});

describe('progressParser', () => {
  it('reports once per block, in seconds, across chunk boundaries', () => {
    const seen: number[] = [];
    const push = progressParser((s) => seen.push(s));
    push('frame=1\nout_time_us=N/A\nout_time_ms=N/A\nprogress=continue\nframe=25\nout_ti');
    push('me_us=1000000\nout_time_ms=1000000\nout_time=00:00:01.000000\nprogress=cont');
    push('inue\nout_time_ms=2500000\nprogress=end\n');
    expect(seen).toEqual([1, 2.5]);
  });
});
