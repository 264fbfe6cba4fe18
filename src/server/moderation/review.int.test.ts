import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeRecord, makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { videoPath } from '../../contracts/paths.ts';

// The review queue over HTTP on a real database (issue 16, decision 0043): the queue in
// order, one video as a moderator sees it, approving and rejecting (with the statement of
// reasons mailed to the member), the audit log they leave and that nobody can edit, and the
// trusted mark for administrators.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let admin: TestSession;
let uploader: TestSession;
let visitorMember: TestSession;

async function pending(title: string, minutesAgo: number): Promise<number> {
  const { id } = await makeVideo(t.database, uploader.userId, { title });
  await t.database.query(
    `UPDATE videos SET status_id = 6, needs_review = true,
            media = '{"counted": false}'::jsonb,
            review_since = now() - ($2 * interval '1 minute') WHERE id = $1`,
    [id, minutesAgo],
  );
  await makeRecord(t.database, id, uploader.userId);
  return id;
}

const { get, post } = requests(() => t.app);

const statusOf = async (id: number) =>
  Number(
    (
      await t.database.query<{ status_id: number }>('SELECT status_id FROM videos WHERE id = $1', [
        id,
      ])
    )[0]?.status_id,
  );

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
  uploader = await signInAs(t.app, t.database, 'uploaderone');
  visitorMember = await signInAs(t.app, t.database, 'plainmember');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'modone');
  admin = await signInAsStaff(t.app, t.database, 'administrator', 'adminone');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('the review queue', () => {
  it('lists what waits, oldest first, for staff only', async () => {
    const newer = await pending('Beach walk at dusk', 5);
    const older = await pending('Morning stretch routine', 30);
    const res = await get('/api/admin/review', moderator);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body.items.map((item: { id: number }) => item.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(body.items[0]).toMatchObject({ user: { username: 'uploaderone', trusted: false } });
    expect(body.items[0].thumb).toMatch(/^\/media\/s\/\d+\/[\w-]+\/videos\//);
    expect(body.total).toBeGreaterThanOrEqual(2);
    const searched = await get('/api/admin/review?q=stretch', moderator);
    expect(searched.json().items.map((item: { id: number }) => item.id)).toEqual([older]);

    expect((await get('/api/admin/review', visitorMember)).json().code).toBe('no_permission');
    expect((await get('/api/admin/review')).json().code).toBe('need_auth');
    expect((await get('/api/admin/review?page=0', moderator)).json().code).toBe('invalid_params');
    // Nothing of a waiting video is public: no page, no picture.
    expect((await get(videoPath(0, older))).statusCode).toBe(404);
  });

  it('shows one video with its uploader, signed media and its place in the queue', async () => {
    const first = await pending('Queue head clip', 600);
    const second = await pending('Queue second clip', 599);
    const res = await get(`/api/admin/review/${first}`, moderator);
    expect(res.statusCode).toBe(200);
    const item = res.json();
    expect(item.video).toMatchObject({ id: first, title: 'Queue head clip', state: 'review' });
    expect(item.uploader).toMatchObject({ username: 'uploaderone', rejections: 0, strikes: 0 });
    expect(item.queue).toMatchObject({ position: 1, previous: null, next: second });
    const after = (await get(`/api/admin/review/${second}`, moderator)).json();
    expect(after.queue).toMatchObject({ position: 2, previous: first });
    expect((await get('/api/admin/review/999999', moderator)).statusCode).toBe(404);
    expect((await get('/api/admin/review/abc', moderator)).statusCode).toBe(404);
  });

  it('approves: published, counted once, dated now, on record', async () => {
    const id = await pending('Approve me please', 1000);
    const before = await t.database.query<{ n: number }>(
      'SELECT videos_count AS n FROM users WHERE id = $1',
      [uploader.userId],
    );
    const res = await post(`/api/admin/review/${id}`, { decision: 'approve' }, moderator);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(1);
    expect(await statusOf(id)).toBe(VIDEO_STATUS.active);
    const [row] = await t.database.query<{ n: number; fresh: boolean }>(
      `SELECT u.videos_count AS n, v.post_date > now() - interval '1 minute' AS fresh
         FROM videos v JOIN users u ON u.id = v.user_id WHERE v.id = $1`,
      [id],
    );
    expect(row).toEqual({ n: Number(before[0]?.n) + 1, fresh: true });
    expect((await get(videoPath(0, id))).statusCode).toBe(200);

    // A second decision finds it decided: nothing changes, the answer says so.
    const again = await post(
      `/api/admin/review/${id}`,
      { decision: 'reject', reason: 'spam' },
      admin,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().info).toEqual({ state: 'active' });
    expect(await statusOf(id)).toBe(VIDEO_STATUS.active);

    const audit = await get(`/api/admin/audit?object_type=video&object_id=${id}`, moderator);
    expect(audit.json().items).toMatchObject([
      {
        action: 'video.approve',
        actor: { username: 'modone', role: 'moderator' },
        before: { state: 'review' },
        after: { state: 'active' },
      },
    ]);
  });

  it('rejects with a reason: refuses bad forms, tells the member, keeps it off the site', async () => {
    const id = await pending('Reject me please', 900);
    const url = `/api/admin/review/${id}`;
    const missing = await post(url, { decision: 'reject' }, moderator);
    expect(missing.json().codes).toEqual([{ field: 'reason', code: 'required' }]);
    const unknown = await post(url, { decision: 'reject', reason: 'boring' }, moderator);
    expect(unknown.json().codes).toEqual([{ field: 'reason', code: 'invalid_params' }]);
    const other = await post(url, { decision: 'reject', reason: 'other' }, moderator);
    expect(other.json().codes).toEqual([{ field: 'note', code: 'required' }]);
    const odd = await post(url, { decision: 'maybe' }, moderator);
    expect(odd.json().codes).toEqual([{ field: 'decision', code: 'invalid_params' }]);
    expect(await statusOf(id)).toBe(VIDEO_STATUS.review);

    const sent = mailbox.messages.length;
    const res = await post(
      url,
      { decision: 'reject', reason: 'quality', note: 'The picture is black for most of it.' },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    expect(await statusOf(id)).toBe(VIDEO_STATUS.rejected);
    expect((await get(videoPath(0, id))).statusCode).toBe(404);
    const { mail } = await mailbox.next('uploaderone@test.example', { after: sent });
    expect(mail.subject).toBe('Your video “Reject me please” was not published');
    expect(mail.text).toContain('the video is broken, unwatchable or misleading');
    expect(mail.text).toContain('The picture is black for most of it.');

    const item = (await get(url, moderator)).json();
    expect(item.video.state).toBe('rejected');
    expect(item.statements).toMatchObject([
      { decision: 'rejected', reason: 'quality', decided_by: 'modone', appeal_state: 'none' },
    ]);
    expect(item.uploader.rejections).toBe(1);
    const [statement] = await t.database.query<{ mailed: boolean }>(
      `SELECT mailed_at IS NOT NULL AS mailed FROM moderation_statements
        WHERE object_type = 'video' AND object_id = $1`,
      [id],
    );
    expect(statement?.mailed).toBe(true);
  });
});

describe('appeals', () => {
  it('go to another moderator, whose approval reverses the rejection', async () => {
    const id = await pending('Appealed clip', 800);
    const url = `/api/admin/review/${id}`;
    await post(url, { decision: 'reject', reason: 'spam' }, moderator);
    // The member appeals (their call lands the video back in the queue, statement open).
    await t.database.query(
      `UPDATE moderation_statements SET appeal_state = 'open', appeal_text = 'Not spam',
              appealed_at = now() WHERE object_type = 'video' AND object_id = $1`,
      [id],
    );
    await t.database.query('UPDATE videos SET status_id = 6, review_since = now() WHERE id = $1', [
      id,
    ]);
    const queue = (await get('/api/admin/review?q=Appealed', admin)).json();
    expect(queue.items).toMatchObject([{ id, appeal: true }]);

    const own = await post(url, { decision: 'approve' }, moderator);
    expect(own.statusCode).toBe(403);
    expect(own.json().info).toEqual({ reason: 'own_decision' });
    expect(await statusOf(id)).toBe(VIDEO_STATUS.review);

    expect((await post(url, { decision: 'approve' }, admin)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe(VIDEO_STATUS.active);
    const [statement] = await t.database.query<{ appeal_state: string; by: number }>(
      `SELECT appeal_state, appeal_decided_by AS by FROM moderation_statements
        WHERE object_type = 'video' AND object_id = $1`,
      [id],
    );
    expect(statement).toEqual({ appeal_state: 'reversed', by: admin.userId });
  });
});

describe('the audit log', () => {
  it('cannot be changed or deleted, even by the database role the site uses', async () => {
    await expect(t.database.query("UPDATE audit_log SET note = 'edited'")).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });

  it('filters by action and refuses unknown filters', async () => {
    const res = await get('/api/admin/audit?action=video.reject', admin);
    expect(res.statusCode).toBe(200);
    const actions = res.json().items.map((row: { action: string }) => row.action);
    expect(actions.length).toBeGreaterThan(0);
    expect(new Set(actions)).toEqual(new Set(['video.reject']));
    expect((await get('/api/admin/audit?action=drop.table', admin)).json().code).toBe(
      'invalid_params',
    );
    expect((await get('/api/admin/audit?object_id=x1', admin)).json().code).toBe('invalid_params');
    expect((await get('/api/admin/audit', visitorMember)).json().code).toBe('no_permission');
  });
});

describe('trusted uploaders', () => {
  it('are marked by administrators only, on record', async () => {
    const url = `/api/admin/members/${uploader.userId}/trusted`;
    expect((await post(url, { trusted: '1' }, moderator)).json().code).toBe('no_permission');
    expect((await post(url, { trusted: 'yes' }, admin)).json().codes).toEqual([
      { field: 'trusted', code: 'invalid_params' },
    ]);
    expect((await post(url, { trusted: '1' }, admin)).json()).toEqual({ success: 1 });
    const members = await get('/api/admin/members?q=uploader', moderator);
    expect(members.json().items).toMatchObject([{ username: 'uploaderone', trusted: true }]);
    const audit = await get(
      `/api/admin/audit?object_type=member&object_id=${uploader.userId}`,
      admin,
    );
    expect(audit.json().items[0]).toMatchObject({
      action: 'member.trust',
      before: { trusted: false },
      after: { trusted: true },
    });
    expect(
      (await post('/api/admin/members/999999/trusted', { trusted: '1' }, admin)).statusCode,
    ).toBe(404);
  });
});
