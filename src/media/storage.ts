import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, cp, mkdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isSafeKey } from './keys.ts';

/** Where media files live. Keys are the forward-slash paths built in keys.ts. */
export interface MediaStorage {
  put(key: string, data: Buffer | Uint8Array | NodeJS.ReadableStream): Promise<void>;
  putFile(key: string, sourcePath: string, opts?: { move?: boolean }): Promise<void>;
  /**
   * Moves a whole local directory in under a key prefix, replacing what was there: readers
   * see the old folder or the new one, never a mix.
   */
  putDir(keyPrefix: string, sourceDir: string): Promise<void>;
  /** True when a file is stored under the key. */
  exists(key: string): Promise<boolean>;
  /** Removes one file or everything under a prefix; a missing key is not an error. */
  remove(keyOrPrefix: string): Promise<void>;
  /** Absolute path on disk, for ffmpeg and for serving. */
  localPath(key: string): string;
  /** Public URL; `version` > 0 busts caches after the file was replaced. */
  url(key: string, version?: number): string;
}

/**
 * Files under one root directory. Every write goes to a temp file next to its target and is
 * renamed into place, so a reader (the static file server, ffmpeg) never sees half a file.
 */
export class LocalStorage implements MediaStorage {
  readonly root: string;
  readonly publicPrefix: string;

  constructor(root: string, publicPrefix = '/media') {
    this.root = path.resolve(root);
    this.publicPrefix = publicPrefix.replace(/\/+$/, '');
  }

  localPath(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  url(key: string, version = 0): string {
    assertSafeKey(key);
    const base = `${this.publicPrefix}/${key}`;
    return version > 0 ? `${base}?v=${version}` : base;
  }

  async put(key: string, data: Buffer | Uint8Array | NodeJS.ReadableStream): Promise<void> {
    await this.writeAtomically(key, async (tmp) => {
      if (data instanceof Uint8Array) await writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
    });
  }

  async putFile(key: string, sourcePath: string, opts: { move?: boolean } = {}): Promise<void> {
    const target = this.localPath(key);
    if (opts.move) {
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
        return;
      } catch (err) {
        // Another file system: fall back to copy, then drop the source.
        if (errorCode(err) !== 'EXDEV') throw err;
      }
    }
    await this.writeAtomically(key, (tmp) => copyFile(sourcePath, tmp));
    if (opts.move) await unlink(sourcePath);
  }

  async putDir(keyPrefix: string, sourceDir: string): Promise<void> {
    const target = this.localPath(keyPrefix);
    await mkdir(path.dirname(target), { recursive: true });
    const old = `${target}.${randomBytes(6).toString('hex')}.old`;
    let hadOld = false;
    try {
      await rename(target, old);
      hadOld = true;
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
    try {
      await rename(sourceDir, target);
    } catch (err) {
      if (errorCode(err) !== 'EXDEV') {
        if (hadOld) await rename(old, target);
        throw err;
      }
      // Another file system: copy next to the target first, then swap it in.
      const staged = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await cp(sourceDir, staged, { recursive: true });
      await rename(staged, target);
      await rm(sourceDir, { recursive: true, force: true });
    }
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.localPath(key))).isFile();
    } catch (err) {
      if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ENOTDIR') return false;
      throw err;
    }
  }

  async remove(keyOrPrefix: string): Promise<void> {
    // A folder a running step still writes into (an account purged while its video is being
    // processed) can gain a file between emptying it and removing it: ENOTEMPTY, tried again.
    await rm(this.localPath(keyOrPrefix), {
      recursive: true,
      force: true,
      maxRetries: 10,
      retryDelay: 50,
    });
  }

  private async writeAtomically(key: string, write: (tmp: string) => Promise<void>) {
    const target = this.localPath(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Dot-prefixed and random so concurrent writers of one key never share a temp file.
    const tmp = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

function errorCode(err: unknown): string | undefined {
  return err instanceof Error && 'code' in err && typeof err.code === 'string'
    ? err.code
    : undefined;
}
