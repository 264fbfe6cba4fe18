import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { videoPath } from '../../contracts/paths.ts';
import { createJobDefinitions } from '../jobs.ts';
import { createJobQueue } from '../kernel/jobs/queue.ts';
import { addBusinessDays } from './dmca.service.ts';

// DMCA notices over HTTP (decision 0049): staff record a notice naming a member's videos and
// act on it (takedown, strike, statement), the uploader counters from their uploads, the
// claimant gets a copy, and the restore job brings back what is due (and not what is not, nor
// what a lawsuit holds), taking the strike back.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let uploader: TestSession;
let other: TestSession;

const { get, post } = requests(() => t.app);
const SITE = 'http://site.test';

const strikes = async (userId: number) =>
  (
    await t.database.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM strikes WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).map((row) => (row.revoked ? 'revoked' : 'in force'));

const status = async (videoId: number) =>
  (await get(videoPath(300, videoId))).json().video.status_id as string;

const notice = (urls: string[], extra: Record<string, string> = {}) => ({
  claimant_name: 'Rita Rights',
  claimant_company: 'Rights Films LLC',
  claimant_email: 'legal@rights.example',
  claimant_address: '1 Studio Way, Burbank CA',
  claimant_phone: '+1 555 0100',
  works: 'The film “Sunset Rider” (2021)',
  urls: urls.join('\n'),
  good_faith: '1',
  signature: 'Rita Rights',
  ...extra,
});

const counterForm = (itemId: number) => ({
  item_id: String(itemId),
  name: 'Upton Loader',
  address: '5 Main St, Springfield',
  phone: '+1 555 0199',
  mistake: '1',
  consent: '1',
  signature: 'Upton Loader',
});

/** Makes the countered items of these videos due (their waiting period over). */
const makeDue = (videoIds: number[]) =>
  t.database.query(
    `UPDATE dmca_items SET restore_after = now() - interval '1 minute'
      WHERE video_id = ANY($1::int[]) AND state = 'countered'`,
    [videoIds],
  );

const myItem = async (session: TestSession, videoId: number) => {
  const mine = (await get('/api/my_uploads.php', session)).json();
  return mine.items.find((item: { id: number }) => item.id === videoId);
};

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: SITE } });
  uploader = await signInAs(t.app, t.database, 'dmcauploader');
  other = await signInAs(t.app, t.database, 'dmcaother');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'dmcamod');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('addBusinessDays', () => {
  it('skips Saturdays and Sundays', () => {
    // Friday 2025-01-03 + 1 business day = Monday 2025-01-06; + 10 = Friday 2025-01-17.
    const friday = new Date('2025-01-03T12:00:00Z');
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2025-01-06T12:00:00.000Z');
    expect(addBusinessDays(friday, 10).toISOString()).toBe('2025-01-17T12:00:00.000Z');
    expect(addBusinessDays(friday, 0).toISOString()).toBe(friday.toISOString());
  });
});

describe('DMCA notices', () => {
  it('refuse bad input with field codes and record nothing', async () => {
    const bad = await post(
      '/api/admin/dmca',
      {
        claimant_email: 'not-an-email',
        works: 'x'.repeat(5001),
        urls: 'https://site.test/videos/1/a/\nftp://elsewhere',
        signature: '',
      },
      moderator,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([
      { field: 'claimant_name', code: 'required' },
      { field: 'claimant_email', code: 'eml_invalid' },
      { field: 'works', code: 'max_length' },
      { field: 'urls', code: 'invalid_url' },
      { field: 'good_faith', code: 'required' },
      { field: 'signature', code: 'required' },
    ]);
    const list = (await get('/api/admin/dmca', moderator)).json();
    expect(list.total).toBe(0);
    expect((await get('/api/admin/dmca?state=planet', moderator)).json().code).toBe(
      'invalid_params',
    );
  });

  it('refuse visitors and members', async () => {
    expect((await get('/api/admin/dmca')).json().code).toBe('need_auth');
    expect((await get('/api/admin/dmca', uploader)).json().code).toBe('no_permission');
    const res = await post('/api/admin/dmca', notice([`${SITE}/videos/1/x/`]), uploader);
    expect(res.json().code).toBe('no_permission');
  });

  it('take the named videos down with one strike; a counter-notice restores them when due', async () => {
    const first = await makeVideo(t.database, uploader.userId, { title: 'Sunset Rider cut' });
    const second = await makeVideo(t.database, uploader.userId, { title: 'Sunset Rider again' });
    const recorded = await post(
      '/api/admin/dmca',
      notice([
        `${SITE}/videos/${first.id}/sunset-rider-cut/`,
        `https://www.site.test/videos/${second.id}/x/`,
        'https://elsewhere.example/videos/3/y/',
        `${SITE}/videos/999999/gone/`,
      ]),
      moderator,
    );
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ success: 1, not_found: 2 });
    const noticeId = recorded.json().id as number;

    const list = (await get('/api/admin/dmca?state=received', moderator)).json();
    expect(list.items[0]).toMatchObject({
      id: noticeId,
      state: 'received',
      claimant_company: 'Rights Films LLC',
      items: 4,
      entered_by: 'dmcamod',
    });
    const before = (await get(`/api/admin/dmca/${noticeId}`, moderator)).json();
    expect(before.items.map((item: { state: string }) => item.state)).toEqual([
      'pending',
      'pending',
      'not_found',
      'not_found',
    ]);
    expect(before.items[0].uploader).toEqual({ id: uploader.userId, username: 'dmcauploader' });

    const sent = mailbox.messages.length;
    const acted = await post(`/api/admin/dmca/${noticeId}/act`, {}, moderator);
    expect(acted.json()).toEqual({ success: 1, taken_down: 2 });
    expect(await status(first.id)).toBe('5');
    expect(await status(second.id)).toBe('5');
    // One strike for the notice, though it names two of their videos.
    expect(await strikes(uploader.userId)).toEqual(['in force']);
    await mailbox.next('dmcauploader@test.example', { after: sent });
    // Per video the statement of the removal, with the way to a counter-notice; one strike.
    const mails = mailbox.messages.slice(sent);
    const removal = mails.filter((m) => /was removed from Afterglow/.test(m.subject ?? ''));
    expect(removal).toHaveLength(2);
    expect(removal[0]?.text).toContain('Send counter-notice');
    expect(
      mails.filter((m) => /^A strike against your account/.test(m.subject ?? '')),
    ).toHaveLength(1);
    expect((await post(`/api/admin/dmca/${noticeId}/act`, {}, moderator)).json().codes).toEqual([
      { field: 'state', code: 'already_added' },
    ]);

    const after = (await get(`/api/admin/dmca/${noticeId}`, moderator)).json();
    expect(after.state).toBe('actioned');
    const [firstItem, secondItem] = after.items;
    expect(firstItem.state).toBe('taken_down');

    // The member's uploads show the removal with the way to counter it.
    const mine = await myItem(uploader, first.id);
    expect(mine.dmca).toMatchObject({
      item_id: firstItem.id,
      state: 'taken_down',
      claimant: 'Rights Films LLC',
      can_counter: true,
    });

    // Counter-notices: only the owner, complete, once.
    expect((await post('/api/counter_notice.php', counterForm(firstItem.id))).json().code).toBe(
      'need_auth',
    );
    expect(
      (await post('/api/counter_notice.php', counterForm(firstItem.id), other)).json().code,
    ).toBe('not_found');
    expect(
      (await post('/api/counter_notice.php', counterForm(firstItem.id), moderator)).json().code,
    ).toBe('not_found');
    const incomplete = await post(
      '/api/counter_notice.php',
      { item_id: String(firstItem.id), name: 'x'.repeat(201) },
      uploader,
    );
    expect(incomplete.json().codes).toEqual([
      { field: 'name', code: 'max_length' },
      { field: 'address', code: 'required' },
      { field: 'phone', code: 'required' },
      { field: 'mistake', code: 'required' },
      { field: 'consent', code: 'required' },
      { field: 'signature', code: 'required' },
    ]);
    const toClaimant = mailbox.messages.length;
    const asked = new Date();
    const countered = await post('/api/counter_notice.php', counterForm(firstItem.id), uploader);
    expect(countered.statusCode).toBe(200);
    const restoreAfter = new Date(countered.json().restore_after as string);
    // Ten business days from the counter-notice: 12 to 14 days, by the weekday it came on
    // (two weeks from a weekday, 13 days from a Saturday).
    expect(restoreAfter.getTime()).toBeGreaterThanOrEqual(addBusinessDays(asked, 10).getTime());
    expect(restoreAfter.getTime()).toBeLessThanOrEqual(addBusinessDays(new Date(), 10).getTime());
    expect(restoreAfter.getTime() - asked.getTime()).toBeGreaterThanOrEqual(12 * 86_400_000);
    expect(
      (await post('/api/counter_notice.php', counterForm(firstItem.id), uploader)).json().codes,
    ).toEqual([{ field: 'item_id', code: 'already_added' }]);
    const copy = await mailbox.next('legal@rights.example', { after: toClaimant });
    expect(copy.mail.subject).toBe(`DMCA notice ${noticeId}: counter-notice received`);
    expect(copy.mail.text).toContain('Upton Loader');
    expect(copy.mail.text).toContain('penalty of perjury');
    expect((await myItem(uploader, first.id)).dmca).toMatchObject({
      state: 'countered',
      can_counter: false,
    });

    // The second one is countered too, but the claimant sues over it.
    await post('/api/counter_notice.php', counterForm(secondItem.id), uploader);
    const lawsuit = await post(
      `/api/admin/dmca/items/${secondItem.id}/lawsuit`,
      { note: 'Case 2:25-cv-00001, C.D. Cal.' },
      moderator,
    );
    expect(lawsuit.json()).toEqual({ success: 1 });
    expect(
      (await post(`/api/admin/dmca/items/${secondItem.id}/lawsuit`, {}, moderator)).json().codes,
    ).toEqual([{ field: 'state', code: 'invalid_params' }]);

    // Not due yet: nothing comes back.
    expect(await t.app.dmcaRestoreDue()).toBe(0);
    expect(await status(first.id)).toBe('5');

    // Due: the job restores the first, not the one under a lawsuit.
    await makeDue([first.id, second.id]);
    const queue = createJobQueue(
      t.database,
      createJobDefinitions({
        database: t.database,
        storage: t.storage,
        config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
        app: () => t.app,
      }),
      pino({ level: 'silent' }),
    );
    await queue.start();
    const restoredMail = mailbox.messages.length;
    try {
      const job = await queue.send('dmca.restore', {});
      await queue.waitFor('dmca.restore', job, 30_000);
    } finally {
      await queue.stop(5000);
    }
    expect(await status(first.id)).toBe('1');
    expect(await status(second.id)).toBe('5');
    // The strike stands while a video of the notice stays down (the lawsuit holds one).
    expect(await strikes(uploader.userId)).toEqual(['in force']);
    const items = (await get(`/api/admin/dmca/${noticeId}`, moderator)).json().items;
    expect(items.slice(0, 2).map((item: { state: string }) => item.state)).toEqual([
      'restored',
      'lawsuit',
    ]);
    const back = await mailbox.next('dmcauploader@test.example', { after: restoredMail });
    expect(back.mail.subject).toBe('Your video “Sunset Rider cut” is back on Afterglow');
    await mailbox.next('legal@rights.example', { after: restoredMail });

    // The audit trail: record, the takedowns, the action, the lawsuit, the system's restore.
    const audit = (await get(`/api/admin/audit?object_type=dmca&object_id=${noticeId}`, moderator))
      .json()
      .items.map((row: { action: string }) => row.action);
    expect(audit).toEqual(['dmca.lawsuit', 'dmca.action', 'dmca.record']);
    const [restoreRow] = await t.database.query<{ actor_id: number; actor_role: string }>(
      `SELECT actor_id, actor_role FROM audit_log WHERE action = 'dmca.restore' AND object_id = $1`,
      [first.id],
    );
    expect(restoreRow).toEqual({ actor_id: 0, actor_role: 'system' });
  });

  it('reject a notice with a note, and nothing is taken down', async () => {
    const video = await makeVideo(t.database, other.userId, { title: 'Innocent clip' });
    const recorded = await post(
      '/api/admin/dmca',
      notice([`${SITE}/videos/${video.id}/innocent-clip/`]),
      moderator,
    );
    const id = recorded.json().id as number;
    expect((await post(`/api/admin/dmca/${id}/reject`, {}, moderator)).json().codes).toEqual([
      { field: 'note', code: 'required' },
    ]);
    expect(
      (
        await post(`/api/admin/dmca/${id}/reject`, { note: 'Not the claimant’s work' }, moderator)
      ).json(),
    ).toEqual({ success: 1 });
    expect((await post(`/api/admin/dmca/${id}/act`, {}, moderator)).json().codes).toEqual([
      { field: 'state', code: 'already_added' },
    ]);
    expect(await status(video.id)).toBe('1');
    expect(await strikes(other.userId)).toEqual([]);
    const rejected = (await get('/api/admin/dmca?state=rejected', moderator)).json();
    expect(rejected.items.map((row: { id: number }) => row.id)).toEqual([id]);
  });

  it('the notice that brings a member to the strike limit bans them (repeat infringer)', async () => {
    const infringer = await signInAs(t.app, t.database, 'dmcarepeat');
    for (const title of ['Copy one', 'Copy two', 'Copy three']) {
      const clip = await makeVideo(t.database, infringer.userId, { title });
      const recorded = await post(
        '/api/admin/dmca',
        notice([`${SITE}/videos/${clip.id}/x/`]),
        moderator,
      );
      const acted = await post(`/api/admin/dmca/${recorded.json().id}/act`, {}, moderator);
      expect(acted.json()).toEqual({ success: 1, taken_down: 1 });
    }
    expect(await strikes(infringer.userId)).toEqual(['in force', 'in force', 'in force']);
    // The third strike (STRIKES_TO_BAN is 3) banned them: signed out, refused at sign-in.
    const [ban] = await t.database.query<{ reason: string; staff_id: number | null }>(
      'SELECT reason, staff_id FROM bans WHERE user_id = $1 AND lifted_at IS NULL',
      [infringer.userId],
    );
    expect(ban).toEqual({ reason: 'repeat_infringer', staff_id: null });
    expect((await get('/api/my_uploads.php', infringer)).json().code).toBe('need_auth');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login.php',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-requested-with': 'XMLHttpRequest',
      },
      payload: new URLSearchParams({ usr: 'dmcarepeat', pwd: 'test-password' }).toString(),
    });
    expect(signIn.json().code).toBe('account_banned');
  });
});

describe('DMCA items and the takedowns that hold their videos', () => {
  interface Item {
    id: number;
    state: string;
    takedown_id: number | null;
    restored_at: string | null;
  }

  /** Records a notice naming these URLs and acts on it; answers its items. */
  const recordAndAct = async (urls: string[]) => {
    const recorded = await post('/api/admin/dmca', notice(urls), moderator);
    expect(recorded.statusCode).toBe(200);
    const noticeId = recorded.json().id as number;
    const acted = await post(`/api/admin/dmca/${noticeId}/act`, {}, moderator);
    expect(acted.statusCode).toBe(200);
    return { noticeId, items: await itemsOf(noticeId) };
  };

  const itemsOf = async (noticeId: number) =>
    (await get(`/api/admin/dmca/${noticeId}`, moderator)).json().items as Item[];

  const takedownInForce = async (takedownId: number) =>
    (
      await t.database.query<{ in_force: boolean }>(
        'SELECT restored_at IS NULL AS in_force FROM takedowns WHERE id = $1',
        [takedownId],
      )
    )[0]?.in_force;

  /** The "your video is back" and "material restored" mails sent since `since`. */
  const restoreMails = (since: number) =>
    mailbox.messages
      .slice(since)
      .filter((m) => /is back on Afterglow|material restored/.test(m.subject ?? ''));

  it('record one item per video, however many of its URLs a notice lists', async () => {
    const member = await signInAs(t.app, t.database, 'dmcatwice');
    const video = await makeVideo(t.database, member.userId, { title: 'Named twice' });
    const recorded = await post(
      '/api/admin/dmca',
      notice([
        `${SITE}/videos/${video.id}/named-twice/`,
        `https://www.site.test/videos/${video.id}/other-slug/`,
      ]),
      moderator,
    );
    expect(recorded.json()).toMatchObject({ success: 1, not_found: 0 });
    const items = await itemsOf(recorded.json().id as number);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ url: `${SITE}/videos/${video.id}/named-twice/` });
  });

  it('a video already removed for something else is neither countered nor restored', async () => {
    const member = await signInAs(t.app, t.database, 'dmcagore');
    const video = await makeVideo(t.database, member.userId, { title: 'Removed for gore' });
    const gore = await post(
      '/api/admin/takedowns',
      { object_type: 'video', object_id: String(video.id), reason: 'gore' },
      moderator,
    );
    expect(gore.statusCode).toBe(200);
    const goreId = gore.json().takedown_id as number;

    const { noticeId, items } = await recordAndAct([`${SITE}/videos/${video.id}/x/`]);
    const [item] = items;
    if (!item) throw new Error('no item');
    // Down, but not by this notice: it holds no takedown and earns no strike.
    expect(item).toMatchObject({ state: 'taken_down', takedown_id: null });
    expect(await strikes(member.userId)).toEqual([]);

    // The uploads tab tells the gore removal (appealable as such), offers no counter-notice.
    const mine = await myItem(member, video.id);
    expect(mine.dmca).toBeNull();
    expect(mine.statement).toMatchObject({ reason: 'gore', can_appeal: true });
    const refused = await post('/api/counter_notice.php', counterForm(item.id), member);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().codes).toEqual([{ field: 'item_id', code: 'invalid_params' }]);
    // Nor may staff hang a lawsuit on it: the notice holds nothing to keep down.
    expect(
      (await post(`/api/admin/dmca/items/${item.id}/lawsuit`, {}, moderator)).json().codes,
    ).toEqual([{ field: 'state', code: 'invalid_params' }]);

    // One countered before such items were refused, now due: settled, the video stays down.
    await t.database.query(
      `UPDATE dmca_items SET state = 'countered', counter_at = now(),
              restore_after = now() - interval '1 minute' WHERE id = $1`,
      [item.id],
    );
    const sent = mailbox.messages.length;
    await t.app.dmcaRestoreDue();
    expect(await status(video.id)).toBe('5');
    expect(await takedownInForce(goreId)).toBe(true);
    expect(restoreMails(sent)).toEqual([]);
    expect((await itemsOf(noticeId))[0]?.state).toBe('restored');
  });

  it('a takedown lifted by hand settles its item, and the strike once nothing else holds', async () => {
    const member = await signInAs(t.app, t.database, 'dmcahand');
    const only = await makeVideo(t.database, member.userId, { title: 'Licensed after all' });
    const single = await recordAndAct([`${SITE}/videos/${only.id}/x/`]);
    const [item] = single.items;
    expect(item?.state).toBe('taken_down');
    expect(await strikes(member.userId)).toEqual(['in force']);
    const lifted = await post(
      `/api/admin/takedowns/${item?.takedown_id}/restore`,
      { note: 'Licence shown' },
      moderator,
    );
    expect(lifted.json()).toEqual({ success: 1 });
    expect(await status(only.id)).toBe('1');
    const [settled] = await itemsOf(single.noticeId);
    expect(settled?.state).toBe('restored');
    expect(settled?.restored_at).not.toBeNull();
    expect(await strikes(member.userId)).toEqual(['revoked']);

    // Two videos named, one lifted: the other still holds the notice's strike.
    const first = await makeVideo(t.database, member.userId, { title: 'Pair one' });
    const second = await makeVideo(t.database, member.userId, { title: 'Pair two' });
    const pair = await recordAndAct([
      `${SITE}/videos/${first.id}/x/`,
      `${SITE}/videos/${second.id}/x/`,
    ]);
    expect(await strikes(member.userId)).toEqual(['revoked', 'in force']);
    const [one] = pair.items;
    expect(
      (await post(`/api/admin/takedowns/${one?.takedown_id}/restore`, {}, moderator)).json(),
    ).toEqual({ success: 1 });
    expect((await itemsOf(pair.noticeId)).map((row) => row.state)).toEqual([
      'restored',
      'taken_down',
    ]);
    expect(await strikes(member.userId)).toEqual(['revoked', 'in force']);
    expect(await status(second.id)).toBe('5');
  });

  it('a countered video its owner deleted meanwhile is not restored, and no one is told so', async () => {
    const member = await signInAs(t.app, t.database, 'dmcadeleter');
    const video = await makeVideo(t.database, member.userId, { title: 'Deleted while waiting' });
    const { noticeId, items } = await recordAndAct([`${SITE}/videos/${video.id}/x/`]);
    const [item] = items;
    if (!item?.takedown_id) throw new Error('no takedown');
    const countered = await post('/api/counter_notice.php', counterForm(item.id), member);
    expect(countered.statusCode).toBe(200);
    const deleted = await post(
      '/api/video_edit.php',
      { section: 'delete', video_id: String(video.id) },
      member,
    );
    expect(deleted.statusCode).toBe(200);

    await makeDue([video.id]);
    const sent = mailbox.messages.length;
    await t.app.dmcaRestoreDue();
    expect(restoreMails(sent)).toEqual([]);
    expect(await takedownInForce(item.takedown_id)).toBe(true);
    const [row] = await t.database.query<{ status_id: number }>(
      'SELECT status_id FROM videos WHERE id = $1',
      [video.id],
    );
    expect(Number(row?.status_id)).toBe(5);
    expect(
      await t.database.query(
        `SELECT 1 FROM audit_log WHERE action = 'dmca.restore' AND object_id = $1`,
        [video.id],
      ),
    ).toEqual([]);
    // Settled as gone, not due again.
    expect((await itemsOf(noticeId))[0]?.state).toBe('not_found');

    const byHand = await post(`/api/admin/takedowns/${item.takedown_id}/restore`, {}, moderator);
    expect(byHand.json().code).toBe('not_found');
    expect(await takedownInForce(item.takedown_id)).toBe(true);
  });

  it('a countered one-video notice, restored by the job, takes its strike back', async () => {
    const member = await signInAs(t.app, t.database, 'dmcacleared');
    const video = await makeVideo(t.database, member.userId, { title: 'Mine after all' });
    const { noticeId, items } = await recordAndAct([`${SITE}/videos/${video.id}/x/`]);
    const [item] = items;
    if (!item) throw new Error('no item');
    const strikeInForce = async () =>
      (await get('/api/my_decisions.php', member))
        .json()
        .items.filter((row: { kind: string }) => row.kind === 'strike')
        .map((row: { in_force: boolean }) => row.in_force);
    expect(await strikeInForce()).toEqual([true]);

    expect((await post('/api/counter_notice.php', counterForm(item.id), member)).statusCode).toBe(
      200,
    );
    await makeDue([video.id]);
    const sent = mailbox.messages.length;
    await t.app.dmcaRestoreDue();
    expect(await status(video.id)).toBe('1');
    expect(await strikes(member.userId)).toEqual(['revoked']);
    expect(await strikeInForce()).toEqual([false]);
    expect(restoreMails(sent).map((m) => m.subject)).toEqual([
      'Your video “Mine after all” is back on Afterglow',
      `DMCA notice ${noticeId}: material restored`,
    ]);
  });
});

describe('the DMCA notices list searched', () => {
  it('finds part of the claimant, the works or a URL, any case, % and _ as typed', async () => {
    const record = async (fields: Record<string, string>) => {
      const res = await post('/api/admin/dmca', fields, moderator);
      expect(res.json()).toMatchObject({ success: 1 });
      return res.json().id as number;
    };
    const harbour = await record(
      notice(['https://mirror.example/clips/lighthouse_99/'], {
        claimant_name: 'Quentin Quill',
        claimant_company: '',
        claimant_email: 'legal@quill.example',
        works: 'The film “Harbour Lights”',
      }),
    );
    const ocean = await record(
      notice(['https://other.example/ocean-waves/'], {
        claimant_company: 'Tidal Tunes Ltd',
        works: 'The song “100% Ocean”',
      }),
    );
    const found = async (query: string, state = '') => {
      const res = await get(
        `/api/admin/dmca?q=${encodeURIComponent(query)}${state ? `&state=${state}` : ''}`,
        moderator,
      );
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: { id: number }[]; total: number }>();
      expect(page.total).toBe(page.items.length);
      return page.items.map((row) => row.id);
    };

    expect(await found('quentin')).toEqual([harbour]);
    expect(await found('QUILL.EXAMPLE')).toEqual([harbour]);
    expect(await found('harbour lights')).toEqual([harbour]);
    expect(await found('tidal tunes')).toEqual([ocean]);
    expect(await found('ocean-waves')).toEqual([ocean]);
    expect(await found('lighthouse_99', 'received')).toEqual([harbour]);
    expect(await found('  100%  ')).toEqual([ocean]);
    // Typed wildcards match themselves only.
    expect(await found('lighthouse%99')).toEqual([]);
    expect(await found('lighthouse_9_')).toEqual([]);
    expect(await found('1%0')).toEqual([]);
    expect(await found('harbour', 'rejected')).toEqual([]);
    expect(await found('no notice says this')).toEqual([]);

    const long = await get(`/api/admin/dmca?q=${'q'.repeat(101)}`, moderator);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'invalid_params', field: 'q' });
    expect((await get('/api/admin/dmca?q=quentin', uploader)).json().code).toBe('no_permission');
  });
});
