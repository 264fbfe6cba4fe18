import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { waitForPipeline } from '../../../tests/support/media.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { videoPath } from '../../contracts/paths.ts';
import { videoFileListSchema, videoResponseSchema } from '../../contracts/video.schema.ts';
import { decodeVideoUrl } from '../../contracts/video-url.ts';
import {
  categoryImageKey,
  memberAvatarKey,
  modelImageKey,
  videoDir,
  videoPreviewKey,
  videoThumbKey,
} from '../../media/keys.ts';
import { sealedExemption } from '../../server/compliance/records.service.ts';
import { makeKeyring } from '../../server/compliance/records-crypto.ts';
import { createJobDefinitions } from '../../server/jobs.ts';
import { createJobQueue, type JobQueue } from '../../server/kernel/jobs/queue.ts';
import { hashPassword } from '../../server/kernel/passwords.ts';
import { createVideoMediaRepository } from '../../server/media/video-media.repository.ts';
import { isCatalogueEmpty, seedDemo } from './demo.ts';
import { clipIsHd, clipsAtWork, DEMO_CLIPS, poolSlot, renderDemoPool } from './demo-pool.ts';

// The demo a fresh install starts with (docs/decisions/0033): the catalogue with its artwork,
// and every demo video playing one of a small pool of shared clips made by the real media
// pipeline, through the real HTTP app.

const CLIPS = 2;
let t: TestApp;
let queue: JobQueue;
let clips: number[];
/** What a demo video answered before the clips were made. */
let before: { playable: string; hls: string; preview: string } | undefined;
let queuedAtWork: boolean | undefined;

const log = pino({ level: 'silent' });
const config = {
  ffmpegPath: 'ffmpeg',
  ffprobePath: 'ffprobe',
  demoVideos: 120,
  demoPlayable: CLIPS,
  demoReview: 3,
};

beforeAll(async () => {
  t = await createTestApp();
  queue = createJobQueue(
    t.database,
    createJobDefinitions({
      database: t.database,
      storage: t.storage,
      config,
    }),
    log,
  );
  await queue.start();
  expect(await isCatalogueEmpty(t.database)).toBe(true);
  const seeded = await seedDemo({
    database: t.database,
    storage: t.storage,
    jobs: queue,
    media: createVideoMediaRepository(t.database),
    hashPassword,
    config,
    log,
    // Records of the queued videos (decision 0055), sealed under a key of this test.
    sealRecord: (video) =>
      sealedExemption(
        makeKeyring({ id: 'demo-test', key: randomBytes(32) }),
        video,
        'no_real_people',
      ),
  });
  // Straight after the seed: the site is up, the clips are not made yet.
  const [first] = await listed(1);
  const video = (await detail(first as number)).video;
  before = { playable: video.playable, hls: video.hls, preview: video.preview_clip };
  clips = await seeded.playable;
  // Just queued: what a long clip's source would wait on (there are none in a pool of two).
  queuedAtWork = await clipsAtWork(t.database, clips);
  for (const id of clips) await waitForPipeline(t.database, id, 360_000);
}, 600_000);

afterAll(async () => {
  await queue?.stop(5000);
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function detail(id: number, headers: Record<string, string> = {}) {
  const res = await get(videoPath(0, id), headers);
  expect(res.statusCode, res.body).toBe(200);
  return videoResponseSchema.parse(res.json());
}

/** `count` random public demo videos that are listed. */
async function listed(count: number, where = 'is_private = 0'): Promise<number[]> {
  const rows = await t.database.query<{ id: number }>(
    `SELECT id FROM videos WHERE status_id = 1 AND post_date <= now() AND ${where}
      ORDER BY random() LIMIT $1`,
    [count],
  );
  return rows.map((r) => Number(r.id));
}

const count = async (sql: string) => Number((await t.database.query<{ n: number }>(sql))[0]?.n);

/** A playback URL of the API relative to the file it appears in (HLS and VTT use them). */
function resolve(relative: string, base: string): string {
  const url = new URL(relative, `http://site${base}`);
  return url.pathname + url.search;
}

/** Fetches the master playlist, a rung and its first segment: what a player does. */
async function expectPlays(hls: string, headers: Record<string, string> = {}) {
  const master = await get(hls, headers);
  expect(master.statusCode, hls).toBe(200);
  expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  const rungs = master.body.split('\n').filter((line) => line.endsWith('.m3u8'));
  expect(rungs.length).toBeGreaterThanOrEqual(2);
  const rungUrl = resolve(rungs.at(-1) as string, hls);
  const rung = await get(rungUrl, headers);
  expect(rung.statusCode).toBe(200);
  const segment = rung.body.split('\n').find((line) => line.endsWith('.m4s'));
  const bytes = await get(resolve(segment as string, rungUrl), headers);
  expect(bytes.statusCode).toBe(200);
  expect(bytes.rawPayload.length).toBeGreaterThan(1000);
}

describe('demo seed', () => {
  it('fills every entity of the catalogue', async () => {
    for (const table of [
      'categories',
      'models',
      'channels',
      'users',
      'comments',
      'playlists',
      'playlist_videos',
      'video_categories',
      'video_models',
      'tags',
    ]) {
      expect(await count(`SELECT count(*)::int AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
  });

  it('has listed videos in all three gender sections', async () => {
    const rows = await t.database.query<{ gender: string; n: number }>(
      `SELECT gender, count(*)::int AS n FROM videos
        WHERE status_id = 1 AND post_date <= now() GROUP BY gender ORDER BY gender`,
    );
    expect(rows.map((r) => r.gender).sort()).toEqual(['gay', 'she', 'str']);
  });

  it('keeps the denormalised counters equal to the rows they count', async () => {
    const mismatches = await count(`
      SELECT count(*)::int AS n FROM categories c
       WHERE c.videos_str <> (SELECT count(*) FROM video_categories vc JOIN videos v ON v.id = vc.video_id
                               WHERE vc.category_id = c.id AND v.gender = 'str' AND v.status_id = 1
                                 AND v.post_date <= now())`);
    expect(mismatches).toBe(0);
    const commentMismatch = await count(`
      SELECT count(*)::int AS n FROM videos v
       WHERE v.comments_count <> (SELECT count(*) FROM comments c WHERE c.section = 'video' AND c.object_id = v.id)`);
    expect(commentMismatch).toBe(0);
  });

  it('puts the newest videos in the review queue, where nobody but staff sees them', async () => {
    const queued = await t.database.query<{ id: number }>(
      `SELECT id FROM videos WHERE status_id = 6 AND needs_review ORDER BY review_since, id`,
    );
    expect(queued).toHaveLength(3);
    // Each filed with its 2257 record, so a moderator can approve it (decision 0055).
    const filed = await t.database.query<{ video_id: number; exemption: string; key_id: string }>(
      'SELECT video_id, exemption, key_id FROM performer_records ORDER BY video_id',
    );
    expect(filed.map((r) => Number(r.video_id))).toEqual(
      queued.map((q) => Number(q.id)).sort((a, b) => a - b),
    );
    expect(filed.every((r) => r.exemption === 'no_real_people' && r.key_id === 'demo-test')).toBe(
      true,
    );
    const [oldest] = queued;
    expect((await get(videoPath(0, Number(oldest?.id)))).statusCode).toBe(404);
    // The newest videos head "latest" in their section: not these.
    for (const gender of ['str', 'she', 'gay']) {
      const listing = await get(`/api/json/videos2/0/${gender}/latest-updates/60/..1.all...json`);
      expect(listing.statusCode).toBe(200);
      const ids = listing.json<{ videos: { video_id: string }[] }>().videos.map((v) => v.video_id);
      expect(ids.length).toBeGreaterThan(0);
      for (const { id } of queued) expect(ids).not.toContain(String(id));
    }
  });

  it('gives every visible object its own artwork', async () => {
    const ids = await t.database.query<{ id: number }>(
      `SELECT id FROM videos WHERE status_id <> 5 AND NOT media ? 'pool' ORDER BY random() LIMIT 10`,
    );
    for (const { id } of ids) {
      expect(await t.storage.exists(videoPreviewKey(id))).toBe(true);
      expect(await t.storage.exists(videoThumbKey(id))).toBe(true);
    }
    expect(await t.storage.exists(modelImageKey(1))).toBe(true);
    expect(await t.storage.exists(memberAvatarKey(1))).toBe(true);
    expect(await t.storage.exists(categoryImageKey(1))).toBe(true);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM videos
          WHERE status_id <> 5 AND media_version = 0 AND NOT media ? 'pool'`,
      ),
    ).toBe(0);
  });
});

describe('shared demo clips', () => {
  it('answered "being prepared" before the clips were made, never a broken player', () => {
    expect(before).toEqual({ playable: '0', hls: '', preview: '' });
  });

  it('points every demo video at a clip, with the clip’s length and HD mark', async () => {
    expect(clips).toHaveLength(CLIPS);
    const rows = await t.database.query<{
      id: number;
      clip: number | null;
      duration: number;
      is_hd: boolean;
    }>(
      `SELECT id, (media->>'sharedFrom')::int AS clip, duration, is_hd FROM videos
        WHERE status_id <> 5 AND NOT media ? 'pool'`,
    );
    expect(rows.length).toBeGreaterThan(100);
    for (const row of rows) {
      const slot = poolSlot(Number(row.id), CLIPS);
      expect(row.clip, `video ${row.id}`).toBe(clips[slot]);
      // The length shown is the length that plays (the clip's probe, rounded).
      expect(Math.abs(row.duration - (DEMO_CLIPS[slot]?.durationS ?? 0))).toBeLessThanOrEqual(1);
      expect(row.is_hd).toBe(clipIsHd(DEMO_CLIPS[slot] as (typeof DEMO_CLIPS)[number]));
    }
    expect(new Set(rows.map((r) => r.clip)).size).toBe(CLIPS);
  });

  it('keeps the clips themselves out of sight: not listed, no page of their own', async () => {
    for (const id of clips) {
      const [row] = await t.database.query<{ status_id: number }>(
        'SELECT status_id FROM videos WHERE id = $1',
        [id],
      );
      expect(row?.status_id).toBe(VIDEO_STATUS.disabled);
      expect((await get(videoPath(0, id))).statusCode).toBe(404);
    }
  });

  it('plays any demo video: master playlist, timeline, hover clip and downloads', async () => {
    const ids = await listed(6);
    for (const id of ids) {
      const { video } = await detail(id);
      expect(video.playable, `video ${id}`).toBe('1');
      await expectPlays(video.hls);

      const vtt = await get(video.timeline);
      expect(vtt.statusCode).toBe(200);
      expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
      const sprite = vtt.body.split('\n').find((line) => line.includes('sprite.jpg'));
      expect(sprite).toBeDefined();
      const image = await get(resolve((sprite as string).split('#')[0] as string, video.timeline));
      expect(image.statusCode).toBe(200);

      const clip = await get(video.preview_clip);
      expect(clip.statusCode).toBe(200);
      expect(clip.headers['content-type']).toBe('video/mp4');
      // Its own pictures stay its own.
      expect(video.thumb).toContain(`/${videoDir(id)}/thumb.webp`);

      const files = await get(`/api/videofile.php?video_id=${id}&lifetime=8640000`);
      expect(files.statusCode).toBe(200);
      const list = videoFileListSchema.parse(files.json());
      expect(list.map((f) => [f.format, f.is_default])).toEqual([
        ['_tr.mp4', 0],
        ['_lq.mp4', 0],
        ['_hq.mp4', 1],
      ]);
      for (const file of list) {
        const getFile = decodeVideoUrl(file.video_url) as string;
        expect(getFile).toContain(`/${id}/${id}${file.format}/`);
        const redirect = await get(getFile);
        expect(redirect.statusCode).toBe(302);
        const bytes = await get(String(redirect.headers.location), { range: 'bytes=0-99' });
        expect(bytes.statusCode).toBe(206);
        expect(bytes.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
        const download = await get(`${getFile}?download=1`, { range: 'bytes=0-9' });
        expect(download.headers['content-disposition']).toBe(
          `attachment; filename="${id}${file.format}"`,
        );
      }
    }
  });

  it('shows the hover clip of every public video on a listing', async () => {
    const res = await get('/api/json/videos2/0/str/latest-updates/60/..1.all..all.json');
    const items = res.json<{ videos: { preview_clip: string; is_private: string }[] }>().videos;
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      if (item.is_private === '1') expect(item.preview_clip).toBe('');
      else expect(item.preview_clip).toMatch(/^\/media\/videos\/.+\/hover\.mp4\?v=\d+$/);
    }
  });

  it('plays a private demo video for a member through signed URLs of the clip’s folder', async () => {
    const [priv] = await listed(1);
    await t.database.query('UPDATE videos SET is_private = 1 WHERE id = $1', [priv]);
    const visitor = (await detail(priv as number)).video;
    expect(visitor).toMatchObject({ playable: '0', hls: '' });
    const member = await signInAs(t.app, t.database);
    const { video } = await detail(priv as number, { cookie: member.cookie });
    expect(video.playable).toBe('1');
    expect(video.hls).toMatch(/^\/media\/s\/\d+\/[\w-]+\/videos\//);
    await expectPlays(video.hls, { cookie: member.cookie });
  });

  it('leaves the shared files alone when one demo video is deleted', async () => {
    // A video that plays a clip made for another (not one of the clips' own videos).
    const [id] = await listed(1, `is_private = 0 AND media ? 'sharedFrom'`);
    const [row] = await t.database.query<{ user_id: number; username: string; clip: number }>(
      `SELECT v.user_id, u.username, (v.media->>'sharedFrom')::int AS clip
         FROM videos v JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
      [id],
    );
    if (!row) throw new Error('no demo video');
    // Its owner (a generated member) signs in and deletes it.
    await t.database.query('UPDATE users SET password_hash = $2, status = 1 WHERE id = $1', [
      row.user_id,
      await hashPassword('owner-password'),
    ]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: row.username, pwd: 'owner-password' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const sid = login.cookies.find((c) => c.name === 'sid');
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/video_edit.php',
      headers: {
        cookie: `sid=${sid?.value}`,
        'x-csrf-token': String(login.json().csrf),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ section: 'delete', video_id: String(id) }).toString(),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await t.storage.exists(videoThumbKey(id as number))).toBe(false);

    const [other] = await listed(
      1,
      `(media->>'sharedFrom')::int = ${Number(row.clip)} AND is_private = 0 AND id <> ${id}`,
    );
    if (other === undefined) throw new Error(`no other video plays clip ${row.clip}`);
    const { video } = await detail(other as number);
    await expectPlays(video.hls);
    expect((await get(video.preview_clip)).statusCode).toBe(200);
  });

  it('tells when the clips have nothing left on the queue (long clips wait for that)', async () => {
    expect(queuedAtWork).toBe(true);
    await expect.poll(() => clipsAtWork(t.database, clips)).toBe(false);
    expect(await clipsAtWork(t.database, [])).toBe(false);
  });

  it('reuses the made clips on a later start: nothing is rendered or queued again', async () => {
    expect(await createVideoMediaRepository(t.database).sharedClipsPending()).toBe(false);
    const jobs = async () =>
      count(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'media.process-video'`);
    const queued = await jobs();
    const media = createVideoMediaRepository(t.database);
    expect(await renderDemoPool({ ...t, jobs: queue, media, ffmpegPath: 'ffmpeg', log })).toEqual(
      [],
    );
    expect(await jobs()).toBe(queued);
  });

  it('keeps answers briefly while clips are being made, and as asked after', async () => {
    const path = '/api/json/videos2/14400/str/longest/60/..1.all..all.json';
    t.app.responseCache.limitLifetime(20);
    const held = await get(path);
    expect(held.headers['cache-control']).toBe('public, max-age=20');
    t.app.responseCache.limitLifetime(undefined);
    const after = await get(path);
    expect(after.headers['cache-control']).toBe('public, max-age=14400');
  });
});
