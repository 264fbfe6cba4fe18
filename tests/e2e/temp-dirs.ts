import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The data directories the browser tests' sites write (a database, demo media, uploads): a
// few hundred megabytes each, removed once the test file is done (cleanup.setup.ts), so runs
// do not fill the disk. A site restarted on its directory keeps it until then.

const made = new Set<string>();

/** A new directory under the system's temp folder, removed after the test file. */
export async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `afterglow-e2e-${name}-`));
  made.add(dir);
  return dir;
}

/** Removes every directory tempDir made in this test file. */
export async function removeTempDirs(): Promise<void> {
  await Promise.all([...made].map((dir) => rm(dir, { recursive: true, force: true })));
  made.clear();
}
