import { readdir, readFile } from 'node:fs/promises';

// Looking at the machine's processes from tests (Linux /proc), to prove none is left behind.

/** Pids of live processes whose command line mentions `marker` (zombies have none). */
export async function processesMentioning(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(marker)) pids.push(Number(entry));
  }
  return pids;
}

/** Polls (no fixed sleep) until `check` holds; throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Ends processes a test started (found by their unique marker), if any are still there. */
export async function killMentioning(marker: string): Promise<void> {
  for (const pid of await processesMentioning(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
}
