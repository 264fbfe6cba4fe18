import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeAlbum, makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { commentsPath } from '../../contracts/members.paths.ts';
import { videoPath, videos2Path } from '../../contracts/paths.ts';
import {
  albumPath,
  albumsPath,
  playlistPath,
  playlistsPath,
} from '../../contracts/playlists.paths.ts';
import { albumPhotoKey } from '../../media/keys.ts';

// Takedowns of comments, playlists and albums over HTTP (issue 16, decision 0047): each is
// gone at once from the lists and pages that showed it (cached answers included), its
// counters move, its owner is told why, the takedowns list shows it to staff; a restore
// brings exactly that back. Members cannot, moderators and administrators can.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let administrator: TestSession;
let owner: TestSession;
let reader: TestSession;

const { get, post } = requests(() => t.app);

const takeDown = (fields: Record<string, string>, session?: TestSession) =>
  post('/api/admin/takedowns', fields, session);

const audited = async (objectType: string, id: number) =>
  (await get(`/api/admin/audit?object_type=${objectType}&object_id=${id}`, moderator))
    .json()
    .items.map((row: { action: string }) => row.action);

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
  owner = await signInAs(t.app, t.database, 'objectowner');
  reader = await signInAs(t.app, t.database, 'objectreader');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'objectmod');
  administrator = await signInAsStaff(t.app, t.database, 'administrator', 'objectadmin');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('takedown of a comment', () => {
  it('hides it from its list and count at once, tells its author, and a restore brings it back', async () => {
    const { id: videoId } = await makeVideo(t.database, reader.userId, { title: 'Commented clip' });
    const kept = await post(
      '/api/stat.php',
      { act: 'comm', section: 'video', object_id: String(videoId), msg: 'A fine first comment' },
      reader,
    );
    expect(kept.statusCode).toBe(200);
    const posted = await post(
      '/api/stat.php',
      { act: 'comm', section: 'video', object_id: String(videoId), msg: 'Buy cheap pills here' },
      owner,
    );
    expect(posted.statusCode).toBe(200);
    const [row] = await t.database.query<{ id: number }>(
      "SELECT id FROM comments WHERE body = 'Buy cheap pills here'",
    );
    const commentId = Number(row?.id);
    const listUrl = commentsPath(3600, 'video', videoId);
    const shown = async () =>
      (await get(listUrl)).json<{ comments: { comment: string }[]; total_count: string }>();
    const count = async () => (await get(videoPath(300, videoId))).json().video.comments_count;

    // Warm the cached answers.
    expect((await shown()).comments.map((c) => c.comment)).toEqual([
      'Buy cheap pills here',
      'A fine first comment',
    ]);
    expect(await count()).toBe('2');

    const fields = { object_type: 'comment', object_id: String(commentId), reason: 'spam' };
    expect((await takeDown(fields)).json().code).toBe('need_auth');
    expect((await takeDown(fields, owner)).json().code).toBe('no_permission');
    expect((await shown()).total_count).toBe('2');
    const missing = await takeDown({ ...fields, object_id: '999999999' }, moderator);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');

    const sent = mailbox.messages.length;
    const res = await takeDown({ ...fields, note: 'Advertising' }, moderator);
    expect(res.statusCode).toBe(200);
    const takedownId = res.json().takedown_id as number;

    const after = await shown();
    expect(after.comments.map((c) => c.comment)).toEqual(['A fine first comment']);
    expect(after.total_count).toBe('1');
    expect(await count()).toBe('1');
    const { mail } = await mailbox.next('objectowner@test.example', { after: sent });
    expect(mail.subject).toBe('Your comment was removed from Afterglow');
    expect(mail.text).toContain('“Buy cheap pills here”');
    expect(mail.text).toContain('Reason: spam or advertising');
    expect(mail.text).toContain('Advertising');
    expect((await takeDown(fields, moderator)).json().codes).toEqual([
      { field: 'object_id', code: 'already_added' },
    ]);

    // Staff read what they removed, and where it was.
    const listed = (await get('/api/admin/takedowns?in_force=1', moderator)).json();
    const video = (await get(videoPath(300, videoId))).json().video;
    expect(listed.items.find((item: { id: number }) => item.id === takedownId)).toMatchObject({
      object_type: 'comment',
      object_id: commentId,
      text: 'Buy cheap pills here',
      path: `/videos/${videoId}/${video.dir}/`,
      reason: 'spam',
    });

    expect((await post(`/api/admin/takedowns/${takedownId}/restore`, {}, owner)).statusCode).toBe(
      403,
    );
    const restored = await post(`/api/admin/takedowns/${takedownId}/restore`, {}, moderator);
    expect(restored.json()).toEqual({ success: 1 });
    expect((await shown()).comments.map((c) => c.comment)).toEqual([
      'Buy cheap pills here',
      'A fine first comment',
    ]);
    expect(await count()).toBe('2');
    expect(await audited('comment', commentId)).toEqual(['comment.restore', 'comment.takedown']);
  });
});

describe('takedown of a playlist', () => {
  it('leaves every list, empties its page but for staff, closes it to additions and comments', async () => {
    const { id: videoA } = await makeVideo(t.database, owner.userId, { title: 'Listed one' });
    const { id: videoB } = await makeVideo(t.database, owner.userId, { title: 'Listed two' });
    const created = await post(
      '/api/input.php',
      {
        act: 'playlist',
        section: 'new',
        title: 'Removable picks',
        desc: 'A playlist to take down',
        visible: '1',
        orientation: 'str',
        categories: '',
        video_id: String(videoA),
      },
      owner,
    );
    expect(created.statusCode).toBe(200);
    const id = Number(created.json().playlist_id);
    const lists = async (session?: TestSession) => {
      const ids = async (section: '' | 'members', objectId?: number) =>
        (
          await get(
            playlistsPath({
              lifetime: 3600,
              sort: 'latest',
              count: 60,
              section,
              page: 1,
              gender: undefined,
              objectId,
            }),
            session,
          )
        )
          .json()
          .playlists.map((p: { playlist_id: string }) => Number(p.playlist_id));
      return {
        everyone: (await ids('')).includes(id),
        member: (await ids('members', owner.userId)).includes(id),
      };
    };
    const contents = (session?: TestSession) =>
      get(
        videos2Path({
          lifetime: 3600,
          gender: 'str',
          sort: 'latest-updates',
          count: 60,
          section: 'playlists',
          objectId: String(id),
          page: 1,
          type: 'all',
          duration: '',
          date: '',
        }),
        session,
      );
    const page = async (session?: TestSession) =>
      (await get(playlistPath(3600, id), session)).json().playlist;

    // Warm the cached answers.
    expect(await lists()).toEqual({ everyone: true, member: true });
    expect((await page()).toptn).toHaveLength(1);
    expect((await contents()).json().videos).toHaveLength(1);

    const fields = { object_type: 'playlist', object_id: String(id), reason: 'copyright' };
    expect((await takeDown(fields, reader)).json().code).toBe('no_permission');
    const sent = mailbox.messages.length;
    const res = await takeDown(fields, moderator);
    expect(res.statusCode).toBe(200);
    const takedownId = res.json().takedown_id as number;

    expect(await lists()).toEqual({ everyone: false, member: false });
    expect(await lists(owner)).toEqual({ everyone: false, member: false });
    expect(await page()).toMatchObject({ toptn: [], removed: { reason: 'copyright' } });
    expect(await page(owner)).toMatchObject({ toptn: [], removed: { reason: 'copyright' } });
    expect((await contents()).statusCode).toBe(404);
    expect((await contents(owner)).statusCode).toBe(404);
    // Staff still open what it held.
    expect((await page(moderator)).toptn).toHaveLength(1);
    expect((await contents(moderator)).json().videos).toHaveLength(1);
    const added = await post(
      '/api/input.php',
      { act: 'playlist', section: 'add', object_id: String(id), video_id: String(videoB) },
      owner,
    );
    expect(added.statusCode).toBe(404);
    const comment = await post(
      '/api/stat.php',
      { act: 'comm', section: 'playlist', object_id: String(id), msg: 'Still here?' },
      reader,
    );
    expect(comment.statusCode).toBe(404);
    expect((await get(commentsPath(3600, 'playlist', id))).statusCode).toBe(404);
    const { mail } = await mailbox.next('objectowner@test.example', { after: sent });
    expect(mail.subject).toBe('Your playlist “Removable picks” was removed from Afterglow');
    expect(mail.text).toContain('Reason: copyright claim');

    const restored = await post(
      `/api/admin/takedowns/${takedownId}/restore`,
      { note: 'Licence shown' },
      administrator,
    );
    expect(restored.json()).toEqual({ success: 1 });
    expect(await lists()).toEqual({ everyone: true, member: true });
    const back = await page();
    expect(back.removed).toBeUndefined();
    expect(back.toptn).toHaveLength(1);
    expect((await contents()).json().videos).toHaveLength(1);
    expect(await audited('playlist', id)).toEqual(['playlist.restore', 'playlist.takedown']);
  });
});

describe('takedown of an album', () => {
  it('leaves the lists, its page names the reason, its photos stop, and it comes back', async () => {
    const { id, photoIds } = await makeAlbum(t.database, owner.userId, { photos: 1 });
    const photoKey = albumPhotoKey(id, photoIds[0] as number);
    await t.storage.put(photoKey, Buffer.from('jpeg'));
    const photoUrl = t.storage.url(photoKey);
    const listed = async () =>
      (
        await get(
          albumsPath({
            lifetime: 3600,
            gender: 'str',
            sort: 'latest',
            count: 60,
            section: 'members',
            objectId: owner.userId,
            page: 1,
          }),
        )
      )
        .json()
        .albums.map((a: { album_id: string }) => Number(a.album_id));
    const album = async () => (await get(albumPath(3600, id))).json().album;

    expect(await listed()).toContain(id);
    expect((await album()).photos).toHaveLength(1);
    expect((await get(photoUrl)).statusCode).toBe(200);

    const res = await takeDown(
      { object_type: 'album', object_id: String(id), reason: 'other', note: 'Not ours to show' },
      administrator,
    );
    expect(res.statusCode).toBe(200);
    const takedownId = res.json().takedown_id as number;

    expect(await listed()).not.toContain(id);
    expect(await album()).toMatchObject({
      status_id: '5',
      removed: { reason: 'other' },
      photos: [],
    });
    expect((await get(photoUrl)).statusCode).toBe(404);
    expect((await get(commentsPath(3600, 'album', id))).statusCode).toBe(404);
    const vote = await post(
      '/api/stat.php',
      { act: 'vote', section: 'album', object_id: String(id), vote: '1' },
      reader,
    );
    expect(vote.statusCode).toBe(404);

    expect(
      (await post(`/api/admin/takedowns/${takedownId}/restore`, {}, moderator)).json(),
    ).toEqual({ success: 1 });
    expect(await listed()).toContain(id);
    const back = await album();
    expect(back.status_id).toBe('1');
    expect(back.removed).toBeUndefined();
    expect(back.photos).toHaveLength(1);
    expect((await get(photoUrl)).statusCode).toBe(200);
    expect(await audited('album', id)).toEqual(['album.restore', 'album.takedown']);
  });

  it('answers bad input with its codes and changes nothing', async () => {
    const { id } = await makeAlbum(t.database, owner.userId, { photos: 0 });
    const bad = await takeDown(
      { object_type: 'album', object_id: String(id), reason: 'other' },
      moderator,
    );
    expect(bad.json().codes).toEqual([{ field: 'note', code: 'required' }]);
    const deleted = await makeAlbum(t.database, owner.userId, { statusId: 5, photos: 0 });
    const gone = await takeDown(
      { object_type: 'album', object_id: String(deleted.id), reason: 'spam' },
      moderator,
    );
    expect(gone.json().code).toBe('not_found');
    const [row] = await t.database.query<{ status_id: number }>(
      'SELECT status_id FROM albums WHERE id = $1',
      [id],
    );
    expect(Number(row?.status_id)).toBe(1);
    expect((await post('/api/admin/takedowns/999999999/restore', {}, moderator)).statusCode).toBe(
      404,
    );
    expect((await post('/api/admin/takedowns/999999999/restore', {}, reader)).statusCode).toBe(403);
  });
});

describe('the takedowns list searched', () => {
  it('finds part of a title, a comment, a note or a name, any case, % and _ as typed, bans left out', async () => {
    const sleuth = await signInAsStaff(t.app, t.database, 'moderator', 'sleuthmod');
    const { id: videoId } = await makeVideo(t.database, owner.userId, {
      title: 'Zebrafish Parade',
    });
    const playlist = await post(
      '/api/input.php',
      {
        act: 'playlist',
        section: 'new',
        title: 'ZEBRAFISH picks',
        desc: 'Fish worth a look',
        visible: '1',
        orientation: 'str',
        categories: '',
        video_id: String(videoId),
      },
      owner,
    );
    expect(playlist.json()).toMatchObject({ playlist_id: expect.anything() });
    const playlistId = Number(playlist.json().playlist_id);
    const { id: albumId } = await makeAlbum(t.database, owner.userId, { photos: 0 });
    await t.database.query("UPDATE albums SET title = 'Album of zebrafish' WHERE id = $1", [
      albumId,
    ]);
    const { id: commentedId } = await makeVideo(t.database, reader.userId, { title: 'Tank' });
    await post(
      '/api/stat.php',
      {
        act: 'comm',
        section: 'video',
        object_id: String(commentedId),
        msg: 'Cheap zebrafish food',
      },
      owner,
    );
    const [comment] = await t.database.query<{ id: number }>(
      "SELECT id FROM comments WHERE body = 'Cheap zebrafish food'",
    );
    const down = async (fields: Record<string, string>, session: TestSession) => {
      const res = await takeDown(fields, session);
      expect(res.json()).toMatchObject({ takedown_id: expect.any(Number) });
      return res.json().takedown_id as number;
    };
    const video = await down(
      {
        object_type: 'video',
        object_id: String(videoId),
        reason: 'other',
        note: 'Claimed 100% by Acme_Studios',
      },
      moderator,
    );
    const playlistDown = await down(
      { object_type: 'playlist', object_id: String(playlistId), reason: 'spam' },
      moderator,
    );
    const album = await down(
      { object_type: 'album', object_id: String(albumId), reason: 'spam' },
      sleuth,
    );
    const commentDown = await down(
      { object_type: 'comment', object_id: String(comment?.id), reason: 'spam' },
      moderator,
    );
    // A ban's takedown of a video with the same word: the ban's, never listed on its own.
    const { id: bannedVideo } = await makeVideo(t.database, reader.userId, {
      title: 'Zebrafish of the banned',
    });
    const [ban] = await t.database.query<{ id: number }>(
      "INSERT INTO bans (user_id, reason) VALUES ($1, 'spam') RETURNING id",
      [reader.userId],
    );
    await t.database.query(
      `INSERT INTO takedowns (object_type, object_id, reason, previous, ban_id)
       VALUES ('video', $1, 'spam', '{"status_id": 1}'::jsonb, $2)`,
      [bannedVideo, ban?.id],
    );

    const found = async (query: string, extra = '') => {
      const res = await get(
        `/api/admin/takedowns?q=${encodeURIComponent(query)}${extra}`,
        moderator,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: { id: number }[]; total: number }>();
      expect(page.total).toBe(page.items.length);
      return page.items.map((row) => row.id);
    };

    expect(await found('zebrafish')).toEqual([commentDown, album, playlistDown, video]);
    expect(await found('  ZebraFish  ', '&in_force=1')).toHaveLength(4);
    expect(await found('acme_studios')).toEqual([video]);
    expect(await found('100%')).toEqual([video]);
    // Typed wildcards match themselves only: "1%0" and "acme%studios" are not in any note.
    expect(await found('1%0')).toEqual([]);
    expect(await found('acme%studios')).toEqual([]);
    expect(await found('Acme_Studio_')).toEqual([]);
    expect(await found('SLEUTHMOD')).toEqual([album]);
    expect(await found('cheap zebra')).toEqual([commentDown]);
    expect(await found('no such takedown anywhere')).toEqual([]);

    // Restored ones are found in every takedown, not among those in force.
    await post(`/api/admin/takedowns/${album}/restore`, {}, moderator);
    expect(await found('zebrafish', '&in_force=1')).toEqual([commentDown, playlistDown, video]);
    expect(await found('zebrafish')).toHaveLength(4);

    const long = await get(`/api/admin/takedowns?q=${'z'.repeat(101)}`, moderator);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_params', field: 'q' });
    expect((await get('/api/admin/takedowns?q=zebrafish', owner)).json().code).toBe(
      'no_permission',
    );
  });
});
