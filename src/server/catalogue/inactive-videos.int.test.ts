import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';

// Only an active video is public (SPEC.md §4, decision 0026): a disabled, failed, processing
// or deleted one takes no comment, vote, view, favourite, watch-later or playlist add, and
// answers like a missing one (`not_found`) without anything changing. Taking it off one's own
// lists still works whatever its status.

const INACTIVE = {
  disabled: VIDEO_STATUS.disabled,
  failed: VIDEO_STATUS.error,
  processing: VIDEO_STATUS.processing,
  deleted: VIDEO_STATUS.deleted,
} as const;

let t: TestApp;
let alice: TestSession;
let uploader = 0;
let playlistId = '';
let address = 0;

type Fields = Record<string, string>;

function post(url: string, fields: Fields, session?: TestSession) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    // A fresh address per call: the per-address limits of the stat call stay out of the way.
    remoteAddress: `198.51.100.${address}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** Everything an interaction with a video could change. */
async function snapshot() {
  const rows = (text: string) => t.database.query(text);
  return {
    videos: await rows(
      `SELECT id, status_id, likes, dislikes, views, favourites_count, comments_count
         FROM videos ORDER BY id`,
    ),
    votes: await rows('SELECT section, object_id, vote FROM votes ORDER BY object_id'),
    comments: await rows('SELECT id FROM comments ORDER BY id'),
    favourites: await rows('SELECT user_id, video_id FROM favourites ORDER BY video_id'),
    watchLater: await rows('SELECT user_id, video_id FROM watch_later ORDER BY video_id'),
    playlists: await rows('SELECT id, videos_count, top_video_ids FROM playlists ORDER BY id'),
    items: await rows('SELECT playlist_id, video_id FROM playlist_videos ORDER BY video_id'),
    history: await rows('SELECT user_id, video_id FROM history ORDER BY video_id'),
  };
}

/** Every interaction a visitor or member can have with a video, as one request each. */
const ACTIONS: Record<
  string,
  (videoId: number) => Promise<{ statusCode: number; json(): unknown }>
> = {
  comment: (id) =>
    post(
      '/api/stat.php',
      { act: 'comm', section: 'video', object_id: String(id), msg: 'A fine comment' },
      alice,
    ),
  vote: (id) =>
    post('/api/stat.php', { act: 'vote', section: 'video', object_id: String(id), vote: '1' }),
  'member vote': (id) =>
    post(
      '/api/stat.php',
      { act: 'vote', section: 'video', object_id: String(id), vote: '0' },
      alice,
    ),
  view: (id) => post('/api/stat.php', { act: 'view', section: 'video', object_id: String(id) }),
  favourite: (id) =>
    post('/api/input.php', { act: 'favourite', section: 'add', video_id: String(id) }, alice),
  'watch later': (id) =>
    post('/api/input.php', { act: 'watch_later', section: 'add', video_id: String(id) }, alice),
  'playlist add': (id) =>
    post(
      '/api/input.php',
      { act: 'playlist', section: 'add', object_id: playlistId, video_id: String(id) },
      alice,
    ),
  'new playlist with it': (id) =>
    post(
      '/api/input.php',
      {
        act: 'playlist',
        section: 'new',
        title: 'Started from a video',
        desc: 'A playlist begun on a video page',
        visible: '1',
        video_id: String(id),
      },
      alice,
    ),
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, t.database, 'alice_inactive');
  uploader = (await makeUser(t.database)).id;
  const created = await post(
    '/api/input.php',
    { act: 'playlist', section: 'new', title: 'Keepers', desc: 'Videos to keep', visible: '1' },
    alice,
  );
  expect(created.statusCode, created.body).toBe(200);
  playlistId = String((created.json() as { playlist_id: string }).playlist_id);
});

afterAll(async () => {
  await t?.close();
});

describe('interactions with a video that is not active', () => {
  for (const [status, statusId] of Object.entries(INACTIVE)) {
    it(`refuses every interaction with a ${status} video as not_found and changes nothing`, async () => {
      const { id } = await makeVideo(t.database, uploader, { statusId });
      const before = await snapshot();
      const accepted: string[] = [];
      for (const [action, send] of Object.entries(ACTIONS)) {
        const res = await send(id);
        const body = res.json() as { code?: string };
        if (res.statusCode !== 404 || body.code !== 'not_found') {
          accepted.push(`${action}: ${res.statusCode} ${JSON.stringify(body)}`);
        }
      }
      expect(accepted).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses votes, comments and views on an album that is not active', async () => {
    const [album] = await t.database.query<{ id: number }>(
      `INSERT INTO albums (user_id, dir, title, status_id) VALUES ($1, 'hidden', 'Hidden', 0)
       RETURNING id`,
      [uploader],
    );
    const objectId = String(album?.id);
    const before = await snapshot();
    const vote = await post('/api/stat.php', {
      act: 'vote',
      section: 'album',
      object_id: objectId,
      vote: '1',
    });
    expect(vote.statusCode).toBe(404);
    const comment = await post(
      '/api/stat.php',
      { act: 'comm', section: 'album', object_id: objectId, msg: 'Nice pictures' },
      alice,
    );
    expect(comment.statusCode).toBe(404);
    const view = await post('/api/stat.php', {
      act: 'view',
      section: 'album',
      object_id: objectId,
    });
    expect(view.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('removing a video that is no longer active from one’s own lists', () => {
  it('works whatever the status, for favourites, watch later and playlists', async () => {
    for (const statusId of Object.values(INACTIVE)) {
      const { id } = await makeVideo(t.database, uploader);
      const video = String(id);
      const adds: Fields[] = [
        { act: 'favourite', section: 'add', video_id: video },
        { act: 'watch_later', section: 'add', video_id: video },
        { act: 'playlist', section: 'add', object_id: playlistId, video_id: video },
      ];
      for (const fields of adds) {
        const res = await post('/api/input.php', fields, alice);
        expect(res.statusCode, res.body).toBe(200);
      }
      await t.database.query('UPDATE videos SET status_id = $2 WHERE id = $1', [id, statusId]);

      for (const fields of adds.map((add): Fields => ({ ...add, section: 'rem' }))) {
        const res = await post('/api/input.php', fields, alice);
        expect(res.statusCode, `${fields.act} ${statusId}: ${res.body}`).toBe(200);
      }
      const left = await t.database.query(
        `SELECT 1 FROM favourites WHERE video_id = $1
         UNION ALL SELECT 1 FROM watch_later WHERE video_id = $1
         UNION ALL SELECT 1 FROM playlist_videos WHERE video_id = $1`,
        [id],
      );
      expect(left).toEqual([]);
      const [counts] = await t.database.query<{ favourites_count: number }>(
        'SELECT favourites_count FROM videos WHERE id = $1',
        [id],
      );
      expect(counts?.favourites_count).toBe(0);
    }
  });
});

describe('an active video', () => {
  // Last: the view it takes is written in the background and would show in snapshots.
  it('still takes every interaction', async () => {
    const { id } = await makeVideo(t.database, uploader);
    for (const [action, send] of Object.entries(ACTIONS)) {
      const res = await send(id);
      expect(res.statusCode, `${action}: ${JSON.stringify(res.json())}`).toBe(200);
    }
  });
});
