import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeAlbum, makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { commentsPath, memberPath } from '../../contracts/members.paths.ts';
import { videoPath, videos2Path } from '../../contracts/paths.ts';

// The console's acts on a member (issue 16, decision 0048) over HTTP: a ban with and without
// the member's content, the banned sign-in, an unban that restores exactly what the ban hid,
// strikes up to the configured limit, removing all comments, hiding a wall post, and who may
// do what to whom.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let admin: TestSession;
let bystander: TestSession;

const { get, post } = requests(() => t.app);

const PASSWORD = 'test-password';

const listed = async (userId: number) => {
  const res = await get(
    videos2Path({
      lifetime: 300,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: 'members',
      objectId: String(userId),
      page: 1,
      type: 'all',
      duration: '',
      date: '',
    }),
  );
  // A banned member's videos tab is missing, as their profile.
  if (res.statusCode === 404) return 'missing';
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json<{ videos: { video_id: string }[] }>().videos.map((v) => Number(v.video_id));
};

const one = async <T>(sql: string, params: unknown[]) =>
  (await t.database.query<T & object>(sql, params))[0] as T;

const signIn = (usr: string, pwd = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/login.php', payload: { usr, pwd } });

const commentsOn = async (videoId: number) =>
  (await get(commentsPath(300, 'video', videoId)))
    .json<{ comments: { comment: string }[] }>()
    .comments.map((c) => c.comment);

const wallOf = async (userId: number) =>
  JSON.stringify((await get(memberPath(300, 'wall', userId))).json());

/** A member with a listed video, an album, a playlist, a comment and a wall post. */
async function memberWithContent(name: string) {
  const member = await signInAs(t.app, t.database, name);
  await t.database.query("UPDATE users SET lang = 'de' WHERE id = $1", [member.userId]);
  const video = await makeVideo(t.database, member.userId, { title: `${name} clip` });
  await t.database.query('UPDATE users SET videos_count = 1 WHERE id = $1', [member.userId]);
  const album = await makeAlbum(t.database, member.userId);
  const playlist = await one<{ id: number }>(
    "INSERT INTO playlists (user_id, title) VALUES ($1, 'Mine') RETURNING id",
    [member.userId],
  );
  const target = await makeVideo(t.database, bystander.userId, { title: `${name} target` });
  const comment = await one<{ id: number }>(
    `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, $3)
     RETURNING id`,
    [target.id, member.userId, `${name} says hi`],
  );
  await t.database.query('UPDATE videos SET comments_count = 1 WHERE id = $1', [target.id]);
  const post = await one<{ id: number }>(
    'INSERT INTO wall_posts (owner_id, author_id, body) VALUES ($1, $2, $3) RETURNING id',
    [bystander.userId, member.userId, `${name} on the wall`],
  );
  return {
    member,
    videoId: video.id,
    albumId: album.id,
    playlistId: Number(playlist.id),
    targetId: target.id,
    commentId: Number(comment.id),
    postId: Number(post.id),
  };
}

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test', STRIKES_TO_BAN: '3' },
  });
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'peoplemod');
  admin = await signInAsStaff(t.app, t.database, 'administrator', 'peopleadmin');
  bystander = await signInAs(t.app, t.database, 'peoplebystander');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('bans', () => {
  it('a ban with the content takes all of it down, and the unban brings exactly that back', async () => {
    const c = await memberWithContent('bannedwithall');
    // One video taken down on its own before the ban: it stays down after the unban.
    const own = await makeVideo(t.database, c.member.userId, { title: 'Own takedown' });
    const takedown = await post(
      '/api/admin/takedowns',
      { object_type: 'video', object_id: String(own.id), reason: 'copyright' },
      moderator,
    );
    expect(takedown.statusCode).toBe(200);

    // Warm what shows the content.
    expect(await listed(c.member.userId)).toEqual([c.videoId]);
    expect(await commentsOn(c.targetId)).toEqual(['bannedwithall says hi']);
    expect(await wallOf(bystander.userId)).toContain('bannedwithall on the wall');
    expect((await get(memberPath(300, 'profile', c.member.userId))).statusCode).toBe(200);
    expect((await get('/api/my_uploads.php', c.member)).statusCode).toBe(200);

    const sent = mailbox.messages.length;
    const res = await post(
      `/api/admin/members/${c.member.userId}/ban`,
      { reason: 'spam', note: 'Spam in every comment', hide_content: '1' },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    // Video, album, playlist, comment, wall post (the video already down keeps its own).
    expect(res.json()).toMatchObject({ success: 1, hidden: 5 });

    // Signed out at once, and told why only after the right password.
    expect((await get('/api/my_uploads.php', c.member)).json().code).toBe('need_auth');
    const sessions = await one<{ n: string }>(
      'SELECT count(*) AS n FROM sessions WHERE user_id = $1',
      [c.member.userId],
    );
    expect(Number(sessions.n)).toBe(0);
    expect((await signIn('bannedwithall', 'wrong-password')).json().code).toBe(
      'invalid_usr_or_pwd',
    );
    const banned = await signIn('bannedwithall');
    expect(banned.statusCode).toBe(400);
    expect(banned.json()).toMatchObject({ code: 'account_banned', field: 'usr' });
    const reset = await post('/api/restore.php', { email: 'bannedwithall@test.example' });
    expect(reset.json().code).toBe('account_banned');

    // Gone everywhere, from warm caches too.
    expect((await get(memberPath(300, 'profile', c.member.userId))).statusCode).toBe(404);
    expect(await listed(c.member.userId)).toBe('missing');
    // What a ban hid reads deleted, whatever the ban's reason (a strikes ban's too); a video
    // taken down on its own still names its own reason.
    const hidden = (await get(videoPath(300, c.videoId))).json().video;
    expect(hidden.status_id).toBe('5');
    expect(hidden).not.toHaveProperty('removed');
    expect((await get(videoPath(300, own.id))).json().video).toMatchObject({
      status_id: '5',
      removed: { reason: 'copyright' },
    });
    expect(await commentsOn(c.targetId)).toEqual([]);
    expect(await wallOf(bystander.userId)).not.toContain('bannedwithall on the wall');
    const state = async () => ({
      video: Number(
        (await one<{ s: number }>('SELECT status_id AS s FROM videos WHERE id = $1', [c.videoId]))
          .s,
      ),
      own: Number(
        (await one<{ s: number }>('SELECT status_id AS s FROM videos WHERE id = $1', [own.id])).s,
      ),
      album: Number(
        (await one<{ s: number }>('SELECT status_id AS s FROM albums WHERE id = $1', [c.albumId]))
          .s,
      ),
      playlist: Number(
        (
          await one<{ s: number }>('SELECT status_id AS s FROM playlists WHERE id = $1', [
            c.playlistId,
          ])
        ).s,
      ),
      comment: Number(
        (await one<{ s: number }>('SELECT status AS s FROM comments WHERE id = $1', [c.commentId]))
          .s,
      ),
      post: Number(
        (await one<{ s: number }>('SELECT status AS s FROM wall_posts WHERE id = $1', [c.postId]))
          .s,
      ),
      comments: Number(
        (
          await one<{ n: number }>('SELECT comments_count AS n FROM videos WHERE id = $1', [
            c.targetId,
          ])
        ).n,
      ),
      videos: Number(
        (
          await one<{ n: number }>('SELECT videos_count AS n FROM users WHERE id = $1', [
            c.member.userId,
          ])
        ).n,
      ),
      user: Number(
        (await one<{ s: number }>('SELECT status AS s FROM users WHERE id = $1', [c.member.userId]))
          .s,
      ),
    });
    expect(await state()).toEqual({
      video: 8,
      own: 8,
      album: 8,
      playlist: 8,
      comment: 8,
      post: 8,
      comments: 0,
      videos: 0,
      user: 2,
    });

    // The ban's takedowns belong to the ban: not listed one by one, not restored one by one
    // (the unban does it); the video taken down on its own is.
    const inForce = (await get('/api/admin/takedowns?in_force=1', moderator)).json();
    const mine = inForce.items.filter(
      (row: { object_type: string; object_id: number }) =>
        row.object_type === 'video' && [own.id, c.videoId].includes(row.object_id),
    );
    expect(mine.map((row: { object_id: number }) => row.object_id)).toEqual([own.id]);
    const banRow = await one<{ id: number }>(
      `SELECT id FROM takedowns WHERE ban_id IS NOT NULL AND object_type = 'video'
          AND object_id = $1`,
      [c.videoId],
    );
    const single = await post(`/api/admin/takedowns/${banRow.id}/restore`, {}, moderator);
    expect(single.statusCode).toBe(404);

    // The statement of reasons, in the member's language.
    const { mail } = await mailbox.next('bannedwithall@test.example', { after: sent });
    expect(mail.subject).toBe('Ihr Konto bei Afterglow wurde gesperrt');
    expect(mail.text).toContain('Spam oder Werbung');
    expect(mail.text).toContain('Spam in every comment');
    expect(mail.text).toContain('Fotoalben');

    const twice = await post(
      `/api/admin/members/${c.member.userId}/ban`,
      { reason: 'spam' },
      moderator,
    );
    expect(twice.json().codes).toEqual([{ field: 'id', code: 'already_added' }]);

    const page = (await get(`/api/admin/members/${c.member.userId}`, moderator)).json();
    expect(page.member).toMatchObject({ username: 'bannedwithall', status: 'banned' });
    expect(page.ban).toMatchObject({ reason: 'spam', hide_content: true, by: 'peoplemod' });
    expect(page.statements.map((s: { decision: string }) => s.decision)).toEqual([
      'banned',
      'removed',
    ]);

    const lifted = await post(
      `/api/admin/members/${c.member.userId}/unban`,
      { note: 'Talked it over' },
      moderator,
    );
    expect(lifted.json()).toEqual({ success: 1, restored: 5 });
    expect(await state()).toEqual({
      video: 1,
      own: 8,
      album: 1,
      playlist: 1,
      comment: 1,
      post: 1,
      comments: 1,
      videos: 1,
      user: 1,
    });
    expect(await listed(c.member.userId)).toEqual([c.videoId]);
    expect(await commentsOn(c.targetId)).toEqual(['bannedwithall says hi']);
    expect(await wallOf(bystander.userId)).toContain('bannedwithall on the wall');
    expect((await signIn('bannedwithall')).statusCode).toBe(200);
    expect(
      (await post(`/api/admin/members/${c.member.userId}/unban`, {}, moderator)).statusCode,
    ).toBe(404);

    const audit = (
      await get(`/api/admin/audit?object_type=member&object_id=${c.member.userId}`, moderator)
    ).json();
    expect(audit.items.map((row: { action: string }) => row.action)).toEqual([
      'member.unban',
      'member.ban',
    ]);
  });

  it('a ban without the content keeps it public', async () => {
    const c = await memberWithContent('bannedalone');
    const res = await post(
      `/api/admin/members/${c.member.userId}/ban`,
      { reason: 'other', note: 'Harassment in messages', hide_content: '0' },
      moderator,
    );
    expect(res.json()).toMatchObject({ success: 1, hidden: 0 });
    expect((await signIn('bannedalone')).json().code).toBe('account_banned');
    expect((await get(videoPath(300, c.videoId))).json().video.status_id).toBe('1');
    expect(await commentsOn(c.targetId)).toEqual(['bannedalone says hi']);
    const takedowns = await one<{ n: string }>(
      'SELECT count(*) AS n FROM takedowns WHERE ban_id IS NOT NULL AND object_id = $1',
      [c.videoId],
    );
    expect(Number(takedowns.n)).toBe(0);

    // A banned member cannot sign in: a later removal's statement still reaches them by mail,
    // as the ban's own did.
    const sent = mailbox.messages.length;
    expect(
      (
        await post(
          '/api/admin/takedowns',
          {
            object_type: 'video',
            object_id: String(c.videoId),
            reason: 'copyright',
            note: 'Notice from the studio',
          },
          moderator,
        )
      ).statusCode,
    ).toBe(200);
    const { mail } = await mailbox.next('bannedalone@test.example', { after: sent });
    expect(mail.subject).toContain('bannedalone clip');
    expect(mail.text).toContain('Notice from the studio');
  });

  it('checks its form and changes nothing on bad input', async () => {
    const member = await signInAs(t.app, t.database, 'badbaninput');
    const url = `/api/admin/members/${member.userId}/ban`;
    expect((await post(url, {}, moderator)).json().codes).toEqual([
      { field: 'reason', code: 'required' },
    ]);
    expect(
      (await post(url, { reason: 'planet', hide_content: '2' }, moderator)).json().codes,
    ).toEqual([
      { field: 'reason', code: 'invalid_params' },
      { field: 'hide_content', code: 'invalid_params' },
    ]);
    expect((await post(url, { reason: 'other' }, moderator)).json().codes).toEqual([
      { field: 'note', code: 'required' },
    ]);
    expect(
      (await post(url, { reason: 'spam', note: 'x'.repeat(2001) }, moderator)).json().codes,
    ).toEqual([{ field: 'note', code: 'max_length' }]);
    expect(
      (await post('/api/admin/members/abc/ban', { reason: 'spam' }, moderator)).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/admin/members/999999/ban', { reason: 'spam' }, moderator)).statusCode,
    ).toBe(404);
    expect(
      (
        await post(
          `/api/admin/members/${member.userId}/unban`,
          { note: 'x'.repeat(2001) },
          moderator,
        )
      ).json().codes,
    ).toEqual([{ field: 'note', code: 'max_length' }]);
    expect(
      (await post(`/api/admin/members/${member.userId}/strikes`, {}, moderator)).json().codes,
    ).toEqual([{ field: 'reason', code: 'required' }]);
    const user = await one<{ status: number }>('SELECT status FROM users WHERE id = $1', [
      member.userId,
    ]);
    expect(Number(user.status)).toBe(1);
    expect((await get('/api/my_uploads.php', member)).statusCode).toBe(200);
  });

  it('a moderator bans, strikes and revokes strikes of members only; an administrator of a moderator too; nobody of an administrator or themselves', async () => {
    const otherMod = await signInAsStaff(t.app, t.database, 'moderator', 'peoplemod2');
    const otherAdmin = await signInAsStaff(t.app, t.database, 'administrator', 'peopleadmin2');
    const ban = (id: number, who: TestSession) =>
      post(`/api/admin/members/${id}/ban`, { reason: 'spam' }, who);
    expect((await ban(otherAdmin.userId, moderator)).json().code).toBe('no_permission');
    expect((await ban(otherMod.userId, moderator)).json().code).toBe('no_permission');
    expect((await ban(moderator.userId, moderator)).json().code).toBe('no_permission');
    expect((await ban(otherAdmin.userId, admin)).json().code).toBe('no_permission');
    expect((await ban(admin.userId, admin)).json().code).toBe('no_permission');
    expect(
      (
        await post(`/api/admin/members/${otherAdmin.userId}/strikes`, { reason: 'spam' }, moderator)
      ).json().code,
    ).toBe('no_permission');
    const none = await one<{ n: string }>(
      'SELECT count(*) AS n FROM bans WHERE user_id = ANY($1)',
      [[otherMod.userId, otherAdmin.userId, moderator.userId, admin.userId]],
    );
    expect(Number(none.n)).toBe(0);

    // Revoking a strike is an act on its member too: an administrator strikes a moderator,
    // who may not revoke it themselves, nor may another moderator; an administrator may.
    const struck = (
      await post(`/api/admin/members/${otherMod.userId}/strikes`, { reason: 'spam' }, admin)
    ).json();
    expect(struck).toMatchObject({ success: 1, in_force: 1 });
    const revoke = (who: TestSession) =>
      post(`/api/admin/strikes/${struck.strike_id}/revoke`, { note: 'Mine' }, who);
    expect((await revoke(otherMod)).json().code).toBe('no_permission');
    expect((await revoke(moderator)).json().code).toBe('no_permission');
    const inForce = await one<{ revoked_at: string | null }>(
      'SELECT revoked_at::text FROM strikes WHERE id = $1',
      [struck.strike_id],
    );
    expect(inForce.revoked_at).toBeNull();
    expect((await revoke(admin)).json()).toEqual({ success: 1 });
    expect((await revoke(admin)).statusCode).toBe(404);

    expect((await ban(otherMod.userId, admin)).json()).toMatchObject({ success: 1 });
  });

  it('a member may call none of it', async () => {
    const victim = await signInAs(t.app, t.database, 'peoplevictim');
    const refused = [
      await get(`/api/admin/members/${victim.userId}`, bystander),
      await get(`/api/admin/members/${victim.userId}/comments`, bystander),
      await post(`/api/admin/members/${victim.userId}/ban`, { reason: 'spam' }, bystander),
      await post(`/api/admin/members/${victim.userId}/unban`, {}, bystander),
      await post(`/api/admin/members/${victim.userId}/strikes`, { reason: 'spam' }, bystander),
      await post(
        `/api/admin/members/${victim.userId}/comments/remove`,
        { reason: 'spam' },
        bystander,
      ),
      await post('/api/admin/strikes/1/revoke', {}, bystander),
      await post('/api/admin/wall_posts/1/hide', {}, bystander),
    ];
    expect(refused.map((r) => r.json().code)).toEqual(Array(8).fill('no_permission'));
    expect(
      (await post(`/api/admin/members/${victim.userId}/ban`, { reason: 'spam' })).json().code,
    ).toBe('need_auth');
    expect((await get('/api/my_uploads.php', victim)).statusCode).toBe(200);
  });
});

describe('strikes', () => {
  it('the strike that reaches the limit bans the member and takes their content down', async () => {
    const c = await memberWithContent('threestrikes');
    const strike = (note: string) =>
      post(
        `/api/admin/members/${c.member.userId}/strikes`,
        { reason: 'copyright', note },
        moderator,
      );
    const sent = mailbox.messages.length;
    const first = (await strike('First')).json();
    expect(first).toMatchObject({ success: 1, in_force: 1, banned: false });
    const { mail } = await mailbox.next('threestrikes@test.example', { after: sent });
    expect(mail.subject).toBe('Eine Verwarnung für Ihr Konto bei Afterglow');
    expect(mail.text).toContain('Es gelten 1; bei 3');

    // A revoked strike no longer counts.
    expect(
      (
        await post(
          `/api/admin/strikes/${first.strike_id}/revoke`,
          { note: 'Licence shown' },
          moderator,
        )
      ).json(),
    ).toEqual({ success: 1 });
    expect(
      (await post(`/api/admin/strikes/${first.strike_id}/revoke`, {}, moderator)).statusCode,
    ).toBe(404);
    expect((await strike('Second')).json()).toMatchObject({ in_force: 1, banned: false });
    expect((await strike('Third')).json()).toMatchObject({ in_force: 2, banned: false });
    expect((await signIn('threestrikes')).statusCode).toBe(200);
    const last = (await strike('Fourth')).json();
    expect(last).toMatchObject({ in_force: 3, banned: true });

    expect((await signIn('threestrikes')).json().code).toBe('account_banned');
    expect((await get(videoPath(300, c.videoId))).json().video.status_id).toBe('5');
    expect(await commentsOn(c.targetId)).toEqual([]);
    const ban = await one<{ reason: string; staff_id: number | null; hide_content: boolean }>(
      'SELECT reason, staff_id, hide_content FROM bans WHERE user_id = $1 AND lifted_at IS NULL',
      [c.member.userId],
    );
    expect(ban).toEqual({ reason: 'repeat_infringer', staff_id: null, hide_content: true });
    const page = (await get(`/api/admin/members/${c.member.userId}`, moderator)).json();
    expect(page.strikes_in_force).toBe(3);
    expect(page.strikes_to_ban).toBe(3);
    expect(page.strikes).toHaveLength(4);
    expect(page.strikes[3]).toMatchObject({ note: 'First', revoked_by: 'peoplemod' });
    expect(page.ban).toMatchObject({ reason: 'repeat_infringer', by: '' });
    const audit = (
      await get(`/api/admin/audit?object_type=member&object_id=${c.member.userId}`, moderator)
    ).json();
    expect(audit.items.map((row: { action: string }) => row.action)).toEqual([
      'member.ban',
      'member.strike',
      'member.strike',
      'member.strike',
      'member.strike_revoke',
      'member.strike',
    ]);
    // A fifth strike while banned: recorded, no second ban.
    expect((await strike('Fifth')).json()).toMatchObject({ in_force: 4, banned: false });
  });
});

describe('comments and wall posts', () => {
  it('removes all of a member’s comments at once, with the counts and a statement', async () => {
    const c = await memberWithContent('chatty');
    await t.database.query(
      `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, 'again')`,
      [c.targetId, c.member.userId],
    );
    await t.database.query('UPDATE videos SET comments_count = 2 WHERE id = $1', [c.targetId]);
    expect(await commentsOn(c.targetId)).toEqual(['again', 'chatty says hi']);
    const sent = mailbox.messages.length;
    const res = await post(
      `/api/admin/members/${c.member.userId}/comments/remove`,
      { reason: 'spam', note: 'Links everywhere' },
      moderator,
    );
    expect(res.json()).toEqual({ success: 1, removed: 2 });
    expect(await commentsOn(c.targetId)).toEqual([]);
    const count = await one<{ n: number }>('SELECT comments_count AS n FROM videos WHERE id = $1', [
      c.targetId,
    ]);
    expect(Number(count.n)).toBe(0);
    const { mail } = await mailbox.next('chatty@test.example', { after: sent });
    expect(mail.subject).toBe('Ihre Kommentare bei Afterglow wurden entfernt');
    const list = (await get(`/api/admin/members/${c.member.userId}/comments`, moderator)).json();
    expect(list.items.map((i: { shown: boolean }) => i.shown)).toEqual([false, false]);
    const audit = (
      await get(
        `/api/admin/audit?action=member.comments_remove&object_id=${c.member.userId}`,
        moderator,
      )
    ).json();
    expect(audit.items[0]).toMatchObject({ after: { comments_removed: 2 }, reason: 'spam' });
    // Nothing left to remove: zero, no second statement.
    expect(
      (
        await post(
          `/api/admin/members/${c.member.userId}/comments/remove`,
          { reason: 'spam' },
          moderator,
        )
      ).json(),
    ).toEqual({ success: 1, removed: 0 });
  });

  it('hides one wall post and shows it again', async () => {
    const c = await memberWithContent('walltalker');
    expect(await wallOf(bystander.userId)).toContain('walltalker on the wall');
    // An answer that shows no wall, cached, then changed behind the cache's back.
    const title = async () => (await get(videoPath(300, c.videoId))).json().video.title;
    expect(await title()).toBe('walltalker clip');
    await t.database.query("UPDATE videos SET title = 'Renamed clip' WHERE id = $1", [c.videoId]);
    expect(
      (await post(`/api/admin/wall_posts/${c.postId}/hide`, { note: 'Rude' }, moderator)).json(),
    ).toEqual({ success: 1 });
    expect(await wallOf(bystander.userId)).not.toContain('walltalker on the wall');
    // Only the wall owner's answers were forgotten, not the whole cache.
    expect(await title()).toBe('walltalker clip');
    expect((await post(`/api/admin/wall_posts/${c.postId}/hide`, {}, moderator)).statusCode).toBe(
      404,
    );
    const posts = (await get(`/api/admin/members/${c.member.userId}/wall_posts`, moderator)).json();
    expect(posts.items).toMatchObject([{ id: c.postId, owner: 'peoplebystander', shown: false }]);
    expect((await post(`/api/admin/wall_posts/${c.postId}/unhide`, {}, moderator)).json()).toEqual({
      success: 1,
    });
    expect(await wallOf(bystander.userId)).toContain('walltalker on the wall');
  });

  it('lists a member’s uploads in every state and the reports about them', async () => {
    const c = await memberWithContent('reported');
    const pending = await makeVideo(t.database, c.member.userId, { title: 'Waiting one' });
    await t.database.query('UPDATE videos SET status_id = 6 WHERE id = $1', [pending.id]);
    await t.database.query(
      `INSERT INTO reports (subject, email, message, object_type, object_id)
       VALUES ('inappropriate', 'a@b.example', 'Look at this', 'video', $1)`,
      [c.videoId],
    );
    const uploads = (await get(`/api/admin/members/${c.member.userId}/uploads`, moderator)).json();
    expect(uploads.items.map((u: { state: string }) => u.state).sort()).toEqual([
      'active',
      'review',
    ]);
    const reports = (await get(`/api/admin/members/${c.member.userId}/reports`, moderator)).json();
    expect(reports).toMatchObject({
      total: 1,
      items: [{ object_type: 'video', object_id: c.videoId }],
    });
    const page = (await get(`/api/admin/members/${c.member.userId}`, moderator)).json();
    expect(page.counts).toEqual({ uploads: 2, comments: 1, wall_posts: 1, reports: 1 });
    expect((await get('/api/admin/members/999999', moderator)).statusCode).toBe(404);
    expect(
      (await get(`/api/admin/members/${c.member.userId}/uploads?page=x`, moderator)).json().code,
    ).toBe('invalid_params');
  });
});
