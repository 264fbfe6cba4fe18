import sharp, { type Sharp } from 'sharp';
import type { Gender } from '../../src/contracts/constants.ts';
import type { Database } from '../../src/db/client.ts';
import { loadRecordsKeyring } from '../../src/server/compliance/records-crypto.ts';
import type { Role } from '../../src/server/kernel/access/roles.ts';
import type { Viewer } from '../../src/server/kernel/access/viewer.ts';

// Small factories for test rows: each call makes one object with sensible defaults and the
// overrides a test cares about.

type Db = Pick<Database, 'query'>;
let counter = 0;
const next = () => ++counter;

export async function makeUser(db: Db, overrides: { username?: string } = {}) {
  const n = next();
  const username = overrides.username ?? `member${n}`;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (username, email, status) VALUES ($1, $2, 1) RETURNING id`,
    [username, `${username.toLowerCase()}@test.example`],
  );
  return { id: Number(row?.id), username };
}

export async function makeChannel(db: Db, overrides: { title?: string } = {}) {
  const n = next();
  const title = overrides.title ?? `Channel ${n}`;
  const dir = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO channels (dir, title) VALUES ($1, $2) RETURNING id',
    [dir, title],
  );
  return { id: Number(row?.id), dir, title };
}

export async function makeCategory(db: Db, title: string) {
  const dir = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO categories (dir, title) VALUES ($1, $2) RETURNING id',
    [dir, title],
  );
  return { id: Number(row?.id), dir, title };
}

export interface VideoOverrides {
  title?: string;
  gender?: Gender;
  statusId?: number;
  isPrivate?: 0 | 1;
  isHd?: boolean;
  duration?: number;
  channelId?: number | null;
  postDate?: Date;
  views?: number;
  viewsDay?: number;
  likes?: number;
  dislikes?: number;
  commentsCount?: number;
  favouritesCount?: number;
  categoryIds?: number[];
  mediaVersion?: number;
  /** Two-letter code; 'us' unless told. */
  country?: string;
}

export async function makeVideo(db: Db, userId: number, o: VideoOverrides = {}) {
  const n = next();
  const title = o.title ?? `Test video ${n}`;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO videos (dir, title, gender, status_id, is_private, is_hd, duration, user_id,
        channel_id, post_date, views, views_day, views_week, views_month, likes, dislikes,
        comments_count, favourites_count, media_version, country)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $12, $13, $14, $15, $16, $17, $18)
     RETURNING id`,
    [
      title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      title,
      o.gender ?? 'str',
      o.statusId ?? 1,
      o.isPrivate ?? 0,
      o.isHd ?? false,
      o.duration ?? 300,
      userId,
      o.channelId ?? null,
      (o.postDate ?? new Date(Date.now() - n * 60_000)).toISOString(),
      o.views ?? 0,
      o.viewsDay ?? 0,
      o.likes ?? 0,
      o.dislikes ?? 0,
      o.commentsCount ?? 0,
      o.favouritesCount ?? 0,
      o.mediaVersion ?? 0,
      o.country ?? 'us',
    ],
  );
  const id = Number(row?.id);
  for (const categoryId of o.categoryIds ?? []) {
    await db.query('INSERT INTO video_categories (video_id, category_id) VALUES ($1, $2)', [
      id,
      categoryId,
    ]);
  }
  return { id, title };
}

/** An album of a member with `photos` photos (made, version 1), the first one its cover. */
export async function makeAlbum(
  db: Db,
  userId: number,
  o: { isPrivate?: 0 | 1; statusId?: number; photos?: number } = {},
) {
  const n = next();
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO albums (user_id, dir, title, status_id, is_private, photos_count)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, `album-${n}`, `Album ${n}`, o.statusId ?? 1, o.isPrivate ?? 0, o.photos ?? 2],
  );
  const id = Number(row?.id);
  const photoIds: number[] = [];
  for (let position = 0; position < (o.photos ?? 2); position++) {
    const [photo] = await db.query<{ id: number }>(
      `INSERT INTO photos (album_id, position, width, height, image_version)
       VALUES ($1, $2, 800, 600, 1) RETURNING id`,
      [id, position],
    );
    photoIds.push(Number(photo?.id));
  }
  await db.query('UPDATE albums SET cover_photo_id = $2 WHERE id = $1', [id, photoIds[0] ?? null]);
  return { id, photoIds };
}

/** A signed-in viewer as the session plugin makes it, for unit tests of services. */
export function testViewer(
  userId: number,
  username = `member${userId}`,
  role: Role = 'member',
): Viewer {
  return {
    userId,
    username,
    avatarVersion: 0,
    ageVerified: false,
    role,
    trustedUploader: false,
    sessionHash: 'test-session',
  };
}

/**
 * A 2257 record for a video (decision 0055) so a review test can approve it: an exemption,
 * its sealed text a stand-in nobody opens. The records tests file real ones through the form.
 */
export async function makeRecord(db: Db, videoId: number, userId: number) {
  await db.query(
    `INSERT INTO performer_records (video_id, user_id, exemption, performers, key_id, sealed)
     VALUES ($1, $2, 'no_explicit_conduct', 0, 'test', 'not-opened')
     ON CONFLICT (video_id) DO NOTHING`,
    [videoId, userId],
  );
}

/** The smallest PDF the 2257 form's type check takes (its magic bytes and a catalogue). */
export const minimalPdf = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );

/**
 * A performer's two documents as an uploader sends them (decision 0055): a photographed ID
 * (a real JPEG, a plain blue card) and a signed release (a minimal PDF).
 */
export async function recordDocuments(): Promise<{ idDocument: Buffer; release: Buffer }> {
  const idDocument = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  return { idDocument, release: minimalPdf() };
}

/** A photo-like picture, noise so it is neither blank nor flat, to encode as a test needs. */
export function noisyPicture(width = 640, height = 480): Sharp {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#806040',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  });
}

/** The 2257 keyring a test site without RECORDS_KEY made for itself in `dataDir`. */
export function siteRecordsKeyring(dataDir: string) {
  return loadRecordsKeyring({
    configured: undefined,
    old: [],
    dataDir,
    production: false,
    warn: () => {},
  });
}
