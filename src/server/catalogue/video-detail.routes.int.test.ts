import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import {
  makeCategory,
  makeChannel,
  makeUser,
  makeVideo,
} from '../../../tests/support/factories.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { relatedPath, type Videos2Params, videoPath, videos2Path } from '../../contracts/paths.ts';
import {
  videoFileListSchema,
  videoListResponseSchema,
  videoResponseSchema,
} from '../../contracts/video.schema.ts';
import { decodeVideoUrl } from '../../contracts/video-url.ts';
import { videoFileKey } from '../../media/keys.ts';

// Sections of videos2, one video, related videos, videofile and get_file.

let t: TestApp;
const ids: Record<string, number> = {};
let member = 0;
let otherMember = 0;
let channelDir = '';
let playlistPublic = 0;
let playlistPrivate = 0;

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

function listPath(overrides: Partial<Videos2Params>): string {
  return videos2Path({
    lifetime: 0,
    gender: 'str',
    sort: 'latest-updates',
    count: 60,
    section: '',
    objectId: '',
    page: 1,
    type: 'all',
    duration: '',
    date: '',
    ...overrides,
  });
}

async function titles(overrides: Partial<Videos2Params>) {
  const res = await get(listPath(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return videoListResponseSchema.parse(res.json()).videos.map((v) => v.title);
}

async function sql(text: string, params: unknown[] = []) {
  return t.database.query<{ id: number }>(text, params);
}

beforeAll(async () => {
  // Behind a CDN that names the country in a header: a video's answers are public for the
  // lifetime asked (API-CONTRACT), varying on it. Read from the address they are private
  // (decision 0053; visitor-country.int.test.ts).
  t = await createTestApp({ env: { COUNTRY_HEADER: 'x-country' } });
  const uploader = await makeUser(t.database, { username: 'uploader' });
  member = (await makeUser(t.database, { username: 'collector' })).id;
  otherMember = (await makeUser(t.database, { username: 'stranger' })).id;
  const channel = await makeChannel(t.database, { title: 'Amber Reels' });
  channelDir = channel.dir;
  const beach = await makeCategory(t.database, 'Beach');
  const night = await makeCategory(t.database, 'Night');
  const studio = await makeCategory(t.database, 'Studio');
  const [model] = await sql(
    "INSERT INTO models (dir, title) VALUES ('ruby-lane', 'Ruby Lane') RETURNING id",
  );
  const [tag] = await sql("INSERT INTO tags (dir, title) VALUES ('sunset', 'sunset') RETURNING id");
  const now = Date.now();
  const make = async (key: string, o: Parameters<typeof makeVideo>[2], userId = uploader.id) => {
    ids[key] = (
      await makeVideo(t.database, userId, {
        title: key,
        postDate: new Date(now - (Object.keys(ids).length + 1) * 60_000),
        ...o,
      })
    ).id;
  };
  await make('both', { categoryIds: [beach.id, night.id], channelId: channel.id, views: 10 });
  await make('beach only', { categoryIds: [beach.id], views: 50 });
  await make('night only', { categoryIds: [night.id], views: 40 });
  await make('studio', { categoryIds: [studio.id], views: 30 }, member);
  await make('deleted', { categoryIds: [beach.id], statusId: 5 });
  await make('private', { categoryIds: [beach.id], isPrivate: 1 });
  for (const key of ['both', 'beach only']) {
    await sql('INSERT INTO video_models (video_id, model_id) VALUES ($1, $2)', [
      ids[key],
      model?.id,
    ]);
    await sql('INSERT INTO video_tags (video_id, tag_id) VALUES ($1, $2)', [ids[key], tag?.id]);
  }
  await sql("UPDATE videos SET country = 'de' WHERE id = $1", [ids['night only']]);
  // Lists of the member: favourites (public), watch later and history (own only).
  for (const [table, key, minutesAgo] of [
    ['favourites', 'night only', 5],
    ['favourites', 'both', 1],
    ['watch_later', 'studio', 1],
    ['history', 'beach only', 1],
  ] as const) {
    await sql(
      `INSERT INTO ${table} (user_id, video_id, ${table === 'history' ? 'viewed_at' : 'added_at'})
       VALUES ($1, $2, now() - make_interval(mins => $3))`,
      [member, ids[key], minutesAgo],
    );
  }
  const [pub] = await sql(
    "INSERT INTO playlists (user_id, title) VALUES ($1, 'Best of') RETURNING id",
    [member],
  );
  const [priv] = await sql(
    "INSERT INTO playlists (user_id, title, is_private) VALUES ($1, 'Secret', 1) RETURNING id",
    [member],
  );
  playlistPublic = Number(pub?.id);
  playlistPrivate = Number(priv?.id);
  for (const [position, key] of ['studio', 'both', 'night only'].entries()) {
    await sql('INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, $3)', [
      playlistPublic,
      ids[key],
      position,
    ]);
  }
  await sql('SELECT refresh_video_search(ARRAY(SELECT id FROM videos))');
});

afterAll(async () => {
  await t?.close();
});

describe('videos2 sections', () => {
  it('lists a category, and up to three categories as videos in all of them', async () => {
    expect(await titles({ section: 'categories', objectId: 'beach' })).toEqual([
      'both',
      'beach only',
      'private',
    ]);
    expect(await titles({ section: 'categories', objectId: 'beach,night' })).toEqual(['both']);
    expect(await titles({ section: 'categories', objectId: 'beach,night,studio' })).toEqual([]);
  });

  it('follows a video’s categories in a list of several at once', async () => {
    const both = { section: 'categories', objectId: 'beach,night' } as const;
    const beachId = ids['beach only'];
    await sql(
      `INSERT INTO video_categories (video_id, category_id)
       SELECT $1, id FROM categories WHERE dir = 'night'`,
      [beachId],
    );
    expect(await titles(both)).toEqual(['both', 'beach only']);
    await sql(
      `DELETE FROM video_categories
        WHERE video_id = $1 AND category_id = (SELECT id FROM categories WHERE dir = 'night')`,
      [beachId],
    );
    expect(await titles(both)).toEqual(['both']);
    // A video that loses every category leaves no set behind; a deleted video takes its own.
    const [gone] = await sql(
      `INSERT INTO videos (dir, title, user_id, status_id) VALUES ('gone', 'gone', $1, 1)
       RETURNING id`,
      [member],
    );
    await sql(
      `INSERT INTO video_categories (video_id, category_id)
       SELECT $1, id FROM categories WHERE dir IN ('beach', 'night')`,
      [gone?.id],
    );
    expect(await titles(both)).toEqual(['gone', 'both']);
    await sql('DELETE FROM videos WHERE id = $1', [gone?.id]);
    await sql('DELETE FROM video_categories WHERE video_id = $1', [ids.studio]);
    const sets = await sql(
      'SELECT video_id FROM video_category_sets WHERE video_id = ANY($1::int[])',
      [[gone?.id, ids.studio]],
    );
    expect(sets).toEqual([]);
    expect(await titles(both)).toEqual(['both']);
    await sql(
      `INSERT INTO video_categories (video_id, category_id)
       SELECT $1, id FROM categories WHERE dir = 'studio'`,
      [ids.studio],
    );
  });

  it('follows changes to videos in category lists at once', async () => {
    const beach = { section: 'categories', objectId: 'beach' } as const;
    await sql('UPDATE videos SET views = 10000 WHERE id = $1', [ids['beach only']]);
    expect((await titles({ ...beach, sort: 'most-popular' }))[0]).toBe('beach only');
    await sql('UPDATE videos SET status_id = 5 WHERE id = $1', [ids.both]);
    expect(await titles(beach)).toEqual(['beach only', 'private']);
    await sql('UPDATE videos SET status_id = 1, views = 10 WHERE id = $1', [ids.both]);
    await sql('UPDATE videos SET views = 50 WHERE id = $1', [ids['beach only']]);
    expect(await titles(beach)).toEqual(['both', 'beach only', 'private']);
  });

  it('refuses a fourth category and answers not_found for an unknown one', async () => {
    const four = await get(listPath({ section: 'categories', objectId: 'beach,night,studio,x' }));
    expect(four.statusCode).toBe(400);
    expect(four.json()).toMatchObject({ code: 'invalid_params', field: 'object_id' });
    const unknown = await get(listPath({ section: 'categories', objectId: 'no-such' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
  });

  it('lists a model, a channel, a member’s uploads and a country', async () => {
    expect(await titles({ section: 'models', objectId: 'ruby-lane' })).toEqual([
      'both',
      'beach only',
    ]);
    expect(await titles({ section: 'channels', objectId: channelDir })).toEqual(['both']);
    expect(await titles({ section: 'members', objectId: String(member) })).toEqual(['studio']);
    expect(await titles({ section: 'top-country', objectId: 'de' })).toEqual(['night only']);
  });

  it('lists favourites newest added first, to anyone', async () => {
    expect(
      await titles({ section: 'favourites', objectId: String(member), sort: 'history' }),
    ).toEqual(['both', 'night only']);
    expect(
      await titles({ section: 'favourites', objectId: String(member), sort: 'most-popular' }),
    ).toEqual(['night only', 'both']);
  });

  it('keeps watch later and history to their member: a visitor must sign in', async () => {
    for (const section of ['watch-later', 'history'] as const) {
      const res = await get(listPath({ section, objectId: String(member), sort: 'history' }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'need_auth' });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('lists a public playlist in its order, and refuses a private one', async () => {
    expect(await titles({ section: 'playlists', objectId: String(playlistPublic) })).toEqual([
      'studio',
      'both',
      'night only',
    ]);
    const res = await get(listPath({ section: 'playlists', objectId: String(playlistPrivate) }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'playlist_is_private' });
  });

  it.each([
    ['members', 'abc', 400],
    ['members', '99999999999', 400],
    ['members', '999999', 404],
    ['top-country', 'deu', 400],
    ['models', 'nobody', 404],
    ['playlists', '0', 400],
    ['', 'stray', 400],
    ['models', '', 400],
  ] as const)('section %s with object %s answers %i', async (section, objectId, status) => {
    const res = await get(listPath({ section, objectId }));
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('error');
  });
});

describe('one video', () => {
  it('answers the documented shape with categories, tags and models keyed by id', async () => {
    const res = await get(videoPath(14400, ids.both as number));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=14400');
    const { video } = videoResponseSchema.parse(res.json());
    expect(video).toMatchObject({
      video_id: String(ids.both),
      title: 'both',
      url: `/videos/${ids.both}/both/`,
      status_id: '1',
      is_private: '0',
      playable: '0',
      user: { username: 'uploader' },
      channel: { dir: channelDir, title: 'Amber Reels' },
      statistics: { viewed: '10' },
    });
    expect(Object.values(video.categories).map((c) => c.title)).toEqual(['Beach', 'Night']);
    expect(Object.values(video.models).map((m) => m.dir)).toEqual(['ruby-lane']);
    expect(Object.values(video.tags).map((x) => x.title)).toEqual(['sunset']);
  });

  it('keeps the answer of a video still processing a minute at most', async () => {
    const uploader = await makeUser(t.database);
    const { id } = await makeVideo(t.database, uploader.id, { title: 'uploading', statusId: 3 });
    const res = await get(videoPath(14400, id));
    expect(res.json().video.status_id).toBe('3');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('still answers a deleted video with its status, never as playable', async () => {
    const res = await get(videoPath(0, ids.deleted as number));
    expect(res.statusCode).toBe(200);
    const { video } = videoResponseSchema.parse(res.json());
    expect(video).toMatchObject({ status_id: '5', playable: '0', hls: '', timeline: '' });
    // Its files are not served any more: no links to them.
    expect(video).toMatchObject({ scr: '/placeholder.svg', thumb: '/placeholder.svg', thumbs: [] });
  });

  it.each([
    ['/api/json/video/0/0/999000/999999.json', 404, 'not_found'],
    ['/api/json/video/0/0/5000/1.json', 400, 'invalid_params'],
    ['/api/json/video/0/1000000/0/1.json', 400, 'invalid_params'],
    ['/api/json/video/0/0/0/abc.json', 400, 'invalid_params'],
    ['/api/json/video/0/0/0/0.json', 400, 'invalid_params'],
    ['/api/json/video/0/0/0/99999999999.json', 400, 'invalid_params'],
    ['/api/json/video/x/0/0/1.json', 400, 'invalid_params'],
    [`/api/json/video/0/0/0/${encodeURIComponent("1' OR '1'='1.json")}`, 400, 'invalid_params'],
  ])('%s answers %i %s', async (url, status, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('related videos', () => {
  it('ranks videos sharing models, categories and tags first, never the video itself', async () => {
    const res = await get(relatedPath(432000, 20, ids.both as number, 1));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=432000');
    const body = videoListResponseSchema.parse(res.json());
    const related = body.videos.map((v) => v.title);
    expect(related[0]).toBe('beach only');
    expect(related).toContain('night only');
    expect(related).not.toContain('both');
    expect(related).not.toContain('deleted');
  });

  it('pages the pool and gives an empty page past its end', async () => {
    const first = videoListResponseSchema.parse(
      (await get(relatedPath(0, 1, ids.both as number, 1))).json(),
    );
    expect(first.videos).toHaveLength(1);
    const past = videoListResponseSchema.parse(
      (await get(relatedPath(0, 1, ids.both as number, 50))).json(),
    );
    expect(past.videos).toEqual([]);
  });

  it('answers not_found for an unknown or deleted video', async () => {
    expect((await get(relatedPath(0, 20, 999_999, 1))).statusCode).toBe(404);
    expect((await get(relatedPath(0, 20, ids.deleted as number, 1))).statusCode).toBe(404);
    expect((await get('/api/json/videos_related2/0/20/0/0/1.bogus.1.json')).statusCode).toBe(400);
  });
});

describe('videofile and get_file', () => {
  let playable = 0;
  const bytes = Buffer.from('0123456789'.repeat(100));

  beforeAll(async () => {
    const user = await makeUser(t.database);
    playable = (await makeVideo(t.database, user.id, { title: 'encoded', mediaVersion: 1 })).id;
    const files: Record<string, string> = {};
    for (const format of ['_hq.mp4', '_lq.mp4', '_tr.mp4'] as const) {
      files[format] = videoFileKey(playable, format);
      await t.storage.put(files[format], bytes);
    }
    await sql(
      "UPDATE videos SET media = jsonb_build_object('files', $2::jsonb, 'width', 1280, 'height', 720) WHERE id = $1",
      [playable, JSON.stringify(files)],
    );
  });

  it('lists encoded download URLs worst to best, the trailer first and the best full file last and default', async () => {
    const res = await get(`/api/videofile.php?video_id=${playable}&lifetime=8640000`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=8640000');
    const list = videoFileListSchema.parse(res.json());
    // Download clients take the last entry (API-CONTRACT.md): the full video at its best.
    expect(list.map((f) => [f.format, f.is_default])).toEqual([
      ['_tr.mp4', 0],
      ['_lq.mp4', 0],
      ['_hq.mp4', 1],
    ]);
    expect(list.filter((f) => f.is_default === 1)).toEqual([list.at(-1)]);
    for (const file of list) {
      expect(decodeVideoUrl(file.video_url)).toMatch(
        new RegExp(
          `^/get_file/[\\w-]+/0/0/${playable}/${playable}${file.format.replace('.', '\\.')}/$`,
        ),
      );
    }
    const decoded = decodeVideoUrl(list.at(-1)?.video_url ?? '');
    expect(decoded).toMatch(
      new RegExp(`^/get_file/[\\w-]+/0/0/${playable}/${playable}_hq\\.mp4/$`),
    );

    const redirect = await get(decoded as string);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/media/videos/0/0/${playable}/${playable}_hq.mp4`);
    const file = await t.app.inject({
      method: 'GET',
      url: String(redirect.headers.location),
      headers: { range: 'bytes=0-9' },
    });
    expect(file.statusCode).toBe(206);
    expect(file.body).toBe('0123456789');

    const download = await get(`${decoded}?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${playable}_hq.mp4"`,
    );
    expect(download.rawPayload.length).toBe(bytes.length);
  });

  it('refuses forged or altered get_file paths', async () => {
    const list = videoFileListSchema.parse(
      (await get(`/api/videofile.php?video_id=${playable}`)).json(),
    );
    const decoded = decodeVideoUrl(list.at(-1)?.video_url ?? '') as string;
    const forged = decoded.replace(/\/get_file\/[\w-]+\//, '/get_file/AAAAAAAAAAAAAAAAAAAAAA/');
    expect((await get(forged)).statusCode).toBe(404);
    const otherFormat = decoded.replace('_hq.mp4', '_lq.mp4');
    expect((await get(otherFormat)).statusCode).toBe(404);
  });

  it('gives no files for deleted, unencoded or private videos to visitors', async () => {
    const deleted = await get(`/api/videofile.php?video_id=${ids.deleted}`);
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toMatchObject({ code: 'not_found' });
    expect((await get(`/api/videofile.php?video_id=${ids.both}`)).statusCode).toBe(404);
    const priv = await get(`/api/videofile.php?video_id=${ids.private}`);
    expect(priv.statusCode).toBe(401);
    expect(priv.json()).toMatchObject({ code: 'need_auth' });
  });

  it.each([
    '/api/videofile.php',
    '/api/videofile.php?video_id=abc',
    '/api/videofile.php?video_id=-1',
    '/api/videofile.php?video_id=1&lifetime=forever',
    `/api/videofile.php?video_id=${encodeURIComponent('1 OR 1=1')}`,
  ])('%s is a clean 400', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_params' });
  });
});

describe('private videos and the response cache', () => {
  it('never hands a visitor’s cached answer to a signed-in member, nor the reverse', async () => {
    const user = await makeUser(t.database);
    const id = (await makeVideo(t.database, user.id, { isPrivate: 1, mediaVersion: 1 })).id;
    await sql(
      `UPDATE videos SET media = jsonb_build_object('hls', 'hls/1/master.m3u8', 'width', 1280, 'height', 720)
        WHERE id = $1`,
      [id],
    );
    const path = videoPath(14400, id);
    const visitor = await get(path);
    expect(visitor.json().video).toMatchObject({ is_private: '1', playable: '0', hls: '' });
    expect(visitor.headers.vary).toContain('Cookie');
    expect(visitor.headers['cache-control']).toBe('public, max-age=14400');
    // The second visitor request is served from the cache…
    const again = await get(path);
    expect(again.headers.etag).toBe(visitor.headers.etag);

    // …but a member gets a private answer of their own.
    const session = await signInAs(t.app, t.database);
    const member = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: session.cookie },
    });
    expect(member.json().video).toMatchObject({ is_private: '1', playable: '1' });
    expect(member.json().video.hls).toContain('/media/s/');
    expect(member.headers['cache-control']).toBe('private, max-age=14400');
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
    // A visitor afterwards still gets the visitors' answer.
    expect((await get(path)).headers.etag).toBe(visitor.headers.etag);

    const files = await t.app.inject({
      method: 'GET',
      url: `/api/videofile.php?video_id=${id}`,
      headers: { cookie: session.cookie },
    });
    expect(files.json()).not.toMatchObject({ code: 'need_auth' });
  });
});

describe('member lists through other members', () => {
  it('does not show one member’s favourites in another’s', async () => {
    expect(await titles({ section: 'favourites', objectId: String(otherMember) })).toEqual([]);
  });
});

describe('media pipeline status', () => {
  it('shows each step of the current run with its state and progress, rungs first', async () => {
    const user = await makeUser(t.database);
    const { id } = await makeVideo(t.database, user.id, { title: 'encoding', statusId: 3 });
    const tasks = {
      mp4: { state: 'queued' },
      'hls:480': { state: 'done', progress: 1, attempts: 1 },
      timeline: { state: 'running', progress: 0.5, attempts: 2 },
      'hls:240': { state: 'queued' },
    };
    await sql(
      "UPDATE videos SET media = jsonb_build_object('gen', 1, 'tasks', $2::jsonb, 'rungs', '[480]'::jsonb) WHERE id = $1",
      [id, JSON.stringify(tasks)],
    );
    const res = await get(`/api/video_status.php?video_id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      video_id: String(id),
      status_id: '3',
      rungs: [480],
      failure: '',
      tasks: [
        { task: 'hls:240', state: 'queued', progress: 0, attempts: 0 },
        { task: 'hls:480', state: 'done', progress: 1, attempts: 1 },
        { task: 'timeline', state: 'running', progress: 0.5, attempts: 2 },
        { task: 'mp4', state: 'queued', progress: 0, attempts: 0 },
      ],
    });
  });

  it('refuses a bad id and answers not_found for a missing video', async () => {
    for (const url of [
      '/api/video_status.php',
      '/api/video_status.php?video_id=abc',
      '/api/video_status.php?video_id=-3',
      '/api/video_status.php?video_id=1&video_id=2',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_params', field: 'video_id' });
    }
    expect((await get('/api/video_status.php?video_id=999999')).statusCode).toBe(404);
  });
});
