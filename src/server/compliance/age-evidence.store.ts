import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Photos waiting for a moderator (decision 0054): one JPEG each in a private folder of the
// data directory (DATA_DIR/private/age-checks, never under the media or static folders, owner
// only), named at random, deleted the moment the check is decided. Nothing serves this folder:
// the console's staff-only route reads one file by the name its pending row holds.

const NAME = /^[0-9a-f-]{36}\.jpg$/;

export interface AgeEvidenceStore {
  readonly dir: string;
  /** Stores a photo; answers the name `age_checks.evidence_path` keeps. */
  save(jpeg: Buffer): Promise<string>;
  /** The photo, or undefined when it is gone (or the name is not one of ours). */
  read(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
  /** Names stored, with their age in ms: the sweep removes those no pending check holds. */
  list(): Promise<{ name: string; ageMs: number }[]>;
}

export function createAgeEvidenceStore(dir: string): AgeEvidenceStore {
  const fileOf = (name: string) => (NAME.test(name) ? path.join(dir, name) : undefined);
  return {
    dir,
    async save(jpeg) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${randomUUID()}.jpg`;
      await writeFile(path.join(dir, name), jpeg, { mode: 0o600, flag: 'wx' });
      return name;
    },
    async read(name) {
      const file = fileOf(name);
      if (!file) return undefined;
      try {
        return await readFile(file);
      } catch {
        return undefined;
      }
    },
    async remove(name) {
      const file = fileOf(name);
      if (file) await rm(file, { force: true });
    },
    async list() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return [];
      }
      const now = Date.now();
      const found: { name: string; ageMs: number }[] = [];
      for (const name of names.filter((n) => NAME.test(n))) {
        try {
          found.push({ name, ageMs: now - (await stat(path.join(dir, name))).mtimeMs });
        } catch {
          // Removed meanwhile.
        }
      }
      return found;
    },
  };
}
