import { accessSync, constants, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { MediaError } from './ffmpeg.ts';

// Keeping ffmpeg from outliving its server (docs/decisions/0021). A killed server (SIGKILL,
// OOM) cannot kill its children, and an orphaned encode went on writing beside the retried
// step. Two guards: util-linux `setpriv --pdeathsig KILL` makes the kernel kill the child
// when the server dies; and the pid of a running encode is kept in a file, so the retry ends
// whatever an earlier attempt left running (no setpriv, or the server died in the instant
// between fork and prctl) before it writes. Linux only: elsewhere both are skipped.

let setpriv: string | null | undefined;
let nice: string | null | undefined;

/**
 * How much lower than the server's the encoders' CPU priority is (nice(1)): a transcode
 * takes what the pages leave, so visitors are answered at once while it runs (PeerTube runs
 * its encodes niced too). Work done is the same; only who waits changes.
 */
export const MEDIA_NICENESS = 10;

/**
 * How to start `bin`: niced, and through setpriv when the machine has them (each execs the
 * next, so the pid stays the encoder's). Undefined: no such binary.
 */
export function launcher(bin: string): { file: string; args: string[] } | undefined {
  const resolved = findExecutable(bin);
  if (!resolved) return undefined;
  if (setpriv === undefined) setpriv = findExecutable('setpriv') ?? null;
  if (nice === undefined) nice = findExecutable('nice') ?? null;
  const chain = [
    ...(setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : []),
    ...(nice ? [nice, '-n', String(MEDIA_NICENESS)] : []),
    resolved,
  ];
  const [file = resolved, ...args] = chain;
  return { file, args };
}

/** The executable a spawn of `bin` would run (a path, or looked up in PATH). */
function findExecutable(bin: string): string | undefined {
  const candidates = bin.includes('/')
    ? [path.resolve(bin)]
    : (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.resolve(dir || '.', bin));
  return candidates.find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * When the process started, in clock ticks since boot (`/proc/{pid}/stat` field 22): with
 * the pid it names one process, where a pid alone may since belong to another. Undefined
 * when there is no such process, it has exited (a zombie holds nothing open), or no /proc.
 */
export function processStart(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return fields[19];
}

/**
 * Written synchronously right after the spawn: the file must name the process before the
 * server can die, and it is a few bytes.
 */
export function recordPid(file: string, pid: number): void {
  writeFileSync(file, `${pid} ${processStart(pid) ?? ''}\n`);
}

/** Removes the pid file if it still names `pid` (a retry may have written its own since). */
export function forgetPid(file: string, pid: number): void {
  try {
    if (readFileSync(file, 'utf8').split(' ')[0] === String(pid)) rmSync(file, { force: true });
  } catch {
    // Already gone.
  }
}

/**
 * Ends the process a pid file names, if it is still the one that was recorded and still
 * running: SIGKILL to its group, then waits until it is gone. Answers its pid, or undefined
 * when there was nothing to end. Throws when it will not go within `timeoutMs`.
 */
export async function endOrphan(pidFile: string, timeoutMs = 10_000): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch {
    return undefined;
  }
  const [pidText = '', start = ''] = text.trim().split(' ');
  const pid = Number(pidText);
  const alive = () => processStart(pid) === start;
  // Without a start time the pid cannot be told from a reused one: never kill on a guess.
  if (!(Number.isSafeInteger(pid) && pid > 1 && start !== '' && alive())) {
    await rm(pidFile, { force: true });
    return undefined;
  }
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Not a group leader, or gone in the meantime.
    }
  }
  const deadline = Date.now() + timeoutMs;
  while (alive()) {
    if (Date.now() > deadline) {
      throw new MediaError('failed', `process ${pid} of ${pidFile} did not end`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await rm(pidFile, { force: true });
  return pid;
}
