import { type AlbumArtItem, renderAlbumArt } from '../../media/album-art.ts';
import { THUMB_SHORT_SIDE } from '../../media/album-sizes.ts';
import { albumPhotoKey, albumPhotoThumbKey } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Database } from '../client.ts';

// The demo catalogue's albums get real files (docs/decisions/0032): each photo row a
// generated picture (media/album-art.ts) at the row's size, with the thumbnail an upload
// gets. An album keeps at most DEMO_ALBUM_PHOTOS of its generated rows, so the first
// start stays quick: a dozen albums of up to 12 photos is ~150 pictures, a few seconds on
// two cores. Deleted albums show no photos and get none.

export const DEMO_ALBUM_PHOTOS = 12;

interface PhotoRow {
  album_id: number;
  title: string;
  photo_id: number;
  position: number;
  count: number;
  width: number;
  height: number;
}

export async function renderDemoAlbums(
  deps: { database: Pick<Database, 'query' | 'exec'>; storage: Pick<MediaStorage, 'put'> },
  concurrency = 2,
): Promise<{ albums: number; photos: number }> {
  const { database, storage } = deps;
  await database.exec(`
    DELETE FROM photos WHERE position >= ${DEMO_ALBUM_PHOTOS};
    UPDATE albums a SET photos_count = s.n, cover_photo_id = s.cover
      FROM (SELECT album_id, count(*)::int AS n, min(id) AS cover FROM photos GROUP BY album_id) s
     WHERE a.id = s.album_id;
  `);
  const rows = await database.query<PhotoRow>(
    `SELECT a.id AS album_id, a.title, p.id AS photo_id, p.position, a.photos_count AS count,
            p.width, p.height
       FROM albums a JOIN photos p ON p.album_id = a.id
      WHERE a.status_id = 1
      ORDER BY a.id, p.position, p.id`,
  );
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < rows.length; i = next++) {
      const row = rows[i] as PhotoRow;
      const item: AlbumArtItem = {
        seed: row.photo_id * 7919 + row.album_id,
        width: row.width,
        height: row.height,
        // The golden angle: neighbouring albums get far-apart colours.
        hue: (row.album_id * 137.5) % 360,
        title: row.title,
        index: row.position + 1,
        count: row.count,
      };
      const { photo, thumb } = await renderAlbumArt(item, THUMB_SHORT_SIDE);
      await storage.put(albumPhotoKey(row.album_id, row.photo_id), photo);
      await storage.put(albumPhotoThumbKey(row.album_id, row.photo_id), thumb);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const albums = [...new Set(rows.map((row) => row.album_id))];
  await database.query('UPDATE photos SET image_version = 1 WHERE album_id = ANY($1::int[])', [
    albums,
  ]);
  return { albums: albums.length, photos: rows.length };
}
