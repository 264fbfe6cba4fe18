import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './storage.ts';

let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'afterglow-storage-'));
  storage = new LocalStorage(path.join(root, 'media'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Every file under a directory, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('LocalStorage', () => {
  it('puts buffers, creating directories, and leaves no temp file', async () => {
    await storage.put('videos/0/0/7/preview.jpg', Buffer.from('jpeg'));
    await storage.put('videos/0/0/7/thumb.webp', new Uint8Array([1, 2, 3]));

    expect(await readFile(storage.localPath('videos/0/0/7/preview.jpg'), 'utf8')).toBe('jpeg');
    expect(await filesUnder(path.join(root, 'media'))).toEqual([
      'videos/0/0/7/preview.jpg',
      'videos/0/0/7/thumb.webp',
    ]);
  });

  it('puts streams and replaces an existing file', async () => {
    await storage.put('a/b.txt', Buffer.from('old'));
    await storage.put('a/b.txt', Readable.from([Buffer.from('new '), Buffer.from('content')]));
    expect(await readFile(storage.localPath('a/b.txt'), 'utf8')).toBe('new content');
  });

  it('keeps the old file and cleans up when a stream fails', async () => {
    await storage.put('a/b.txt', Buffer.from('old'));
    const failing = new Readable({
      read() {
        this.push('partial');
        this.destroy(new Error('upload broke'));
      },
    });
    await expect(storage.put('a/b.txt', failing)).rejects.toThrow('upload broke');
    expect(await readFile(storage.localPath('a/b.txt'), 'utf8')).toBe('old');
    expect(await filesUnder(path.join(root, 'media'))).toEqual(['a/b.txt']);
  });

  it('copies a file, or moves it', async () => {
    const source = path.join(root, 'upload.bin');
    await writeFile(source, 'video bytes');

    await storage.putFile('sources/0/0/1.mp4', source);
    expect(await readFile(source, 'utf8')).toBe('video bytes');

    await storage.putFile('sources/0/0/2.mp4', source, { move: true });
    await expect(readFile(source)).rejects.toThrow(/ENOENT/);
    expect(await readFile(storage.localPath('sources/0/0/2.mp4'), 'utf8')).toBe('video bytes');
  });

  it('moves a directory in under a prefix, replacing the old one whole', async () => {
    const first = path.join(root, 'first');
    await mkdir(first);
    await writeFile(path.join(first, 'index.m3u8'), 'old');
    await writeFile(path.join(first, 'seg_00000.m4s'), 'old segment');
    await storage.putDir('videos/0/0/7/g1/hls/240', first);
    const second = path.join(root, 'second');
    await mkdir(second);
    await writeFile(path.join(second, 'index.m3u8'), 'new');
    await storage.putDir('videos/0/0/7/g1/hls/240', second);
    const dir = storage.localPath('videos/0/0/7/g1/hls/240');
    expect(await filesUnder(dir)).toEqual(['index.m3u8']);
    expect(await readFile(path.join(dir, 'index.m3u8'), 'utf8')).toBe('new');
    // Nothing is left behind: no source folders, no old or staging copies.
    expect(await filesUnder(path.join(root, 'media'))).toEqual([
      'videos/0/0/7/g1/hls/240/index.m3u8',
    ]);
    await expect(readdir(first)).rejects.toThrow();
    await expect(readdir(second)).rejects.toThrow();
  });

  it('tells whether a file exists', async () => {
    await storage.put('a/b/c.txt', Buffer.from('x'));
    expect(await storage.exists('a/b/c.txt')).toBe(true);
    expect(await storage.exists('a/b/missing.txt')).toBe(false);
    expect(await storage.exists('a/b')).toBe(false);
    expect(await storage.exists('a/b/c.txt/deeper')).toBe(false);
  });

  it('removes a file or a whole prefix; missing is fine', async () => {
    await storage.put('videos/0/0/7/preview.jpg', Buffer.from('x'));
    await storage.put('videos/0/0/7/7_hq.mp4', Buffer.from('x'));
    await storage.put('videos/0/0/8/preview.jpg', Buffer.from('x'));

    await storage.remove('videos/0/0/8/preview.jpg');
    expect(await storage.exists('videos/0/0/8/preview.jpg')).toBe(false);
    await storage.remove('videos/0/0/7');
    expect(await filesUnder(path.join(root, 'media'))).toEqual([]);
    await expect(storage.remove('videos/0/0/404')).resolves.toBeUndefined();
  });

  it('maps keys to paths under the root and to public URLs', () => {
    const s = new LocalStorage('/srv/data/media/', '/media/');
    expect(s.localPath('videos/0/0/7/preview.jpg')).toBe(
      '/srv/data/media/videos/0/0/7/preview.jpg',
    );
    expect(s.url('videos/0/0/7/preview.jpg')).toBe('/media/videos/0/0/7/preview.jpg');
    expect(s.url('videos/0/0/7/preview.jpg', 0)).toBe('/media/videos/0/0/7/preview.jpg');
    expect(s.url('videos/0/0/7/preview.jpg', 3)).toBe('/media/videos/0/0/7/preview.jpg?v=3');
    expect(new LocalStorage('/x', 'https://cdn.example').url('a.jpg')).toBe(
      'https://cdn.example/a.jpg',
    );
  });

  it('refuses unsafe keys in every method', async () => {
    const outside = path.join(root, 'outside.txt');
    await writeFile(outside, 'keep me');
    for (const key of ['../outside.txt', '/etc/passwd', '', 'a//b']) {
      expect(() => storage.localPath(key)).toThrow(/Unsafe storage key/);
      expect(() => storage.url(key)).toThrow(/Unsafe storage key/);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe/);
      await expect(storage.putFile(key, outside)).rejects.toThrow(/Unsafe/);
      await expect(storage.exists(key)).rejects.toThrow(/Unsafe/);
      await expect(storage.remove(key)).rejects.toThrow(/Unsafe/);
      await expect(storage.putDir(key, root)).rejects.toThrow(/Unsafe/);
    }
    expect(await readFile(outside, 'utf8')).toBe('keep me');
  });
});
