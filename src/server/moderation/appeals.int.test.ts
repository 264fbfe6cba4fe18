import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { videoPath } from '../../contracts/paths.ts';
import { recordStrike } from './strikes.repository.ts';

// Appeals of removals and strikes (decision 0049): the member appeals from their uploads, the
// appeal waits in the console, and only a staff member other than the one who decided
// upholds it or reverses it; reversing a removal puts the video back and takes its strike
// back, reversing a strike takes it back. A DMCA removal is countered, not appealed.

let t: TestApp;
let moderator: TestSession;
let colleague: TestSession;
let uploader: TestSession;
let other: TestSession;

const { get, post } = requests(() => t.app);

const status = async (videoId: number) =>
  (await get(videoPath(300, videoId))).json().video.status_id as string;

const strikesOf = async (userId: number) =>
  (
    await t.database.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM strikes WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).map((row) => (row.revoked ? 'revoked' : 'in force'));

/** The moderator takes the video down, with a strike in the takedown's transaction. */
async function takeDownWithStrike(videoId: number): Promise<{ statementId: number }> {
  const res = await post(
    '/api/admin/takedowns',
    { object_type: 'video', object_id: String(videoId), reason: 'spam', note: 'Advert' },
    moderator,
  );
  expect(res.statusCode).toBe(200);
  const takedownId = res.json().takedown_id as number;
  await t.database.transaction((tx) =>
    recordStrike(tx, {
      userId: uploader.userId,
      reason: 'spam',
      note: '',
      takedownId,
      dmcaNoticeId: null,
      staffId: moderator.userId,
    }),
  );
  const [row] = await t.database.query<{ id: number }>(
    `SELECT id FROM moderation_statements WHERE object_type = 'video' AND object_id = $1
        AND decision = 'removed' ORDER BY id DESC LIMIT 1`,
    [videoId],
  );
  return { statementId: Number(row?.id) };
}

const mine = async (videoId: number) =>
  (await get('/api/my_uploads.php', uploader))
    .json()
    .items.find((item: { id: number }) => item.id === videoId);

beforeAll(async () => {
  t = await createTestApp();
  uploader = await signInAs(t.app, t.database, 'appealuploader');
  other = await signInAs(t.app, t.database, 'appealother');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'appealmod');
  colleague = await signInAsStaff(t.app, t.database, 'moderator', 'appealcolleague');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('appeals of removals', () => {
  it('a reversal by another moderator restores the video and revokes its strike', async () => {
    const { id } = await makeVideo(t.database, uploader.userId, { title: 'Not an advert' });
    const { statementId } = await takeDownWithStrike(id);
    expect(await status(id)).toBe('5');
    expect(await strikesOf(uploader.userId)).toEqual(['in force']);
    expect((await mine(id)).statement).toMatchObject({ decision: 'removed', can_appeal: true });

    // Only the member the statement is about appeals it.
    const notTheirs = await post(
      '/api/appeal.php',
      { statement_id: String(statementId), text: 'Mine' },
      other,
    );
    expect(notTheirs.json().code).toBe('no_permission');
    const appealed = await post(
      '/api/appeal.php',
      { statement_id: String(statementId), text: 'It is my own cooking video.' },
      uploader,
    );
    expect(appealed.json()).toEqual({ success: 1, video_id: id, state: 'appealed' });
    expect(
      (
        await post(
          '/api/appeal.php',
          { statement_id: String(statementId), text: 'Again' },
          uploader,
        )
      ).json().code,
    ).toBe('already_added');
    expect((await mine(id)).statement).toMatchObject({ appeal_state: 'open', can_appeal: false });

    // The console lists it; the moderator who decided may not answer it.
    expect((await get('/api/admin/appeals')).json().code).toBe('need_auth');
    expect((await get('/api/admin/appeals', uploader)).json().code).toBe('no_permission');
    const list = (await get('/api/admin/appeals', moderator)).json();
    expect(list.items).toMatchObject([
      {
        id: statementId,
        member: { username: 'appealuploader' },
        title: 'Not an advert',
        decision: 'removed',
        decided_by: 'appealmod',
        appeal_text: 'It is my own cooking video.',
        can_decide: false,
      },
    ]);
    const own = await post(`/api/admin/appeals/${statementId}`, { decision: 'reverse' }, moderator);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'no_permission', info: { reason: 'own_decision' } });
    expect(await status(id)).toBe('5');
    const bad = await post(`/api/admin/appeals/${statementId}`, { decision: 'maybe' }, colleague);
    expect(bad.json().codes).toEqual([{ field: 'decision', code: 'invalid_params' }]);

    const reversed = await post(
      `/api/admin/appeals/${statementId}`,
      { decision: 'reverse', note: 'Cooking, not spam' },
      colleague,
    );
    expect(reversed.json()).toEqual({ success: 1 });
    expect(await status(id)).toBe('1');
    expect(await strikesOf(uploader.userId)).toEqual(['revoked']);
    expect((await get('/api/admin/appeals', colleague)).json().items).toEqual([]);
    expect(
      (await post(`/api/admin/appeals/${statementId}`, { decision: 'uphold' }, colleague)).json()
        .code,
    ).toBe('not_found');
    const audit = (await get(`/api/admin/audit?object_type=video&object_id=${id}`, colleague))
      .json()
      .items.map((row: { action: string }) => row.action);
    expect(audit).toEqual(['appeal.reverse', 'video.takedown']);
  });

  it('an upheld appeal leaves the video down and the strike in force', async () => {
    const { id } = await makeVideo(t.database, uploader.userId, { title: 'Real advert' });
    const { statementId } = await takeDownWithStrike(id);
    await post('/api/appeal.php', { statement_id: String(statementId), text: 'Hm' }, uploader);
    const upheld = await post(
      `/api/admin/appeals/${statementId}`,
      { decision: 'uphold', note: 'It is an advert' },
      colleague,
    );
    expect(upheld.json()).toEqual({ success: 1 });
    expect(await status(id)).toBe('5');
    expect((await mine(id)).statement).toMatchObject({ appeal_state: 'upheld' });
    expect((await strikesOf(uploader.userId)).at(-1)).toBe('in force');
  });

  it('a strike given by hand is appealed and reversed on its own', async () => {
    const member = await signInAs(t.app, t.database, 'strikeappealer');
    await t.database.transaction((tx) =>
      recordStrike(tx, {
        userId: member.userId,
        reason: 'spam',
        note: 'Spam in comments',
        takedownId: null,
        dmcaNoticeId: null,
        staffId: moderator.userId,
      }),
    );
    const [statement] = await t.database.query<{ id: number }>(
      `SELECT id FROM moderation_statements WHERE user_id = $1 AND decision = 'strike'`,
      [member.userId],
    );
    const appealed = await post(
      '/api/appeal.php',
      { statement_id: String(statement?.id), text: 'Those were not mine' },
      member,
    );
    expect(appealed.json()).toEqual({ success: 1, video_id: 0, state: 'appealed' });
    const reversed = await post(
      `/api/admin/appeals/${statement?.id}`,
      { decision: 'reverse' },
      colleague,
    );
    expect(reversed.json()).toEqual({ success: 1 });
    expect(await strikesOf(member.userId)).toEqual(['revoked']);
  });

  it('a DMCA removal is countered, not appealed', async () => {
    const { id } = await makeVideo(t.database, uploader.userId, { title: 'Claimed clip' });
    const recorded = await post(
      '/api/admin/dmca',
      {
        claimant_name: 'Rita',
        claimant_email: 'rita@rights.example',
        works: 'A film',
        urls: `${t.config.publicUrl}/videos/${id}/claimed-clip/`,
        good_faith: '1',
        signature: 'Rita',
      },
      moderator,
    );
    const noticeId = recorded.json().id as number;
    expect((await post(`/api/admin/dmca/${noticeId}/act`, {}, moderator)).statusCode).toBe(200);
    const upload = await mine(id);
    expect(upload.statement).toMatchObject({ decision: 'removed', can_appeal: false });
    expect(upload.dmca).toMatchObject({ can_counter: true });
    const refused = await post(
      '/api/appeal.php',
      { statement_id: String(upload.statement.id), text: 'Mine' },
      uploader,
    );
    expect(refused.json()).toMatchObject({
      code: 'no_permission',
      info: { reason: 'dmca_counter_notice' },
    });
  });
});
