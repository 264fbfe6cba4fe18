import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeRecord, makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import type { MyUpload, MyUploads } from '../../contracts/my-uploads.schema.ts';

// The member's side of moderation over HTTP on a real database (issue 16, decision 0045):
// their uploads in every state with the statement of a rejected one, the appeal that puts the
// video back in the queue for another moderator, every refusal changing nothing, and the
// statement mail in the member's language.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let admin: TestSession;
let uploader: TestSession;
let other: TestSession;

async function video(session: TestSession, title: string, status: number): Promise<number> {
  const { id } = await makeVideo(t.database, session.userId, { title, mediaVersion: 1 });
  await t.database.query(
    `UPDATE videos SET status_id = $2::int, needs_review = true,
            media = '{"counted": false}'::jsonb,
            review_since = CASE WHEN $2::int = 6 THEN now() END WHERE id = $1`,
    [id, status],
  );
  await makeRecord(t.database, id, session.userId);
  return id;
}

const { get, post } = requests(() => t.app);

/** A moderator rejects a waiting video; answers its statement's id. */
async function reject(id: number, reason: string, note = ''): Promise<number> {
  const res = await post(
    `/api/admin/review/${id}`,
    { decision: 'reject', reason, note },
    moderator,
  );
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.query<{ id: number }>(
    `SELECT id FROM moderation_statements WHERE object_type = 'video' AND object_id = $1
      ORDER BY id DESC LIMIT 1`,
    [id],
  );
  return Number(row?.id);
}

const mine = async (session: TestSession, page = 1) => {
  const res = await get(`/api/my_uploads.php?page=${page}`, session);
  expect(res.statusCode).toBe(200);
  return res.json<MyUploads>();
};
const item = (list: MyUploads, id: number) =>
  list.items.find((upload) => upload.id === id) as MyUpload;

const snapshot = async (videoId: number) =>
  (
    await t.database.query(
      `SELECT v.status_id, v.review_since, s.appeal_state, s.appeal_text, s.appealed_at
         FROM videos v LEFT JOIN moderation_statements s
           ON s.object_type = 'video' AND s.object_id = v.id
        WHERE v.id = $1 ORDER BY s.id`,
      [videoId],
    )
  ).map((row) => JSON.stringify(row));

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
  uploader = await signInAs(t.app, t.database, 'myuploader');
  other = await signInAs(t.app, t.database, 'othermember');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'modtwo');
  admin = await signInAsStaff(t.app, t.database, 'administrator', 'admintwo');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('my_uploads.php', () => {
  it('lists the member’s own uploads in every state but deleted, newest first, privately', async () => {
    const published = await video(uploader, 'Published one', VIDEO_STATUS.active);
    const processing = await video(uploader, 'Processing one', VIDEO_STATUS.processing);
    const failed = await video(uploader, 'Failed one', VIDEO_STATUS.error);
    const deleted = await video(uploader, 'Deleted one', VIDEO_STATUS.deleted);
    const waiting = await video(uploader, 'Waiting one', VIDEO_STATUS.review);
    const rejected = await video(uploader, 'Rejected one', VIDEO_STATUS.review);
    await reject(rejected, 'quality', 'The sound is missing.');
    const othersVideo = await video(other, 'Not mine', VIDEO_STATUS.review);

    const res = await get('/api/my_uploads.php', uploader);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json<MyUploads>();
    const ids = list.items.map((upload) => upload.id);
    expect(ids).toEqual([rejected, waiting, failed, processing, published]);
    expect(ids).not.toContain(deleted);
    expect(ids).not.toContain(othersVideo);
    expect(list).toMatchObject({ total: 5, page: 1, pages: 1 });

    expect(item(list, published)).toMatchObject({
      state: 'active',
      url: `/videos/${published}/published-one/`,
      statement: null,
    });
    expect(item(list, processing)).toMatchObject({ state: 'processing', url: '' });
    expect(item(list, failed).state).toBe('error');
    expect(item(list, waiting)).toMatchObject({ state: 'review', url: '', statement: null });
    expect(item(list, rejected)).toMatchObject({
      state: 'rejected',
      url: '',
      statement: {
        decision: 'rejected',
        reason: 'quality',
        note: 'The sound is missing.',
        appeal_state: 'none',
        can_appeal: true,
      },
    });
    // A pending video has no public picture: the member's link is signed, and works.
    const thumb = item(list, waiting).thumb;
    expect(thumb).toMatch(/^\/media\/s\/\d+\/[\w-]+\/videos\/.+\/thumb\.webp\?v=1$/);
    expect(item(list, published).thumb).not.toMatch(/^\/media\/s\//);
  });

  it('pages by 24 and refuses visitors and bad pages', async () => {
    const member = await signInAs(t.app, t.database, 'prolific');
    for (let i = 0; i < 26; i++) await video(member, `Clip number ${i}`, VIDEO_STATUS.active);
    const first = await mine(member);
    expect(first.items).toHaveLength(24);
    expect(first).toMatchObject({ total: 26, pages: 2 });
    const second = await mine(member, 2);
    expect(second.items.map((upload) => upload.title)).toEqual(['Clip number 1', 'Clip number 0']);

    const visitor = await get('/api/my_uploads.php');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('need_auth');
    for (const page of ['0', 'x', '99999']) {
      expect((await get(`/api/my_uploads.php?page=${page}`, member)).json().code).toBe(
        'invalid_params',
      );
    }
  });
});

describe('appeal.php', () => {
  it('reopens a rejection once: back in the queue, marked as an appeal, for another moderator', async () => {
    const id = await video(uploader, 'Appeal me', VIDEO_STATUS.review);
    const statementId = await reject(id, 'spam');
    const res = await post(
      '/api/appeal.php',
      { statement_id: String(statementId), text: '  This is my own work, not an advert.  ' },
      uploader,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: 1, video_id: id, state: 'review' });
    const [row] = await t.database.query<{
      status_id: number;
      queued: boolean;
      appeal_state: string;
      appeal_text: string;
      appealed: boolean;
    }>(
      `SELECT v.status_id, v.review_since > now() - interval '1 minute' AS queued,
              s.appeal_state, s.appeal_text, s.appealed_at IS NOT NULL AS appealed
         FROM videos v JOIN moderation_statements s ON s.object_id = v.id
        WHERE v.id = $1 AND s.id = $2`,
      [id, statementId],
    );
    expect(row).toEqual({
      status_id: VIDEO_STATUS.review,
      queued: true,
      appeal_state: 'open',
      appeal_text: 'This is my own work, not an advert.',
      appealed: true,
    });

    // The member sees it waiting, with the appeal open and no second one offered.
    expect(item(await mine(uploader), id)).toMatchObject({
      state: 'review',
      statement: { id: statementId, appeal_state: 'open', can_appeal: false },
    });
    // In the queue as an appeal; the moderator who rejected it may not decide it again.
    const queue = (await get('/api/admin/review?q=Appeal%20me', admin)).json();
    expect(queue.items).toMatchObject([{ id, appeal: true }]);
    const own = await post(`/api/admin/review/${id}`, { decision: 'approve' }, moderator);
    expect(own.json().info).toEqual({ reason: 'own_decision' });

    // A second appeal is refused and changes nothing.
    const before = await snapshot(id);
    const again = await post(
      '/api/appeal.php',
      { statement_id: String(statementId), text: 'Once more' },
      uploader,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'already_added', field: 'statement_id' });
    expect(await snapshot(id)).toEqual(before);

    // Upheld by another moderator: the new statement says so and cannot be appealed.
    await post(`/api/admin/review/${id}`, { decision: 'reject', reason: 'spam' }, admin);
    const upheld = item(await mine(uploader), id);
    expect(upheld).toMatchObject({
      state: 'rejected',
      statement: { appeal_state: 'upheld', can_appeal: false },
    });
    const last = await post(
      '/api/appeal.php',
      { statement_id: String(upheld.statement?.id), text: 'And again' },
      uploader,
    );
    expect(last.json().code).toBe('already_added');
    expect(
      await t.database.query('SELECT 1 FROM videos WHERE id = $1 AND status_id = 7', [id]),
    ).toHaveLength(1);
  });

  it('refuses with a clear code and changes nothing', async () => {
    const id = await video(uploader, 'Refusals clip', VIDEO_STATUS.review);
    const statementId = String(await reject(id, 'copyright', 'Found on another site.'));
    const before = await snapshot(id);
    const cases: [Record<string, string>, TestSession | undefined, number, object][] = [
      [{ statement_id: statementId, text: 'Mine' }, undefined, 401, { code: 'need_auth' }],
      [
        { statement_id: statementId, text: '' },
        uploader,
        400,
        { code: 'required', codes: [{ field: 'text', code: 'required' }] },
      ],
      [
        { statement_id: statementId, text: '   ' },
        uploader,
        400,
        { codes: [{ field: 'text', code: 'required' }] },
      ],
      [
        { statement_id: statementId, text: 'x'.repeat(2001) },
        uploader,
        400,
        { codes: [{ field: 'text', code: 'max_length' }] },
      ],
      [
        { text: 'No statement' },
        uploader,
        400,
        { codes: [{ field: 'statement_id', code: 'required' }] },
      ],
      [
        { statement_id: 'abc', text: 'Odd' },
        uploader,
        400,
        { codes: [{ field: 'statement_id', code: 'invalid_params' }] },
      ],
      [{ statement_id: '999999', text: 'Nobody' }, uploader, 404, { code: 'not_found' }],
      [{ statement_id: statementId, text: 'Not mine' }, other, 403, { code: 'no_permission' }],
      // Not even staff appeal for a member.
      [{ statement_id: statementId, text: 'For them' }, admin, 403, { code: 'no_permission' }],
    ];
    for (const [fields, session, status, body] of cases) {
      const res = await post('/api/appeal.php', fields, session);
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json()).toMatchObject(body);
    }
    expect(await snapshot(id)).toEqual(before);

    // 2000 characters are fine.
    const ok = await post(
      '/api/appeal.php',
      { statement_id: statementId, text: 'y'.repeat(2000) },
      uploader,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a video deleted since, and a ban', async () => {
    const id = await video(uploader, 'Deleted after rejection', VIDEO_STATUS.review);
    const statementId = String(await reject(id, 'gore'));
    await t.database.query('UPDATE videos SET status_id = 5 WHERE id = $1', [id]);
    const gone = await post('/api/appeal.php', { statement_id: statementId, text: 'Hm' }, uploader);
    expect(gone.json().code).toBe('not_found');
    const [state] = await t.database.query<{ appeal_state: string }>(
      'SELECT appeal_state FROM moderation_statements WHERE id = $1',
      [statementId],
    );
    expect(state?.appeal_state).toBe('none');

    // A removal is appealable (decision 0049: appeals.int.test.ts); a ban is not, here.
    const removed = await video(uploader, 'Removed clip', VIDEO_STATUS.removed);
    await t.database.query(
      `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason)
       VALUES ($1, 'video', $2, 'removed', 'copyright')`,
      [uploader.userId, removed],
    );
    const listed = item(await mine(uploader), removed);
    expect(listed).toMatchObject({
      state: 'removed',
      statement: { decision: 'removed', reason: 'copyright', can_appeal: true },
    });
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO moderation_statements (user_id, object_type, object_id, decision, reason)
       VALUES ($1, 'member', $1, 'banned', 'spam') RETURNING id`,
      [uploader.userId],
    );
    const refused = await post(
      '/api/appeal.php',
      { statement_id: String(row?.id), text: 'Please' },
      uploader,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'no_permission',
      info: { reason: 'not_appealable' },
    });
  });
});

describe('the statement mail', () => {
  it('is written in the member’s language, with the reason in their words and a link to their uploads', async () => {
    const member = await signInAs(t.app, t.database, 'germanmember');
    await t.database.query("UPDATE users SET lang = 'de' WHERE id = $1", [member.userId]);
    const id = await video(member, 'Mein Video', VIDEO_STATUS.review);
    const sent = mailbox.messages.length;
    await reject(id, 'quality', 'Das Bild ist schwarz.');
    const { mail } = await mailbox.next('germanmember@test.example', { after: sent });
    expect(mail.subject).toBe('Ihr Video „Mein Video“ wurde nicht veröffentlicht');
    expect(mail.text).toContain('Grund: das Video ist defekt, nicht anschaubar oder irreführend');
    expect(mail.text).toContain('Das Bild ist schwarz.');
    expect(mail.text).toContain(`http://site.test/members/${member.userId}/`);
    expect(mail.html).toContain('<html lang="de">');
  });

  it('stays English for an English member', async () => {
    const id = await video(uploader, 'English mail clip', VIDEO_STATUS.review);
    const sent = mailbox.messages.length;
    await reject(id, 'animals');
    const { mail } = await mailbox.next('myuploader@test.example', { after: sent });
    expect(mail.subject).toBe('Your video “English mail clip” was not published');
    expect(mail.text).toContain('Reason: the video involves animals');
    expect(mail.text).toContain(`http://site.test/members/${uploader.userId}/`);
  });
});
