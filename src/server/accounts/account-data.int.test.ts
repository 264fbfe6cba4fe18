import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { solvedCaptcha } from '../../../tests/support/captcha.ts';
import { makeAlbum, makeCategory, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { LIFETIME } from '../../contracts/constants.ts';
import { commentsPath, memberPath } from '../../contracts/members.paths.ts';
import { videoPath, videos2Path } from '../../contracts/paths.ts';
import { videoDir, videoSourceKey } from '../../media/keys.ts';
import { SIGN_IN_LIMITS } from './sign-in-guard.ts';

// Download my data and delete my account (GDPR, issue 17, decision 0057), through the real
// HTTP app and, for the purge, the real job queue on the same database and storage.

let t: TestApp;
let alice: TestSession;
let bob: TestSession;
let carol: { id: number; username: string };
const { get, post } = requests(() => t.app);

const ids = {
  aliceVideo: 0,
  keptVideo: 0,
  bobVideo: 0,
  album: 0,
  playlist: 0,
  bobPlaylist: 0,
};

/** A form POST without a session from its own address (the route's limit is per address). */
let addressCounter = 0;
function fromAddress() {
  const address = `198.51.100.${++addressCounter}`;
  return (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: address,
    });
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const one = async <T extends object>(text: string, params: unknown[] = []) =>
  (await t.database.query<T>(text, params))[0];

async function putFile(key: string) {
  const file = t.storage.localPath(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'synthetic media');
  return file;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await signInAs(t.app, t.database);
  bob = await signInAs(t.app, t.database);
  carol = await makeUser(t.database);
  const db = t.database;
  await db.query(
    `UPDATE users SET city = 'Lyon', about = 'Alice about text', birth_date = '1990-02-03'
      WHERE id = $1`,
    [alice.userId],
  );
  const category = await makeCategory(db, `Gdpr category ${alice.userId}`);
  ids.aliceVideo = (
    await makeVideo(db, alice.userId, { title: 'Alice upload', categoryIds: [category.id] })
  ).id;
  ids.keptVideo = (await makeVideo(db, alice.userId, { title: 'Alice taken down' })).id;
  ids.bobVideo = (await makeVideo(db, bob.userId, { title: 'Bob upload' })).id;
  await db.query('UPDATE users SET videos_count = 2 WHERE id = $1', [alice.userId]);
  await db.query(`UPDATE videos SET media = jsonb_build_object('source', $2::text) WHERE id = $1`, [
    ids.aliceVideo,
    videoSourceKey(ids.aliceVideo, 'mp4'),
  ]);
  // A takedown and a 2257 record name the second upload: the law keeps them.
  await db.query(
    `INSERT INTO takedowns (object_type, object_id, reason, previous)
     VALUES ('video', $1, 'copyright', '{"status_id":1}')`,
    [ids.keptVideo],
  );
  await db.query('UPDATE videos SET status_id = 8 WHERE id = $1', [ids.keptVideo]);
  await db.query(
    `INSERT INTO performer_records (video_id, user_id, exemption, key_id, sealed)
     VALUES ($1, $2, NULL, 'k1', 'sealed-bytes')`,
    [ids.keptVideo, alice.userId],
  );
  await db.query(
    `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason,
                                        appeal_state, appeal_text)
     VALUES ($1, 'video', $2, 'removed', 'copyright', 'open', 'Alice appeal words')`,
    [alice.userId, ids.keptVideo],
  );
  ids.album = (await makeAlbum(db, alice.userId, { photos: 2 })).id;
  const [playlist] = await db.query<{ id: number }>(
    `INSERT INTO playlists (user_id, title, videos_count) VALUES ($1, 'Alice list', 1)
     RETURNING id`,
    [alice.userId],
  );
  ids.playlist = Number(playlist?.id);
  await db.query(
    'INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 0)',
    [ids.playlist, ids.bobVideo],
  );
  // Bob's playlist holds Alice's upload: it loses it, and its count follows.
  const [bobList] = await db.query<{ id: number }>(
    `INSERT INTO playlists (user_id, title, videos_count, top_video_ids)
     VALUES ($1, 'Bob list', 1, ARRAY[$2::int]) RETURNING id`,
    [bob.userId, ids.aliceVideo],
  );
  ids.bobPlaylist = Number(bobList?.id);
  await db.query(
    'INSERT INTO playlist_videos (playlist_id, video_id, position) VALUES ($1, $2, 0)',
    [ids.bobPlaylist, ids.aliceVideo],
  );
  await db.query(
    `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, 'Alice says hi')`,
    [ids.bobVideo, alice.userId],
  );
  await db.query(
    `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, 'Bob on Alice')`,
    [ids.aliceVideo, bob.userId],
  );
  await db.query(
    `UPDATE videos SET comments_count = 1, likes = 1, favourites_count = 1 WHERE id = $1`,
    [ids.bobVideo],
  );
  await db.query(
    `INSERT INTO messages (from_user_id, to_user_id, body) VALUES
       ($1, $2, 'Alice to Bob'), ($2, $1, 'Bob to Alice'), ($2, $3, 'Bob to Carol secret')`,
    [alice.userId, bob.userId, carol.id],
  );
  await db.query(
    `INSERT INTO wall_posts (owner_id, author_id, body) VALUES
       ($2, $1, 'Alice on Bob wall'), ($1, $2, 'Bob on Alice wall')`,
    [alice.userId, bob.userId],
  );
  await db.query('INSERT INTO favourites (user_id, video_id) VALUES ($1, $2)', [
    alice.userId,
    ids.bobVideo,
  ]);
  await db.query('INSERT INTO watch_later (user_id, video_id) VALUES ($1, $2)', [
    alice.userId,
    ids.bobVideo,
  ]);
  await db.query('INSERT INTO history (user_id, video_id) VALUES ($1, $2)', [
    alice.userId,
    ids.bobVideo,
  ]);
  await db.query(
    `INSERT INTO subscriptions (user_id, target, target_id) VALUES ($1, 'member', $2)`,
    [alice.userId, bob.userId],
  );
  await db.query('UPDATE users SET subscribers_count = 1 WHERE id = $1', [bob.userId]);
  await db.query(
    'INSERT INTO friends (user_id, friend_id, status) VALUES ($1, $2, 1), ($2, $1, 1)',
    [alice.userId, bob.userId],
  );
  await db.query(
    `INSERT INTO votes (section, object_id, user_id, vote) VALUES ('video', $1, $2, 1)`,
    [ids.bobVideo, alice.userId],
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('download my data', () => {
  it('refuses a visitor with need_auth', async () => {
    const res = await get('/api/my_data.php');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('need_auth');
  });

  it("gives the member every part of their own data, and nothing of anyone else's", async () => {
    const res = await get('/api/my_data.php', alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toContain('application/json');
    expect(String(res.headers['content-disposition'])).toMatch(
      new RegExp(`^attachment; filename=".*-data-${alice.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    const data = JSON.parse(res.body);
    expect(data.profile).toMatchObject({
      id: alice.userId,
      username: alice.username,
      email: `${alice.username}@test.example`,
      city: 'Lyon',
      about: 'Alice about text',
      birth_date: '1990-02-03',
      has_password: true,
    });
    expect(data.uploads.map((u: { title: string }) => u.title).sort()).toEqual([
      'Alice taken down',
      'Alice upload',
    ]);
    const upload = data.uploads.find((u: { id: number }) => u.id === ids.aliceVideo);
    expect(upload.categories).toEqual([`Gdpr category ${alice.userId}`]);
    expect(data.moderation_decisions.statements[0]).toMatchObject({
      decision: 'removed',
      object_id: ids.keptVideo,
    });
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(['Alice says hi']);
    expect(data.messages.sent.map((m: { body: string }) => m.body)).toEqual(['Alice to Bob']);
    expect(data.messages.received).toMatchObject([
      { body: 'Bob to Alice', from_username: bob.username },
    ]);
    expect(data.wall_posts.written.map((w: { body: string }) => w.body)).toEqual([
      'Alice on Bob wall',
    ]);
    expect(data.wall_posts.on_my_wall.map((w: { body: string }) => w.body)).toEqual([
      'Bob on Alice wall',
    ]);
    expect(data.playlists).toMatchObject([
      { title: 'Alice list', videos: [{ video_id: ids.bobVideo, title: 'Bob upload' }] },
    ]);
    for (const list of ['favourites', 'watch_later', 'history']) {
      expect(data[list]).toMatchObject([{ video_id: ids.bobVideo }]);
    }
    expect(data.subscriptions).toMatchObject([
      { target: 'member', target_id: bob.userId, name: bob.username },
    ]);
    expect(data.friends).toMatchObject([{ username: bob.username, status: 1 }]);
    expect(data.votes).toMatchObject([{ section: 'video', object_id: ids.bobVideo, vote: 1 }]);
    expect(data.albums).toHaveLength(1);
    expect(data.albums[0].photos).toHaveLength(2);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).toHaveProperty('last_seen_at');

    // Nothing of another member's private data, no secret of the account itself.
    expect(res.body).not.toContain('Bob to Carol secret');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toMatch(/password_hash|id_hash|token_hash|sealed/);
    expect(res.body).not.toContain(alice.cookie.split('=')[1]);
    expect(res.body).not.toContain(`${bob.username}@test.example`);

    const audit = await one<{ actor_name: string; ip: string }>(
      `SELECT actor_name, ip FROM audit_log WHERE action = 'member.export' AND object_id = $1`,
      [alice.userId],
    );
    expect(audit).toEqual({ actor_name: `deleted:${alice.userId}`, ip: '' });
  });

  it("gives another member their own data, never the member's a parameter names", async () => {
    const res = await get(`/api/my_data.php?user_id=${alice.userId}`, bob);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(res.body);
    expect(data.profile.id).toBe(bob.userId);
    expect(res.body).not.toContain('Alice about text');
    expect(res.body).not.toContain(`${alice.username}@test.example`);
  });

  it('is limited per member and hour', async () => {
    const dave = await signInAs(t.app, t.database);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await get('/api/my_data.php', dave)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    // Another member is not held up by it.
    const erin = await signInAs(t.app, t.database);
    expect((await get('/api/my_data.php', erin)).statusCode).toBe(200);
  });
});

describe('delete my account', () => {
  it('refuses a visitor', async () => {
    const res = await post('/api/account_delete.php', { pwd: 'test-password' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const wrong = await post('/api/account_delete.php', { pwd: 'not-my-password' }, alice);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'invalid_password', field: 'pwd' });
    const missing = await post('/api/account_delete.php', {}, alice);
    expect(missing.json()).toMatchObject({ code: 'required', field: 'pwd' });
    const user = await one<{ deleted_at: Date | null; username: string; status: number }>(
      'SELECT deleted_at, username, status FROM users WHERE id = $1',
      [alice.userId],
    );
    expect(user).toEqual({ deleted_at: null, username: alice.username, status: 1 });
    expect((await get(memberPath(LIFETIME.member, 'profile', alice.userId))).statusCode).toBe(200);
    expect((await get('/api/my_data.php', alice)).statusCode).toBe(200);
  });

  it('deletes at once: gone from public answers, signed out, sign-in refused', async () => {
    // Warm the caches: a deletion must forget them.
    const latest = videos2Path({
      lifetime: 0,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: 'members',
      objectId: String(alice.userId),
      page: 1,
      type: 'all',
      duration: '',
      date: '',
    });
    expect((await get(latest)).body).toContain('Alice upload');
    expect((await get(videoPath(LIFETIME.video, ids.aliceVideo))).statusCode).toBe(200);
    const bobComments = commentsPath(LIFETIME.comments, 'video', ids.bobVideo);
    expect((await get(bobComments)).body).toContain('Alice says hi');

    const res = await post('/api/account_delete.php', { pwd: 'test-password' }, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 1 });

    expect((await get(memberPath(LIFETIME.member, 'profile', alice.userId))).statusCode).toBe(404);
    expect((await get(latest)).body).not.toContain('Alice upload');
    // A deleted video's page says so (SPEC.md §4), and nothing of what it was.
    const page = await get(videoPath(LIFETIME.video, ids.aliceVideo));
    expect(page.json().video).toMatchObject({ status_id: '5', title: '', playable: '0' });
    expect(page.body).not.toContain(alice.username);
    expect((await get(bobComments)).body).not.toContain('Alice says hi');
    expect((await get('/api/my_data.php', alice)).statusCode).toBe(401);
    const sessions = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions WHERE user_id = $1',
      [alice.userId],
    );
    expect(sessions?.n).toBe(0);
    for (const usr of [alice.username, `${alice.username}@test.example`]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login.php',
        payload: { usr, pwd: 'test-password' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().code).toBe('invalid_usr_or_pwd');
    }
    // Counters follow at once: Bob's video lost Alice's comment, Alice lists no uploads.
    const bobVideo = await one<{ comments_count: number }>(
      'SELECT comments_count FROM videos WHERE id = $1',
      [ids.bobVideo],
    );
    expect(bobVideo?.comments_count).toBe(0);
    const audit = await one<{ actor_id: number; actor_name: string; ip: string }>(
      `SELECT actor_id, actor_name, ip FROM audit_log WHERE action = 'member.delete' AND object_id = $1`,
      [alice.userId],
    );
    expect(audit).toEqual({
      actor_id: alice.userId,
      actor_name: `deleted:${alice.userId}`,
      ip: '',
    });
    // A second request from the dead session changes nothing more.
    const again = await post('/api/account_delete.php', { pwd: 'test-password' }, alice);
    expect(again.statusCode).toBe(401);
  });

  it('the purge job removes files and rows, reconciles counters and keeps the 2257 record', async () => {
    const source = await putFile(videoSourceKey(ids.aliceVideo, 'mp4'));
    const media = await putFile(`${videoDir(ids.aliceVideo)}/preview.jpg`);
    const kept = await putFile(`${videoDir(ids.keptVideo)}/preview.jpg`);
    const queue = await startJobs(t.database, t.storage);
    try {
      const job = await queue.send('account.purge', { userId: alice.userId });
      await queue.waitFor('account.purge', job, 60_000);
    } finally {
      await queue.stop(5000);
    }
    expect(await exists(source)).toBe(false);
    expect(await exists(media)).toBe(false);
    expect(await exists(kept)).toBe(false);

    const videos = await t.database.query<{ id: number; title: string; status_id: number }>(
      'SELECT id, title, status_id FROM videos WHERE user_id = $1 ORDER BY id',
      [alice.userId],
    );
    // The taken-down upload keeps an empty row for its takedown; the other one is gone.
    expect(videos).toEqual([{ id: ids.keptVideo, title: '', status_id: 5 }]);
    expect(
      await one('SELECT 1 FROM performer_records WHERE video_id = $1', [ids.keptVideo]),
    ).toBeDefined();
    expect(
      await one("SELECT 1 FROM takedowns WHERE object_type = 'video' AND object_id = $1", [
        ids.keptVideo,
      ]),
    ).toBeDefined();
    const statement = await one<{ appeal_text: string | null; reason: string }>(
      'SELECT appeal_text, reason FROM moderation_statements WHERE user_id = $1',
      [alice.userId],
    );
    expect(statement).toEqual({ appeal_text: null, reason: 'copyright' });

    const count = async (text: string) =>
      Number((await one<{ n: number }>(text, [alice.userId]))?.n);
    expect(await count('SELECT count(*)::int AS n FROM albums WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM playlists WHERE user_id = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM comments WHERE user_id = $1')).toBe(0);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM messages WHERE from_user_id = $1 OR to_user_id = $1',
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM wall_posts WHERE author_id = $1 OR owner_id = $1',
      ),
    ).toBe(0);
    for (const table of ['favourites', 'watch_later', 'history', 'subscriptions']) {
      expect(await count(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`)).toBe(0);
    }
    expect(
      await count('SELECT count(*)::int AS n FROM friends WHERE user_id = $1 OR friend_id = $1'),
    ).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM votes WHERE user_id = $1')).toBe(0);
    // The comment Bob wrote on Alice's upload went with it.
    expect(
      await one("SELECT 1 FROM comments WHERE section = 'video' AND object_id = $1", [
        ids.aliceVideo,
      ]),
    ).toBeUndefined();
    // Other people's data stays.
    expect(await one("SELECT 1 FROM messages WHERE body = 'Bob to Carol secret'")).toBeDefined();

    const bobVideo = await one<{ likes: number; favourites_count: number }>(
      'SELECT likes, favourites_count FROM videos WHERE id = $1',
      [ids.bobVideo],
    );
    expect(bobVideo).toEqual({ likes: 0, favourites_count: 0 });
    const bobUser = await one<{ subscribers_count: number }>(
      'SELECT subscribers_count FROM users WHERE id = $1',
      [bob.userId],
    );
    expect(bobUser?.subscribers_count).toBe(0);
    const bobList = await one<{ videos_count: number; top_video_ids: number[] }>(
      'SELECT videos_count, top_video_ids FROM playlists WHERE id = $1',
      [ids.bobPlaylist],
    );
    expect(bobList).toEqual({ videos_count: 0, top_video_ids: [] });

    const tombstone = await one<Record<string, unknown>>(
      `SELECT username, email, password_hash, city, about, birth_date, videos_count,
              deleted_at IS NOT NULL AS deleted
         FROM users WHERE id = $1`,
      [alice.userId],
    );
    expect(tombstone).toEqual({
      username: `deleted:${alice.userId}`,
      email: `deleted:${alice.userId}`,
      password_hash: null,
      city: '',
      about: '',
      birth_date: null,
      videos_count: 0,
      deleted: true,
    });
    expect(
      await one(
        `SELECT 1 FROM audit_log WHERE action = 'member.purge' AND object_id = $1 AND actor_id = 0`,
        [alice.userId],
      ),
    ).toBeDefined();

    // The username and address are free again: someone may register them.
    const again = await signInAs(t.app, t.database, alice.username);
    expect(again.userId).not.toBe(alice.userId);
  });

  it('an account without a password is confirmed by typing its username', async () => {
    const gina = await signInAs(t.app, t.database);
    await t.database.query(
      `UPDATE users SET password_hash = NULL, google_sub = 'google-gina' WHERE id = $1`,
      [gina.userId],
    );
    const missing = await post('/api/account_delete.php', {}, gina);
    expect(missing.json()).toMatchObject({ code: 'required', field: 'confirm' });
    const wrong = await post('/api/account_delete.php', { confirm: 'someone-else' }, gina);
    expect(wrong.json()).toMatchObject({ code: 'username_mismatch', field: 'confirm' });
    expect(
      await one('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [gina.userId]),
    ).toBeDefined();
    const res = await post('/api/account_delete.php', { confirm: ` ${gina.username} ` }, gina);
    expect(res.statusCode).toBe(200);
    const row = await one<{ google_sub: string | null; deleted: boolean }>(
      'SELECT google_sub, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
      [gina.userId],
    );
    expect(row).toEqual({ google_sub: null, deleted: true });
  });

  it('a banned member deletes their account with username and password, without a session', async () => {
    const hank = await signInAs(t.app, t.database);
    const moderator = await signInAsStaff(t.app, t.database, 'moderator');
    const video = await makeVideo(t.database, hank.userId, { title: 'Hank upload' });
    // Banned by the console: status 2, sessions gone, sign-in refused.
    const ban = await post(`/api/admin/members/${hank.userId}/ban`, { reason: 'spam' }, moderator);
    expect(ban.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      payload: { usr: hank.username, pwd: 'test-password' },
    });
    expect(login.json().code).toBe('account_banned');

    const wrong = await post('/api/account_delete.php', { usr: hank.username, pwd: 'nope1' });
    expect(wrong.json()).toMatchObject({ code: 'invalid_usr_or_pwd', field: 'usr' });
    expect(
      await one('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [hank.userId]),
    ).toBeDefined();
    const res = await post('/api/account_delete.php', {
      usr: `${hank.username}@test.example`,
      pwd: 'test-password',
    });
    expect(res.statusCode).toBe(200);

    // Lifting the ban afterwards brings back neither the account nor its upload.
    const lifted = await post(`/api/admin/members/${hank.userId}/unban`, {}, moderator);
    expect(lifted.statusCode).toBe(200);
    expect(
      await one('SELECT 1 FROM bans WHERE user_id = $1 AND lifted_at IS NOT NULL', [hank.userId]),
    ).toBeDefined();
    const row = await one<{ status: number; deleted: boolean }>(
      'SELECT status, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
      [hank.userId],
    );
    expect(row).toEqual({ status: 2, deleted: true });
    const upload = await one<{ status_id: number }>('SELECT status_id FROM videos WHERE id = $1', [
      video.id,
    ]);
    expect(upload?.status_id).toBe(5);
  });

  it('an account that may sign in is not deleted without a session, even with its password', async () => {
    const ivy = await signInAs(t.app, t.database);
    const send = fromAddress();
    for (const usr of [ivy.username, `${ivy.username}@test.example`]) {
      const res = await send('/api/account_delete.php', { usr, pwd: 'test-password' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'need_auth', field: 'usr' });
    }
    // An unconfirmed one hears what sign-in would tell it.
    await t.database.query('UPDATE users SET status = 0 WHERE id = $1', [ivy.userId]);
    const unconfirmed = await send('/api/account_delete.php', {
      usr: ivy.username,
      pwd: 'test-password',
    });
    expect(unconfirmed.json()).toMatchObject({ code: 'not_confirmed', field: 'usr' });
    await t.database.query('UPDATE users SET status = 1 WHERE id = $1', [ivy.userId]);
    const user = await one<{ deleted_at: Date | null; username: string }>(
      'SELECT deleted_at, username FROM users WHERE id = $1',
      [ivy.userId],
    );
    expect(user).toEqual({ deleted_at: null, username: ivy.username });
    expect((await get('/api/my_data.php', ivy)).statusCode).toBe(200);
  });

  it('wrong passwords count towards the sign-in guard: past the limit a captcha, here and at sign-in', async () => {
    const jack = await signInAs(t.app, t.database);
    const moderator = await signInAsStaff(t.app, t.database, 'moderator');
    await post(`/api/admin/members/${jack.userId}/ban`, { reason: 'spam' }, moderator);
    const send = fromAddress();
    const guess = (pwd: string, captcha = '') =>
      send('/api/account_delete.php', { usr: jack.username, pwd, captcha });
    for (let i = 1; i < SIGN_IN_LIMITS.captchaAfterFailures; i++) {
      expect((await guess(`wrong-${i}`)).json().codes).toEqual([
        { field: 'usr', code: 'invalid_usr_or_pwd' },
      ]);
    }
    // The answer that crosses the line says so, as sign-in's does.
    expect((await guess('wrong-last')).json().codes).toEqual([
      { field: 'usr', code: 'invalid_usr_or_pwd' },
      { field: 'captcha', code: 'captcha_required' },
    ]);
    // From now on the right password alone does nothing, here or at sign-in.
    const asked = await guess('test-password');
    expect(asked.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
    const signIn = await fromAddress()('/api/login.php', {
      usr: jack.username,
      pwd: 'test-password',
    });
    expect(signIn.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
    expect(
      await one('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [jack.userId]),
    ).toBeDefined();
    // With a solved captcha the banned member still deletes their account.
    const res = await guess('test-password', await solvedCaptcha(t.app));
    expect(res.statusCode).toBe(200);
    expect(
      await one('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NOT NULL', [jack.userId]),
    ).toBeDefined();
  });

  it('failures at sign-in count here too, and one address is held back as at sign-in', async () => {
    const kim = await signInAs(t.app, t.database);
    const moderator = await signInAsStaff(t.app, t.database, 'moderator');
    await post(`/api/admin/members/${kim.userId}/ban`, { reason: 'spam' }, moderator);
    const send = fromAddress();
    for (let i = 0; i < SIGN_IN_LIMITS.captchaAfterFailures; i++) {
      await send('/api/login.php', { usr: kim.username, pwd: `wrong-${i}` });
    }
    const asked = await send('/api/account_delete.php', {
      usr: kim.username,
      pwd: 'test-password',
    });
    expect(asked.json().codes).toEqual([{ field: 'captcha', code: 'captcha_required' }]);
    // Attempts at one account from one address, sign-in's and these together.
    for (let i = SIGN_IN_LIMITS.captchaAfterFailures + 1; i < SIGN_IN_LIMITS.attemptsPerPair; i++) {
      await send('/api/login.php', { usr: kim.username, pwd: `wrong-${i}` });
    }
    const held = await send('/api/account_delete.php', {
      usr: kim.username,
      pwd: 'test-password',
      captcha: await solvedCaptcha(t.app),
    });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'too_many_attempts', field: 'form' });
    expect(
      await one('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL', [kim.userId]),
    ).toBeDefined();
  });
});
