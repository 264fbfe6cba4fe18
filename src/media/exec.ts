import { spawn } from 'node:child_process';
import path from 'node:path';
import { MediaError, type ProbeResult, parseProbe, probeArgs } from './ffmpeg.ts';
import type { MediaInput } from './input.ts';
import { forgetPid, launcher, recordPid } from './processes.ts';

// The one place ffmpeg and ffprobe run: no shell, a hard timeout, SIGKILL on timeout or abort,
// and the promise settles only once the process is gone, so nothing is left running behind it.
// Each run is a process group of its own, killed as a group, and dies with the server even
// when the server is killed outright (docs/decisions/0021, processes.ts).

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Output position in seconds, from `-progress pipe:1`; a throw here fails the run. */
  onProgress?(outTimeS: number): void;
  /**
   * Where the pid is kept while the process runs, so a later attempt of the same work can end
   * it (endOrphan) should it outlive this server.
   */
  pidFile?: string;
}

export { endOrphan } from './processes.ts';

const STDERR_LINES = 20;

export async function runFfmpeg(
  bin: string,
  args: readonly string[],
  opts: RunOptions,
): Promise<void> {
  const { onProgress } = opts;
  await run(bin, args, opts, onProgress ? progressParser(onProgress) : undefined);
}

export async function runFfprobe(
  bin: string,
  input: MediaInput,
  opts: Pick<RunOptions, 'timeoutMs' | 'signal' | 'pidFile'>,
): Promise<ProbeResult> {
  let out = '';
  try {
    await run(bin, probeArgs(input), opts, (chunk) => {
      out += chunk;
    });
  } catch (err) {
    // ffprobe exits non-zero exactly when it cannot read the file.
    if (err instanceof MediaError && err.code === 'failed') {
      throw new MediaError('video_corrupted_file', err.message);
    }
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(out);
  } catch {
    throw new MediaError('video_corrupted_file', 'ffprobe printed no JSON');
  }
  return parseProbe(json);
}

/**
 * Turns `-progress` output (blocks of key=value lines, each ending in `progress=continue|end`)
 * into one callback per block. `out_time_ms` is in microseconds too: a long-standing ffmpeg
 * misnomer, still so in 5.1.
 */
export function progressParser(onProgress: (outTimeS: number) => void): (chunk: string) => void {
  let partial = '';
  let outTimeUs: number | undefined;
  return (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const eq = line.indexOf('=');
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key === 'out_time_us' || (key === 'out_time_ms' && outTimeUs === undefined)) {
        const us = Number(value);
        if (value !== '' && Number.isFinite(us) && us >= 0) outTimeUs = us;
      } else if (key === 'progress') {
        if (outTimeUs !== undefined) onProgress(outTimeUs / 1e6);
        outTimeUs = undefined;
      }
    }
  };
}

function run(
  bin: string,
  args: readonly string[],
  opts: Pick<RunOptions, 'timeoutMs' | 'signal' | 'pidFile'>,
  onStdout?: (chunk: string) => void,
): Promise<void> {
  const name = path.basename(bin);
  return new Promise((resolve, reject) => {
    if (!(Number.isFinite(opts.timeoutMs) && opts.timeoutMs > 0)) {
      reject(new RangeError(`Invalid timeoutMs: ${opts.timeoutMs}`));
      return;
    }
    if (opts.signal?.aborted) {
      reject(new MediaError('aborted', `${name} aborted before it started`));
      return;
    }
    const command = launcher(bin);
    if (!command) {
      reject(new MediaError('failed', `${name}: spawn ${bin} ENOENT`));
      return;
    }

    // Its own process group (`detached`: setsid), so a kill reaches everything it started.
    const child = spawn(command.file, [...command.args, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const stderr = lineTail(STDERR_LINES);
    let killedFor: 'timeout' | 'aborted' | 'callback' | 'pidFile' | undefined;
    let callbackError: unknown;
    let settled = false;

    const kill = (reason: NonNullable<typeof killedFor>) => {
      if (killedFor) return;
      killedFor = reason;
      const pid = child.pid;
      try {
        if (pid === undefined) throw new Error('no pid');
        process.kill(-pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    if (opts.pidFile && child.pid !== undefined) {
      try {
        recordPid(opts.pidFile, child.pid);
      } catch (err) {
        callbackError = err;
        kill('pidFile');
      }
    }
    const onAbort = () => kill('aborted');
    const timer = setTimeout(() => kill('timeout'), opts.timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (err?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.pidFile && child.pid !== undefined) forgetPid(opts.pidFile, child.pid);
      if (err === undefined) resolve();
      else reject(err);
    };

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!onStdout || killedFor) return;
      try {
        onStdout(chunk);
      } catch (err) {
        callbackError = err;
        kill('callback');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => stderr.push(chunk));

    child.on('error', (err) => {
      // Only a failed spawn (ENOENT, EACCES) ends the run here; otherwise 'close' follows.
      if (child.pid === undefined) finish(new MediaError('failed', `${name}: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      switch (killedFor) {
        case 'timeout':
          return finish(
            new MediaError('timeout', `${name} killed after ${opts.timeoutMs} ms${stderr.text()}`),
          );
        case 'aborted':
          return finish(new MediaError('aborted', `${name} aborted`));
        case 'callback':
        case 'pidFile':
          return finish(callbackError);
        case undefined:
          if (code === 0) return finish();
          return finish(
            new MediaError('failed', `${name} exited with ${code ?? signal}${stderr.text()}`),
          );
      }
    });
  });
}

/** The last `max` non-empty lines of a stream, for error messages. */
function lineTail(max: number) {
  const lines: string[] = [];
  let partial = '';
  return {
    push(chunk: string) {
      const parts = (partial + chunk).split(/\r?\n|\r/);
      // Bounded even if a binary writes one endless line.
      partial = (parts.pop() ?? '').slice(-4096);
      for (const line of parts) if (line.trim()) lines.push(line.slice(0, 500));
      if (lines.length > max) lines.splice(0, lines.length - max);
    },
    text(): string {
      const all = partial.trim() ? [...lines, partial.slice(0, 500)].slice(-max) : lines;
      return all.length ? `:\n${all.join('\n')}` : '';
    },
  };
}
