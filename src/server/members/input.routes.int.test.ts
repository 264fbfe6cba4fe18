import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import {
  makeCategory,
  makeChannel,
  makeUser,
  makeVideo,
} from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { commentsPath, memberPath } from '../../contracts/members.paths.ts';
import { playlistPath } from '../../contracts/playlists.paths.ts';

// What members change (SPEC.md §6) through input.php and the stat call's comments, on a
// real database: each change works for its owner, and a visitor or another member is
// refused without anything changing.

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let videoA = 0;
let videoB = 0;
let channelId = 0;

function post(url: string, fields: Record<string, string>, session?: TestSession) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const input = (fields: Record<string, string>, session?: TestSession) =>
  post('/api/input.php', fields, session);

async function one<T extends object>(text: string, params: unknown[] = []): Promise<T | undefined> {
  return (await t.database.query<T>(text, params))[0];
}

/** Everything a member can change, as one comparable snapshot. */
async function snapshot() {
  return {
    favourites: await t.database.query('SELECT * FROM favourites ORDER BY user_id, video_id'),
    watchLater: await t.database.query('SELECT * FROM watch_later ORDER BY user_id, video_id'),
    playlists: await t.database.query(
      'SELECT id, user_id, title, description, is_private, videos_count FROM playlists ORDER BY id',
    ),
    items: await t.database.query('SELECT * FROM playlist_videos ORDER BY playlist_id, video_id'),
    subscriptions: await t.database.query('SELECT * FROM subscriptions ORDER BY user_id'),
    comments: await t.database.query('SELECT id FROM comments ORDER BY id'),
    walls: await t.database.query('SELECT id FROM wall_posts ORDER BY id'),
    counts: await t.database.query(
      'SELECT id, favourites_count, comments_count FROM videos ORDER BY id',
    ),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, t.database, 'alice');
  bob = await signInAs(t.app, t.database, 'bob');
  const uploader = await makeUser(t.database);
  videoA = (await makeVideo(t.database, uploader.id, { title: 'first' })).id;
  videoB = (await makeVideo(t.database, uploader.id, { title: 'second' })).id;
  channelId = (await makeChannel(t.database)).id;
});

afterAll(async () => {
  await t.close();
});

describe('favourites and watch later', () => {
  it('adds once, says already added, removes, and keeps the favourite count right', async () => {
    const favourites = async () =>
      Number(
        (
          await one<{ n: number }>('SELECT favourites_count AS n FROM videos WHERE id = $1', [
            videoA,
          ])
        )?.n,
      );
    const before = await favourites();
    const add = await input({ act: 'favourite', section: 'add', video_id: String(videoA) }, alice);
    expect(add.json()).toEqual({ success: 1 });
    expect(await favourites()).toBe(before + 1);
    const again = await input(
      { act: 'favourite', section: 'add', video_id: String(videoA) },
      alice,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'already_added',
      codes: [{ field: 'notify', code: 'already_added' }],
    });
    expect(await favourites()).toBe(before + 1);

    // Bob removing "his" favourite touches nothing of Alice's.
    const bobRem = await input({ act: 'favourite', section: 'rem', video_id: String(videoA) }, bob);
    expect(bobRem.json().code).toBe('not_found');
    expect(await favourites()).toBe(before + 1);

    const rem = await input({ act: 'favourite', section: 'rem', video_id: String(videoA) }, alice);
    expect(rem.json()).toEqual({ success: 1 });
    expect(await favourites()).toBe(before);
  });

  it('shows a change of favourites at once to readers of the cached list', async () => {
    const list = `/api/json/videos2/7200/str/latest-updates/60/favourites.${bob.userId}.1.all..all.json`;
    const titles = async () =>
      (await t.app.inject({ method: 'GET', url: list }))
        .json()
        .videos.map((v: { title: string }) => v.title);
    expect(await titles()).toEqual([]);
    await input({ act: 'favourite', section: 'add', video_id: String(videoB) }, bob);
    expect(await titles()).toEqual(['second']);
    await input({ act: 'favourite', section: 'rem', video_id: String(videoB) }, bob);
    expect(await titles()).toEqual([]);
  });

  it('keeps a watch-later list that only its member can read', async () => {
    await input({ act: 'watch_later', section: 'add', video_id: String(videoB) }, alice);
    const list = `/api/json/videos2/0/str/latest-updates/60/watch-later.${alice.userId}.1.all..all.json`;
    const own = await t.app.inject({ method: 'GET', url: list, headers: alice.headers });
    expect(own.json().videos.map((v: { title: string }) => v.title)).toEqual(['second']);
    const other = await t.app.inject({ method: 'GET', url: list, headers: bob.headers });
    expect(other.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: list })).json().code).toBe('need_auth');
  });

  it('answers not_found for a deleted or unknown video', async () => {
    const uploader = await makeUser(t.database);
    const deleted = (await makeVideo(t.database, uploader.id, { statusId: 5 })).id;
    for (const id of [deleted, 999_999_999]) {
      const res = await input({ act: 'watch_later', section: 'add', video_id: String(id) }, alice);
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('playlists', () => {
  const fields = (over: Record<string, string> = {}) => ({
    act: 'playlist',
    section: 'new',
    title: 'Evening picks',
    desc: 'Quiet videos for the evening',
    visible: '1',
    orientation: 'str',
    categories: '',
    ...over,
  });

  it('refuses a bad form per field and creates nothing', async () => {
    const before = await snapshot();
    const res = await input(fields({ title: 'ab', desc: '', categories: '1,2,3,4' }), alice);
    expect(res.statusCode).toBe(400);
    expect(res.json().codes).toEqual([
      { field: 'title', code: 'min_length' },
      { field: 'desc', code: 'required' },
      { field: 'categories', code: 'min_max_cats' },
    ]);
    const long = await input(fields({ title: 'x'.repeat(101), desc: 'y'.repeat(501) }), alice);
    expect(long.json().codes).toEqual([
      { field: 'title', code: 'max_length' },
      { field: 'desc', code: 'max_length' },
    ]);
    const unknownCategory = await input(fields({ categories: '999999' }), alice);
    expect(unknownCategory.json().codes).toEqual([{ field: 'categories', code: 'invalid_params' }]);
    const badVisibility = await input(fields({ visible: 'maybe', orientation: 'x' }), alice);
    expect(badVisibility.json().codes).toEqual([
      { field: 'visible', code: 'invalid_params' },
      { field: 'orientation', code: 'invalid_params' },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets its owner create, fill, edit and delete it, and nobody else', async () => {
    const category = await makeCategory(t.database, 'Playlist category');
    const created = await input(
      fields({ video_id: String(videoA), categories: String(category.id), visible: '0' }),
      alice,
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().playlist_id as string;
    const row = await one<{ videos_count: number; is_private: number; category_ids: number[] }>(
      'SELECT videos_count, is_private, category_ids FROM playlists WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ videos_count: 1, is_private: 1, category_ids: [category.id] });

    // Bob can neither see nor change Alice's private playlist.
    const before = await snapshot();
    for (const attempt of [
      { ...fields({ title: 'Hijacked' }), section: 'upd', object_id: id },
      { act: 'playlist', section: 'del', object_id: id },
      { act: 'playlist', section: 'add', object_id: id, video_id: String(videoB) },
      { act: 'playlist', section: 'rem', object_id: id, video_id: String(videoA) },
    ]) {
      const res = await input(
        { ...attempt, section: attempt.section } as Record<string, string>,
        bob,
      );
      expect(res.statusCode, JSON.stringify(attempt)).toBe(403);
      expect(res.json().code).toBe('no_permission');
      const visitor = await input(attempt as Record<string, string>);
      expect(visitor.statusCode).toBe(401);
    }
    const comment = await post(
      '/api/stat.php',
      { act: 'comm', section: 'playlist', object_id: id, msg: 'Nice list of videos' },
      bob,
    );
    expect(comment.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    const added = await input(
      { act: 'playlist', section: 'add', object_id: id, video_id: String(videoB) },
      alice,
    );
    expect(added.json()).toEqual({ success: 1 });
    const twice = await input(
      { act: 'playlist', section: 'add', object_id: id, video_id: String(videoB) },
      alice,
    );
    expect(twice.json().code).toBe('already_added');
    const order = await t.database.query<{ video_id: number }>(
      'SELECT video_id FROM playlist_videos WHERE playlist_id = $1 ORDER BY position',
      [id],
    );
    expect(order.map((r) => Number(r.video_id))).toEqual([videoA, videoB]);

    // Readers who had the playlist cached see the change at once.
    const cachedPath = playlistPath(86400, Number(id));
    await t.app.inject({ method: 'GET', url: cachedPath, headers: alice.headers });
    const edited = await input(
      { ...fields({ title: 'Renamed list', visible: '1' }), section: 'upd', object_id: id },
      alice,
    );
    expect(edited.json()).toEqual({ success: 1 });
    expect(
      await one('SELECT title, is_private, videos_count FROM playlists WHERE id = $1', [id]),
    ).toEqual({ title: 'Renamed list', is_private: 0, videos_count: 2 });
    const visitorView = await t.app.inject({ method: 'GET', url: cachedPath });
    expect(visitorView.json().playlist.title).toBe('Renamed list');
    const again = await t.app.inject({ method: 'GET', url: cachedPath });
    await input({ ...fields({ title: 'Renamed twice' }), section: 'upd', object_id: id }, alice);
    expect(again.json().playlist.title).toBe('Renamed list');
    expect((await t.app.inject({ method: 'GET', url: cachedPath })).json().playlist.title).toBe(
      'Renamed twice',
    );

    await input(
      { act: 'playlist', section: 'rem', object_id: id, video_id: String(videoA) },
      alice,
    );
    expect(await one('SELECT videos_count FROM playlists WHERE id = $1', [id])).toEqual({
      videos_count: 1,
    });
    const deleted = await input({ act: 'playlist', section: 'del', object_id: id }, alice);
    expect(deleted.json()).toEqual({ success: 1 });
    expect(await one('SELECT id FROM playlists WHERE id = $1', [id])).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it('subscribes once and counts it, never to oneself', async () => {
    const sub = { act: 'subscribe', section: 'add', type: 'channel', object_id: String(channelId) };
    const first = await input(sub, alice);
    expect(first.json()).toEqual({ success: 1, subscribers: 1 });
    expect((await input(sub, alice)).json().code).toBe('already_added');
    expect((await input(sub, bob)).json()).toEqual({ success: 1, subscribers: 2 });
    const self = await input(
      { act: 'subscribe', section: 'add', type: 'member', object_id: String(alice.userId) },
      alice,
    );
    expect(self.json()).toMatchObject({
      code: 'subscribe_cant_subscribe_myself',
      codes: [{ field: 'notify', code: 'subscribe_cant_subscribe_myself' }],
    });
    const left = await input({ ...sub, section: 'rem' }, alice);
    expect(left.json()).toEqual({ success: 1, subscribers: 1 });
    const unknown = await input({ ...sub, object_id: '999999' }, alice);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('comments and walls', () => {
  it('posts a comment a reader sees at once, even after the list was cached', async () => {
    const path = commentsPath(3600, 'video', videoA);
    expect((await t.app.inject({ method: 'GET', url: path })).json().comments).toEqual([]);
    const res = await post(
      '/api/stat.php',
      { act: 'comm', section: 'video', object_id: String(videoA), msg: '  Lovely light here  ' },
      alice,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: 1,
      comment: { username: 'alice', comment: 'Lovely light here', user_id: String(alice.userId) },
    });
    const list = (await t.app.inject({ method: 'GET', url: path })).json();
    expect(list.comments.map((c: { comment: string }) => c.comment)).toEqual(['Lovely light here']);
    expect(await one('SELECT comments_count FROM videos WHERE id = $1', [videoA])).toEqual({
      comments_count: 1,
    });
  });

  it('keeps the comments of a private playlist to its owner', async () => {
    const created = await input(
      {
        act: 'playlist',
        section: 'new',
        title: 'Only mine',
        desc: 'Nobody else should read',
        visible: '0',
      },
      alice,
    );
    const id = Number(created.json().playlist_id);
    await post(
      '/api/stat.php',
      { act: 'comm', section: 'playlist', object_id: String(id), msg: 'A private note' },
      alice,
    );
    const path = commentsPath(3600, 'playlist', id);
    const read = (session?: TestSession) =>
      t.app.inject({
        method: 'GET',
        url: path,
        headers: session ? { cookie: session.cookie } : {},
      });
    const own = await read(alice);
    expect(own.statusCode).toBe(200);
    expect(own.json().comments.map((c: { comment: string }) => c.comment)).toEqual([
      'A private note',
    ]);
    expect(own.headers['cache-control']).not.toContain('public');
    for (const reader of [undefined, bob]) {
      const res = await read(reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'playlist_is_private' });
      expect(res.body).not.toContain('A private note');
    }
    // Made public, everyone reads them.
    await input(
      {
        act: 'playlist',
        section: 'upd',
        object_id: String(id),
        title: 'Only mine',
        desc: 'Nobody else should read',
        visible: '1',
      },
      alice,
    );
    expect((await read()).json().comments).toHaveLength(1);
  });

  it('writes on a member’s wall', async () => {
    const path = memberPath(7200, 'wall', bob.userId);
    await t.app.inject({ method: 'GET', url: path });
    const res = await post(
      '/api/stat.php',
      { act: 'comm', section: 'member', object_id: String(bob.userId), msg: 'Hello from Alice' },
      alice,
    );
    expect(res.statusCode).toBe(200);
    const member = (await t.app.inject({ method: 'GET', url: path })).json();
    expect(JSON.stringify(member)).toContain('Hello from Alice');
  });

  it('asks a visitor to log in and refuses short, long or missing text', async () => {
    const before = await snapshot();
    const visitor = await post('/api/stat.php', {
      act: 'comm',
      section: 'video',
      object_id: String(videoA),
      msg: 'A visitor comment',
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('need_auth');
    for (const [msg, code, info] of [
      ['', 'required', undefined],
      ['abcd', 'min_length', { length: 5 }],
      ['x'.repeat(2001), 'max_length', { length: 2000 }],
    ] as const) {
      const res = await post(
        '/api/stat.php',
        { act: 'comm', section: 'video', object_id: String(videoA), msg },
        alice,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, field: 'msg', ...(info ? { info } : {}) });
    }
    const missing = await post(
      '/api/stat.php',
      { act: 'comm', section: 'model', object_id: '999999', msg: 'Nobody is here' },
      alice,
    );
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input and forged requests', () => {
  it('answers every malformed body with a clean failure and changes nothing', async () => {
    const before = await snapshot();
    const bodies: Record<string, string>[] = [
      {},
      { act: 'nonsense' },
      { act: 'favourite' },
      { act: 'favourite', section: 'add' },
      { act: 'favourite', section: 'add', video_id: '-1' },
      { act: 'favourite', section: 'add', video_id: '99999999999' },
      { act: 'favourite', section: 'drop', video_id: '1' },
      { act: 'playlist', section: 'del' },
      { act: 'playlist', section: 'add', object_id: '1 OR 1=1', video_id: '1' },
      { act: 'subscribe', section: 'add', type: 'planet', object_id: '1' },
      { act: 'stat', section: 'add' },
    ];
    for (const body of bodies) {
      const res = await input(body, alice);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code, JSON.stringify(body)).toBe('invalid_params');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ act: ['favourite'], section: { add: 1 }, video_id: [1] }),
    });
    expect(json.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a member request without the session’s CSRF token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/input.php',
      headers: {
        cookie: alice.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `act=favourite&section=add&video_id=${videoB}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_failed');
    expect(
      await one('SELECT 1 AS x FROM favourites WHERE user_id = $1 AND video_id = $2', [
        alice.userId,
        videoB,
      ]),
    ).toBeUndefined();
  });
});
