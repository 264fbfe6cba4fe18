import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { type VideoSection, videos2Path } from '../../contracts/paths.ts';

// A member's own lists read right after a change (SPEC.md §6 remove buttons): the list and
// its total follow every add and remove at once, with nothing kept from the read before.

let t: TestApp;
let alice: TestSession;
let videoA = 0;
let videoB = 0;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, t.database, 'owner_alice');
  const uploader = await makeUser(t.database);
  videoA = (await makeVideo(t.database, uploader.id, { title: 'first' })).id;
  videoB = (await makeVideo(t.database, uploader.id, { title: 'second' })).id;
});

afterAll(async () => {
  await t.close();
});

const input = async (fields: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/input.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...alice.headers },
    payload: new URLSearchParams(fields).toString(),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
};

async function read(section: VideoSection, objectId: number, lifetime = 0) {
  const res = await t.app.inject({
    method: 'GET',
    url: videos2Path({
      lifetime,
      gender: 'str',
      sort: 'history',
      count: 60,
      section,
      objectId: String(objectId),
      page: 1,
      type: 'all',
      duration: '',
      date: '',
    }),
    headers: alice.headers,
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { videos: { title: string }[]; total_count: string; pages: number };
  return { titles: body.videos.map((v) => v.title), total: body.total_count, pages: body.pages };
}

describe('own lists after a change', () => {
  it('watch later shows an added video and loses a removed one at once', async () => {
    expect(await read('watch-later', alice.userId)).toEqual({ titles: [], total: '0', pages: 0 });
    await input({ act: 'watch_later', section: 'add', video_id: String(videoA) });
    await input({ act: 'watch_later', section: 'add', video_id: String(videoB) });
    expect(await read('watch-later', alice.userId)).toEqual({
      titles: ['second', 'first'],
      total: '2',
      pages: 1,
    });
    await input({ act: 'watch_later', section: 'rem', video_id: String(videoB) });
    expect(await read('watch-later', alice.userId)).toEqual({
      titles: ['first'],
      total: '1',
      pages: 1,
    });
  });

  it('favourites count what is there now', async () => {
    await input({ act: 'favourite', section: 'add', video_id: String(videoA) });
    expect((await read('favourites', alice.userId)).total).toBe('1');
    await input({ act: 'favourite', section: 'rem', video_id: String(videoA) });
    expect(await read('favourites', alice.userId)).toEqual({ titles: [], total: '0', pages: 0 });
  });

  it('a playlist counts its videos after one is taken out', async () => {
    const created = await input({
      act: 'playlist',
      section: 'new',
      title: 'Owner picks',
      desc: 'For the owner tests',
      visible: '1',
      orientation: 'str',
      categories: '',
      video_id: String(videoA),
    });
    const id = Number(created.playlist_id);
    await input({
      act: 'playlist',
      section: 'add',
      object_id: String(id),
      video_id: String(videoB),
    });
    expect((await read('playlists', id, 86400)).total).toBe('2');
    await input({
      act: 'playlist',
      section: 'rem',
      object_id: String(id),
      video_id: String(videoA),
    });
    expect(await read('playlists', id, 86400)).toEqual({
      titles: ['second'],
      total: '1',
      pages: 1,
    });
  });
});
