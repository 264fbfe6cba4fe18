import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { albumPhotoKey, albumPhotoThumbKey } from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { DEMO_ALBUM_PHOTOS, renderDemoAlbums } from './demo-albums.ts';
import { DEMO_SIZE } from './generate.ts';
import { loadCatalogue } from './load.ts';

// The demo's albums at first start: every photo of an active album a generated picture at
// the row's size with its thumbnail, at most DEMO_ALBUM_PHOTOS an album, the counters
// matching, and quickly.

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let rendered: { albums: number; photos: number };
let ms = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-demo-albums-'));
  storage = new LocalStorage(path.join(dir, 'media'));
  await loadCatalogue(db.database, {
    seed: 2026,
    now: new Date(),
    size: { ...DEMO_SIZE, videos: 60 },
  });
  const started = performance.now();
  rendered = await renderDemoAlbums({ database: db.database, storage });
  ms = performance.now() - started;
}, 120_000);

afterAll(async () => {
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

describe('demo albums', () => {
  it('gives a handful of albums their photos, fast enough for a first start', async () => {
    expect(rendered.albums).toBeGreaterThanOrEqual(5);
    expect(rendered.photos).toBeGreaterThan(rendered.albums * 3);
    expect(rendered.photos).toBeLessThanOrEqual(DEMO_SIZE.albums * DEMO_ALBUM_PHOTOS);
    // ~150 pictures; the budget leaves room for a loaded machine.
    expect(ms).toBeLessThan(60_000);
  });

  it('keeps the counters, covers and versions in step with the photo rows', async () => {
    const wrong = await db.database.query(
      `SELECT a.id FROM albums a
        WHERE a.photos_count <> (SELECT count(*) FROM photos p WHERE p.album_id = a.id)
           OR a.photos_count > ${DEMO_ALBUM_PHOTOS}
           OR a.cover_photo_id IS DISTINCT FROM (SELECT min(id) FROM photos p WHERE p.album_id = a.id)`,
    );
    expect(wrong).toEqual([]);
    const unmade = await db.database.query(
      `SELECT p.id FROM photos p JOIN albums a ON a.id = p.album_id
        WHERE a.status_id = 1 AND p.image_version <> 1`,
    );
    expect(unmade).toEqual([]);
  });

  it('stores each photo at its row’s size, with a WebP thumbnail', async () => {
    const rows = await db.database.query<{
      album_id: number;
      id: number;
      width: number;
      height: number;
    }>(
      `SELECT p.album_id, p.id, p.width, p.height FROM photos p JOIN albums a ON a.id = p.album_id
        WHERE a.status_id = 1 ORDER BY p.id`,
    );
    for (const row of [rows[0], rows[rows.length - 1]]) {
      if (!row) throw new Error('no photos');
      const photo = await sharp(
        path.join(dir, 'media', albumPhotoKey(row.album_id, row.id)),
      ).metadata();
      expect(photo).toMatchObject({ format: 'jpeg', width: row.width, height: row.height });
      const thumb = await sharp(
        path.join(dir, 'media', albumPhotoThumbKey(row.album_id, row.id)),
      ).metadata();
      expect(thumb.format).toBe('webp');
      expect(Math.min(thumb.width ?? 0, thumb.height ?? 0)).toBe(400);
    }
  });
});
