import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import type { MyDecision, MyDecisions } from '../../contracts/my-decisions.schema.ts';
import { recordStrike } from './strikes.repository.ts';

// The member's moderation decisions besides their videos' (DSA art. 20) over HTTP: a comment
// and a playlist taken down, a strike given by hand, all comments removed at once, a DMCA
// notice's strike and a ban are listed newest first with what they are about; those a member
// may appeal are appealable once, the appeal waits in the console's appeals; a ban and a
// notice's strike are not; a restored object links to its page; each member reads only their
// own; a visitor is asked to sign in.

let t: TestApp;
let member: TestSession;
let bystander: TestSession;
let moderator: TestSession;
let colleague: TestSession;

const { get, post } = requests(() => t.app);

const decisions = async (session?: TestSession, page = 1) =>
  (await get(`/api/my_decisions.php?page=${page}`, session)).json<MyDecisions>();

/** Signs an existing member in again (a ban deleted their sessions). */
async function signInAgain(username: string): Promise<TestSession> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login.php',
    payload: { usr: username, pwd: 'test-password' },
  });
  expect(res.statusCode).toBe(200);
  const sid = res.cookies.find((c) => c.name === 'sid' || c.name === '__Host-sid');
  const cookie = `${sid?.name}=${sid?.value}`;
  const csrf = String(res.json().csrf);
  return {
    userId: member.userId,
    username,
    cookie,
    csrf,
    headers: { cookie, 'x-csrf-token': csrf },
    setCookie: '',
  };
}

async function comment(videoId: number, msg: string, session: TestSession): Promise<number> {
  const res = await post(
    '/api/stat.php',
    { act: 'comm', section: 'video', object_id: String(videoId), msg },
    session,
  );
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.query<{ id: number }>(
    'SELECT id FROM comments WHERE body = $1 ORDER BY id DESC LIMIT 1',
    [msg],
  );
  return Number(row?.id);
}

async function takeDown(objectType: string, objectId: number, reason: string, note = '') {
  const res = await post(
    '/api/admin/takedowns',
    { object_type: objectType, object_id: String(objectId), reason, note },
    moderator,
  );
  expect(res.statusCode).toBe(200);
  return res.json().takedown_id as number;
}

const appeal = (id: number, session: TestSession, text = 'It was a fair comment.') =>
  post('/api/appeal.php', { statement_id: String(id), text }, session);

let videoId: number;
let commentId: number;
let playlistId: number;
let playlistTakedown: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await signInAs(t.app, t.database, 'decidedmember');
  bystander = await signInAs(t.app, t.database, 'decidedother');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'decisionsmod');
  colleague = await signInAsStaff(t.app, t.database, 'moderator', 'decisionscolleague');

  ({ id: videoId } = await makeVideo(t.database, bystander.userId, { title: 'A talked clip' }));
  // 1. A comment taken down.
  commentId = await comment(videoId, 'Visit my shop for cheap pills today', member);
  await takeDown('comment', commentId, 'spam', 'Advertising');
  // 2. A playlist taken down.
  const created = await post(
    '/api/input.php',
    {
      act: 'playlist',
      section: 'new',
      title: 'Borrowed picks',
      desc: 'A playlist to take down',
      visible: '1',
      orientation: 'str',
      categories: '',
      video_id: String(videoId),
    },
    member,
  );
  expect(created.statusCode).toBe(200);
  playlistId = Number(created.json().playlist_id);
  playlistTakedown = await takeDown('playlist', playlistId, 'copyright');
  // 3. A strike given by hand.
  const struck = await post(
    `/api/admin/members/${member.userId}/strikes`,
    { reason: 'spam', note: 'Spam in comments again' },
    moderator,
  );
  expect(struck.statusCode).toBe(200);
  // 4. Every comment removed at once.
  await comment(videoId, 'Another advert for my shop', member);
  const removed = await post(
    `/api/admin/members/${member.userId}/comments/remove`,
    { reason: 'spam', note: '' },
    moderator,
  );
  expect(removed.json()).toMatchObject({ removed: 1 });
  // 5. A strike a DMCA notice earned (the notice's own machinery is dmca.int.test.ts's).
  await t.database.transaction(async (tx) => {
    const [notice] = await tx.query<{ id: number }>(
      `INSERT INTO dmca_notices (claimant_name, claimant_email, works, signature)
       VALUES ('Studio', 'legal@studio.example', 'Our film', 'Studio') RETURNING id`,
    );
    await recordStrike(tx, {
      userId: member.userId,
      reason: 'copyright',
      note: '',
      takedownId: null,
      dmcaNoticeId: Number(notice?.id),
      staffId: null,
    });
  });
  // A video of theirs taken down: read in the uploads tab, not here.
  const { id: ownVideo } = await makeVideo(t.database, member.userId, { title: 'Own clip' });
  await takeDown('video', ownVideo, 'quality');
  // 6. A ban, lifted so that the member can sign in and read it.
  const banned = await post(
    `/api/admin/members/${member.userId}/ban`,
    { reason: 'other', note: 'Harassment', hide_content: '0' },
    moderator,
  );
  expect(banned.statusCode).toBe(200);
  expect((await decisions(member)).items).toBeUndefined();
  const lifted = await post(`/api/admin/members/${member.userId}/unban`, {}, moderator);
  expect(lifted.statusCode).toBe(200);
  member = await signInAgain('decidedmember');

  // The bystander has one decision of their own.
  const theirs = await post(
    `/api/admin/members/${bystander.userId}/strikes`,
    { reason: 'other', note: 'Bystander strike' },
    moderator,
  );
  expect(theirs.statusCode).toBe(200);
}, 90_000);

afterAll(async () => {
  await t?.close();
});

const find = (items: MyDecision[], kind: MyDecision['kind'], dmca = false) => {
  const found = items.find((item) => item.kind === kind && item.dmca === dmca);
  if (!found) throw new Error(`no ${kind} in ${JSON.stringify(items)}`);
  return found;
};

describe('the member’s moderation decisions', () => {
  it('lists every decision but the videos’, newest first, with what it is about', async () => {
    const res = await get('/api/my_decisions.php', member);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json<MyDecisions>();
    expect(list).toMatchObject({ total: 6, page: 1, pages: 1 });
    expect(list.items.map((item) => [item.kind, item.dmca, item.can_appeal])).toEqual([
      ['ban', false, false],
      ['strike', true, false],
      ['comments', false, true],
      ['strike', false, true],
      ['playlist', false, true],
      ['comment', false, true],
    ]);
    expect(find(list.items, 'comment')).toMatchObject({
      decision: 'removed',
      title: 'Visit my shop for cheap pills today',
      url: '',
      in_force: true,
      reason: 'spam',
      note: 'Advertising',
      appeal_state: 'none',
    });
    expect(find(list.items, 'playlist')).toMatchObject({
      title: 'Borrowed picks',
      reason: 'copyright',
      in_force: true,
    });
    expect(find(list.items, 'strike')).toMatchObject({
      decision: 'strike',
      title: '',
      note: 'Spam in comments again',
      in_force: true,
    });
    expect(find(list.items, 'comments')).toMatchObject({ decision: 'removed', title: '' });
    // The ban was lifted: it no longer holds, and it is never appealed here.
    expect(find(list.items, 'ban')).toMatchObject({
      decision: 'banned',
      reason: 'other',
      in_force: false,
    });
    expect(list.items.every((item) => !Number.isNaN(Date.parse(item.created_at)))).toBe(true);
    expect((await decisions(member, 2)).items).toEqual([]);
  });

  it('an appeal waits in the console’s appeals, once', async () => {
    const before = await decisions(member);
    const target = find(before.items, 'comment');
    const res = await appeal(target.id, member);
    expect(res.json()).toEqual({ success: 1, video_id: 0, state: 'appealed' });
    expect((await appeal(target.id, member, 'Again')).json().code).toBe('already_added');

    const after = find((await decisions(member)).items, 'comment');
    expect(after).toMatchObject({ appeal_state: 'open', can_appeal: false, in_force: true });

    const appeals = (await get('/api/admin/appeals', moderator)).json();
    expect(appeals.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: target.id,
          member: { id: member.userId, username: 'decidedmember' },
          object_type: 'comment',
          decision: 'removed',
          reason: 'spam',
          appeal_text: 'It was a fair comment.',
        }),
      ]),
    );
  });

  it('a strike given by hand and all comments removed are appealable too', async () => {
    const { items } = await decisions(member);
    for (const kind of ['strike', 'comments'] as const) {
      const res = await appeal(find(items, kind).id, member, `Contesting the ${kind}`);
      expect(res.json()).toMatchObject({ success: 1, state: 'appealed' });
    }
    const now = (await decisions(member)).items;
    expect(find(now, 'strike')).toMatchObject({ appeal_state: 'open', can_appeal: false });
    expect(find(now, 'comments')).toMatchObject({ appeal_state: 'open', can_appeal: false });
  });

  it('another moderator’s reversal brings the removed comments back', async () => {
    const shown = async () =>
      (
        await t.database.query<{ body: string }>(
          'SELECT body FROM comments WHERE user_id = $1 AND status = 1 ORDER BY id',
          [member.userId],
        )
      ).map((row) => row.body);
    expect(await shown()).toEqual([]);
    const { items } = await decisions(member);
    const all = find(items, 'comments');
    const one = find(items, 'comment');
    const appeals = (await get('/api/admin/appeals', colleague)).json();
    expect(appeals.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: all.id, title: "All of the member's comments" }),
        expect.objectContaining({ id: one.id, title: 'Visit my shop for cheap pills today' }),
      ]),
    );

    // All at once: the comment one takedown holds stays down.
    const reversed = await post(`/api/admin/appeals/${all.id}`, { decision: 'reverse' }, colleague);
    expect(reversed.json()).toEqual({ success: 1 });
    expect(await shown()).toEqual(['Another advert for my shop']);
    expect(find((await decisions(member)).items, 'comments')).toMatchObject({
      appeal_state: 'reversed',
      in_force: false,
      can_appeal: false,
    });

    // The one comment: its takedown is restored and its page linked.
    const back = await post(`/api/admin/appeals/${one.id}`, { decision: 'reverse' }, colleague);
    expect(back.json()).toEqual({ success: 1 });
    expect(await shown()).toEqual([
      'Visit my shop for cheap pills today',
      'Another advert for my shop',
    ]);
    const video = (
      await t.database.query<{ dir: string; comments_count: number }>(
        'SELECT dir, comments_count FROM videos WHERE id = $1',
        [videoId],
      )
    )[0];
    expect(Number(video?.comments_count)).toBe(2);
    expect(find((await decisions(member)).items, 'comment')).toMatchObject({
      appeal_state: 'reversed',
      in_force: false,
      url: `/videos/${videoId}/${video?.dir}/`,
    });

    const audited = async (type: string, id: number) =>
      (await get(`/api/admin/audit?object_type=${type}&object_id=${id}`, moderator))
        .json()
        .items.map((row: { action: string }) => row.action);
    expect(await audited('member', member.userId)).toContain('appeal.reverse');
    // The restore is the appeal's act: one row for it.
    expect(await audited('comment', commentId)).toEqual(['appeal.reverse', 'comment.takedown']);
  });

  it('refuses a ban and a DMCA notice’s strike, and changes nothing', async () => {
    const { items } = await decisions(member);
    const ban = await appeal(find(items, 'ban').id, member);
    expect(ban.json()).toMatchObject({ code: 'no_permission', info: { reason: 'not_appealable' } });
    const dmca = await appeal(find(items, 'strike', true).id, member);
    expect(dmca.json()).toMatchObject({
      code: 'no_permission',
      info: { reason: 'dmca_counter_notice' },
    });
    const again = (await decisions(member)).items;
    expect(find(again, 'ban').appeal_state).toBe('none');
    expect(find(again, 'strike', true).appeal_state).toBe('none');
  });

  it('a restored playlist links to its page and is no longer appealable', async () => {
    const restored = await post(
      `/api/admin/takedowns/${playlistTakedown}/restore`,
      { note: 'Licensed after all' },
      moderator,
    );
    expect(restored.statusCode).toBe(200);
    expect(find((await decisions(member)).items, 'playlist')).toMatchObject({
      url: `/playlist/${playlistId}/1/`,
      in_force: false,
      can_appeal: false,
    });
    // The endpoint says what the list says: nothing to appeal, and no appeal queued.
    const playlist = find((await decisions(member)).items, 'playlist');
    const refused = await appeal(playlist.id, member, 'It is back, but still');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'no_permission',
      field: 'statement_id',
      info: { reason: 'not_in_force' },
    });
    expect(find((await decisions(member)).items, 'playlist').appeal_state).toBe('none');
    const appeals = (await get('/api/admin/appeals', moderator)).json();
    expect(appeals.items.map((item: { id: number }) => item.id)).not.toContain(playlist.id);
  });

  it('each member reads only their own; a visitor is asked to sign in', async () => {
    const theirs = await decisions(bystander);
    expect(theirs.total).toBe(1);
    expect(theirs.items).toMatchObject([
      { kind: 'strike', note: 'Bystander strike', can_appeal: true },
    ]);
    const mine = await decisions(member);
    expect(mine.items.some((item) => item.note === 'Bystander strike')).toBe(false);
    // Nor can another member appeal what is not about them.
    const notTheirs = await appeal(find(mine.items, 'playlist').id, bystander);
    expect(notTheirs.json().code).toBe('no_permission');

    const visitor = await get('/api/my_decisions.php');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('need_auth');
  });

  it('answers a bad page with invalid_params', async () => {
    for (const page of ['0', 'x', '99999999']) {
      const res = await get(`/api/my_decisions.php?page=${page}`, member);
      expect(res.json()).toMatchObject({ code: 'invalid_params', field: 'page' });
    }
  });
});
