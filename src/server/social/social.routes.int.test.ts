import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeChannel, makeUser } from '../../../tests/support/factories.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { memberPath } from '../../contracts/members.paths.ts';

// Friends and messages between members (SPEC.md §1, §7) on a real database: requests and
// acceptance through input.php, the relation a profile's buttons start from, and private
// conversations that no visitor or third member can read or change.

let t: TestApp;
let ann: TestSession;
let ben: TestSession;
let cid: TestSession;

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

function get(url: string, session?: TestSession) {
  return t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });
}

const befriend = (from: TestSession, to: TestSession, section = 'add') =>
  post('/api/input.php', { act: 'friend', section, object_id: String(to.userId) }, from);

const relation = async (of: TestSession, to: TestSession) =>
  (await get(`/api/relation.php?type=member&object_id=${to.userId}`, of)).json();

const friendRows = () =>
  t.database.query('SELECT user_id, friend_id, status FROM friends ORDER BY user_id, friend_id');

const messageRows = () =>
  t.database.query('SELECT id, from_user_id, to_user_id, body, read_at FROM messages ORDER BY id');

beforeAll(async () => {
  t = await createTestApp();
  ann = await signInAs(t.app, t.database, 'ann');
  ben = await signInAs(t.app, t.database, 'ben');
  cid = await signInAs(t.app, t.database, 'cid');
});

afterAll(async () => {
  await t.close();
});

describe('friends', () => {
  it('sends a request, which the other member accepts; both then list each other', async () => {
    const sent = await befriend(ann, ben);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: 1, friend: 'sent' });
    expect(await relation(ann, ben)).toEqual({ subscribed: false, friend: 'sent' });
    expect(await relation(ben, ann)).toEqual({ subscribed: false, friend: 'received' });

    const requests = (await get('/api/friend_requests.php', ben)).json();
    expect(requests.incoming.map((r: { username: string }) => r.username)).toEqual(['ann']);
    expect(requests.outgoing).toEqual([]);
    expect((await get('/api/friend_requests.php', ann)).json().outgoing).toHaveLength(1);

    // Read the friends list once so the cached answer must be forgotten on acceptance.
    const friendsOfAnn = `/api/json/members/7200/friends/filt.......${ann.userId}/latest/96/1.json`;
    expect((await get(friendsOfAnn)).json().members).toEqual([]);

    const accepted = await befriend(ben, ann);
    expect(accepted.json()).toEqual({ success: 1, friend: 'friends' });
    expect(await relation(ann, ben)).toMatchObject({ friend: 'friends' });
    expect(await relation(ben, ann)).toMatchObject({ friend: 'friends' });
    expect(
      (await get(friendsOfAnn)).json().members.map((m: { username: string }) => m.username),
    ).toEqual(['ben']);
    const profile = await get(memberPath(7200, 'profile', ben.userId));
    expect(profile.json().member.statistics.friends).toBe('1');
    expect((await get('/api/friend_requests.php', ben)).json().incoming).toEqual([]);
  });

  it('says already added to a second request, and refuses oneself', async () => {
    const before = await friendRows();
    const again = await befriend(ann, ben);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'already_added', codes: [{ field: 'notify' }] });
    const self = await befriend(ann, ann);
    expect(self.json()).toMatchObject({
      code: 'friend_cant_add_myself',
      codes: [{ field: 'notify', code: 'friend_cant_add_myself' }],
    });
    expect(await friendRows()).toEqual(before);
  });

  it('lets either member end it, and declining or cancelling a request leaves no trace', async () => {
    expect((await befriend(ben, ann, 'rem')).json()).toEqual({ success: 1 });
    expect(await relation(ann, ben)).toMatchObject({ friend: 'none' });
    expect((await befriend(ben, ann, 'rem')).statusCode).toBe(404);

    await befriend(cid, ann);
    expect((await befriend(ann, cid, 'rem')).json()).toEqual({ success: 1 }); // declined
    await befriend(cid, ben);
    expect((await befriend(cid, ben, 'rem')).json()).toEqual({ success: 1 }); // cancelled
    expect(await friendRows()).toEqual([]);
  });

  it('refuses a visitor and unknown or disabled members, changing nothing', async () => {
    const disabled = await makeUser(t.database);
    await t.database.query('UPDATE users SET status = 2 WHERE id = $1', [disabled.id]);
    const visitor = await post('/api/input.php', {
      act: 'friend',
      section: 'add',
      object_id: String(ben.userId),
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('need_auth');
    for (const objectId of [String(disabled.id), '99999999', 'abc', '-1', '']) {
      const res = await post(
        '/api/input.php',
        { act: 'friend', section: 'add', object_id: objectId },
        ann,
      );
      expect(res.statusCode, objectId).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, objectId).toBeLessThan(500);
    }
    const badSection = await post(
      '/api/input.php',
      { act: 'friend', section: 'del', object_id: String(ben.userId) },
      ann,
    );
    expect(badSection.json()).toMatchObject({ code: 'invalid_params', field: 'section' });
    expect(await friendRows()).toEqual([]);
    expect((await get('/api/friend_requests.php')).statusCode).toBe(401);
    expect((await get(`/api/relation.php?type=member&object_id=${ben.userId}`)).statusCode).toBe(
      401,
    );
  });
});

describe('relation', () => {
  it('knows subscriptions to channels, models and members, and refuses bad queries', async () => {
    const channel = await makeChannel(t.database);
    const url = `/api/relation.php?type=channel&object_id=${channel.id}`;
    expect((await get(url, ann)).json()).toEqual({ subscribed: false, friend: 'none' });
    await post(
      '/api/input.php',
      { act: 'subscribe', section: 'add', type: 'channel', object_id: String(channel.id) },
      ann,
    );
    expect((await get(url, ann)).json()).toEqual({ subscribed: true, friend: 'none' });
    expect((await get(url, ben)).json()).toEqual({ subscribed: false, friend: 'none' });
    const res = await get(url, ann);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const query of [
      'type=album&object_id=1',
      'type=member',
      'type=member&object_id=x',
      'object_id=1&object_id=2&type=member',
    ]) {
      const bad = await get(`/api/relation.php?${query}`, ann);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code, query).toBe('invalid_params');
    }
  });
});

describe('messages', () => {
  const send = (from: TestSession | undefined, to: number | string, message: string) =>
    post('/api/messages.php', { to: String(to), message }, from);

  it('delivers a message into both conversations, unread until the recipient reads it', async () => {
    const sent = await send(ann, ben.userId, '  Hello Ben, nice uploads!  ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: 1,
      message: { from_me: true, body: 'Hello Ben, nice uploads!', read: false },
    });
    await send(ben, ann.userId, 'Thanks Ann');
    await send(ann, ben.userId, 'You are welcome');

    const inbox = (await get('/api/messages.php', ben)).json();
    expect(inbox.unread).toBe(2);
    expect(inbox.conversations).toHaveLength(1);
    expect(inbox.conversations[0]).toMatchObject({
      member: { user_id: String(ann.userId), username: 'ann' },
      last: { body: 'You are welcome', from_me: false },
      unread: 2,
    });
    const thread = (await get(`/api/messages.php?with=${ann.userId}`, ben)).json();
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([
      'You are welcome',
      'Thanks Ann',
      'Hello Ben, nice uploads!',
    ]);
    expect(thread.messages.map((m: { from_me: boolean }) => m.from_me)).toEqual([
      false,
      true,
      false,
    ]);

    const read = await post(
      '/api/messages.php',
      { section: 'read', with: String(ann.userId) },
      ben,
    );
    expect(read.json()).toEqual({ success: 1, read: 2 });
    expect((await get('/api/messages.php', ben)).json().unread).toBe(0);
    // Ann's own messages to Ben show as read to her now; hers from Ben stay unread.
    const annThread = (await get(`/api/messages.php?with=${ben.userId}`, ann)).json();
    expect(annThread.messages[0]).toMatchObject({ from_me: true, read: true });
    expect((await get('/api/messages.php', ann)).json().unread).toBe(1);
  });

  it('keeps conversations private: a third member sees none of them and cannot mark them read', async () => {
    expect((await get('/api/messages.php', cid)).json().conversations).toEqual([]);
    const theirs = (await get(`/api/messages.php?with=${ann.userId}`, cid)).json();
    expect(theirs.messages).toEqual([]);
    const before = await messageRows();
    const read = await post(
      '/api/messages.php',
      { section: 'read', with: String(ben.userId) },
      cid,
    );
    expect(read.json()).toEqual({ success: 1, read: 0 });
    expect(await messageRows()).toEqual(before);
  });

  it('refuses visitors, oneself, unknown members and bad text, sending nothing', async () => {
    const before = await messageRows();
    const visitor = await send(undefined, ben.userId, 'hi there');
    expect(visitor.statusCode).toBe(401);
    expect((await get('/api/messages.php')).statusCode).toBe(401);
    expect((await send(ann, ann.userId, 'note to self')).json()).toMatchObject({
      code: 'message_cant_send_myself',
      codes: [{ field: 'notify' }],
    });
    expect((await send(ann, 99999999, 'hello?')).statusCode).toBe(404);
    expect((await send(ann, 'abc', 'hello?')).json()).toMatchObject({
      code: 'invalid_params',
      field: 'to',
    });
    expect((await send(ann, ben.userId, '   ')).json()).toMatchObject({
      code: 'required',
      codes: [{ field: 'message', code: 'required' }],
    });
    expect((await send(ann, ben.userId, 'x'.repeat(2001))).json()).toMatchObject({
      code: 'max_length',
      info: { length: 2000 },
    });
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/messages.php',
      headers: { cookie: ann.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `to=${ben.userId}&message=forged`,
    });
    expect(noToken.statusCode).toBe(403);
    for (const query of [
      'with=0',
      'with=abc',
      `with=${ann.userId}&page=0`,
      'page=abc',
      'page=100000',
    ]) {
      const bad = await get(`/api/messages.php?${query}`, ann);
      expect(bad.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, query).toBeLessThan(500);
    }
    expect((await post('/api/messages.php', { section: 'purge' }, ann)).json().code).toBe(
      'invalid_params',
    );
    expect(await messageRows()).toEqual(before);
  });
});
