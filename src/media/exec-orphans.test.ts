import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killMentioning, processesMentioning, waitUntil } from '../../tests/support/processes.ts';
import { endOrphan, runFfmpeg } from './exec.ts';
import { MediaError } from './ffmpeg.ts';
import { processStart } from './processes.ts';
import { testSourceArgs } from './test-source.ts';

// ffmpeg must not outlive the server that started it (docs/decisions/0021): against the
// machine's ffmpeg 5.1 and util-linux setpriv, with real processes.

const HERE = path.dirname(fileURLToPath(import.meta.url));

let dir: string;
const markers: string[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-orphans-'));
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const marker of markers.splice(0)) await killMentioning(marker);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An output path no other process mentions; the run writing it is found by it. */
function marker(name: string): string {
  const output = path.join(dir, `${name}-${process.pid}-${Date.now()}.mp4`);
  markers.push(output);
  return output;
}

/** A render that would take an hour. */
function endless(output: string): string[] {
  const options = { durationS: 3600, width: 320, height: 180, seed: 1 } as const;
  return testSourceArgs({ ...options, pattern: 'mandelbrot', output });
}

async function onlyPid(output: string): Promise<number> {
  await waitUntil('ffmpeg runs', async () => (await processesMentioning(output)).length > 0);
  const [pid] = await processesMentioning(output);
  return pid ?? 0;
}

describe('ffmpeg and its server', () => {
  it('dies with a server that is killed outright (SIGKILL)', { timeout: 20_000 }, async () => {
    const output = marker('server-killed');
    // A server of its own: Node running exec.ts, as main.ts would. The output path goes by
    // the environment, so only ffmpeg's command line mentions it.
    const script = `
      import { runFfmpeg } from ${JSON.stringify(path.join(HERE, 'exec.ts'))};
      import { testSourceArgs } from ${JSON.stringify(path.join(HERE, 'test-source.ts'))};
      const output = process.env.AFTERGLOW_MARKER;
      const options = { durationS: 3600, width: 320, height: 180, seed: 1, pattern: 'mandelbrot' };
      await runFfmpeg('ffmpeg', testSourceArgs({ ...options, output }), { timeoutMs: 600_000 });
    `;
    const server = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, AFTERGLOW_MARKER: output },
      stdio: 'ignore',
    });
    children.push(server);
    const ffmpeg = await onlyPid(output);
    expect(ffmpeg).not.toBe(server.pid);

    server.kill('SIGKILL');
    await waitUntil('ffmpeg is gone', () => processStart(ffmpeg) === undefined);
    expect(await processesMentioning(output)).toEqual([]);
  });

  it('lets the next attempt end an encode still running, and waits until it is gone', {
    timeout: 20_000,
  }, async () => {
    const output = marker('left-running');
    const pidFile = path.join(dir, 'left-running.pid');
    const earlier = runFfmpeg('ffmpeg', endless(output), { timeoutMs: 60_000, pidFile }).catch(
      (error: unknown) => error,
    );
    const pid = await onlyPid(output);
    await waitUntil('the pid is recorded', () =>
      readFile(pidFile, 'utf8').then(Boolean, () => false),
    );
    expect((await readFile(pidFile, 'utf8')).split(' ')[0]).toBe(String(pid));

    expect(await endOrphan(pidFile)).toBe(pid);
    // Gone when endOrphan answers, not some time later.
    expect(processStart(pid)).toBeUndefined();
    expect(await readFile(pidFile, 'utf8').catch(() => 'removed')).toBe('removed');
    const error = await earlier;
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('failed');
    // Nothing recorded: nothing to end.
    expect(await endOrphan(pidFile)).toBeUndefined();
  });

  it('never kills a process the pid file does not name any more (a reused pid)', async () => {
    const output = marker('reused-pid');
    const controller = new AbortController();
    const running = runFfmpeg('ffmpeg', endless(output), {
      timeoutMs: 60_000,
      signal: controller.signal,
    }).catch((error: unknown) => error);
    const pid = await onlyPid(output);
    const stale = path.join(dir, 'stale.pid');
    // The same pid, but recorded for a process that started at another time.
    await writeFile(stale, `${pid} 1\n`);

    expect(await endOrphan(stale)).toBeUndefined();
    expect(processStart(pid)).toBeDefined();
    controller.abort();
    expect(await running).toMatchObject({ code: 'aborted' });
  });
});
