import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteSharedBuffers } from './client.ts';

// PGlite's shared buffers follow the size of the database (issue 18, decision 0062): an
// eighth of its files, at least 32 MB and at most 256 MB.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A database directory whose files add up to `mb` (sparse: nothing is written). */
async function databaseOf(mb: number): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-buffers-'));
  await mkdir(path.join(dir, 'base', '5'), { recursive: true });
  for (const [name, part] of [
    ['base/5/16384', 0.75],
    ['base/5/16390', 0.25],
  ] as const) {
    const file = await open(path.join(dir, name), 'w');
    await file.truncate(Math.round(mb * part * 1024 * 1024));
    await file.close();
  }
  return dir;
}

describe('pgliteSharedBuffers', () => {
  it('gives a small or new database 32 MB', async () => {
    expect(await pgliteSharedBuffers('memory://')).toBe(32);
    expect(await pgliteSharedBuffers(path.join(tmpdir(), 'afterglow-no-such-dir'))).toBe(32);
    expect(await pgliteSharedBuffers(await databaseOf(100))).toBe(32);
  });

  it('gives a larger one an eighth of its files, up to 256 MB', async () => {
    expect(await pgliteSharedBuffers(await databaseOf(800))).toBe(100);
    await rm(dir as string, { recursive: true, force: true });
    expect(await pgliteSharedBuffers(await databaseOf(8000))).toBe(256);
  });
});
