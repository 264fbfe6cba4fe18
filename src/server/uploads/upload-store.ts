import { randomBytes } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { UPLOAD_ID, uploadOwner } from '../../contracts/upload.rules.ts';

// Where uploads live until their form is sent (docs/decisions/0015): the tus file store
// (`files/{id}` and its `files/{id}.json` info) and what the inspection found
// (`inspect/{id}/`). Upload ids carry their member (`u{user}-{hex}`), so whose an upload is
// and how many a member has are answered from names alone.

export interface UploadInfo {
  id: string;
  ownerId: number;
  size: number;
  offset: number;
  metadata: Record<string, string | null>;
  /** Path of the uploaded bytes. */
  file: string;
}

export function createUploadStore(dir: string) {
  const filesDir = path.join(dir, 'files');
  const inspectRoot = path.join(dir, 'inspect');
  const datastore = new FileStore({ directory: filesDir });

  const checkId = (id: string) => {
    if (!UPLOAD_ID.test(id)) throw new RangeError(`Invalid upload id: ${JSON.stringify(id)}`);
    return id;
  };

  async function names(): Promise<string[]> {
    try {
      return await readdir(filesDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  /** Last change of any of the upload's files, in ms; 0 when none is there. */
  async function touchedAt(id: string): Promise<number> {
    let latest = 0;
    for (const file of [
      path.join(filesDir, id),
      path.join(filesDir, `${id}.json`),
      path.join(inspectRoot, id),
    ]) {
      try {
        latest = Math.max(latest, (await stat(file)).mtimeMs);
      } catch {
        // not there
      }
    }
    return latest;
  }

  const store = {
    datastore,

    /** A new upload id for a member. */
    newId(userId: number): string {
      return `u${userId}-${randomBytes(16).toString('hex')}`;
    },

    /** Folder of the inspection's findings (frames and their summary). */
    inspectDir(id: string): string {
      return path.join(inspectRoot, checkId(id));
    },

    /** The upload, or undefined when there is none by that id (or its bytes are gone). */
    async get(id: string): Promise<UploadInfo | undefined> {
      const ownerId = uploadOwner(id);
      if (ownerId === undefined) return undefined;
      try {
        const upload = await datastore.getUpload(id);
        return {
          id,
          ownerId,
          size: upload.size ?? -1,
          offset: upload.offset,
          metadata: upload.metadata ?? {},
          file: path.join(filesDir, id),
        };
      } catch (error) {
        const status = (error as { status_code?: number }).status_code;
        if (status === 404 || status === 410) return undefined;
        throw error;
      }
    },

    /** How many uploads a member has here: unfinished, or finished and waiting for the form. */
    async pending(userId: number): Promise<number> {
      const prefix = `u${userId}-`;
      return (await names()).filter((name) => name.startsWith(prefix) && name.endsWith('.json'))
        .length;
    },

    /**
     * Removes an upload's bytes and tus info, keeping what the inspection found: the upload
     * no longer counts as pending, and its refusal can still be answered until the sweep.
     */
    async dropFile(id: string): Promise<void> {
      checkId(id);
      await rm(path.join(filesDir, id), { force: true });
      await rm(path.join(filesDir, `${id}.json`), { force: true });
    },

    /** Removes an upload and everything known about it; a missing one is not an error. */
    async remove(id: string): Promise<void> {
      await store.dropFile(id);
      await rm(path.join(inspectRoot, id), { recursive: true, force: true });
    },

    /**
     * Removes uploads nobody touched for `staleMs`: abandoned halfway, or finished and never
     * submitted. Answers how many went.
     */
    async sweep(staleMs: number, now = Date.now()): Promise<number> {
      const ids = new Set<string>();
      for (const name of await names()) {
        const id = name.endsWith('.json') ? name.slice(0, -5) : name;
        if (UPLOAD_ID.test(id)) ids.add(id);
      }
      try {
        for (const name of await readdir(inspectRoot)) if (UPLOAD_ID.test(name)) ids.add(name);
      } catch {
        // no inspections yet
      }
      let removed = 0;
      for (const id of ids) {
        if (now - (await touchedAt(id)) < staleMs) continue;
        await store.remove(id);
        removed++;
      }
      return removed;
    },
  };
  return store;
}

export type UploadStore = ReturnType<typeof createUploadStore>;
