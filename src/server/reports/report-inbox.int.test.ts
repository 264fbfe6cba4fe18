import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { createReportRepository } from './report.repository.ts';

// The moderation inbox over HTTP (issue 16): reports by state, one report whole with the
// others about its object, and staff taking it, answering its sender and closing it, each
// act on record.

const CONTACT = 'contact@site.test';
let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let member: TestSession;

const { get, post } = requests(() => t.app);

async function report(o: { message: string; videoId?: number; picture?: boolean }) {
  const picture = o.picture
    ? await sharp({ create: { width: 40, height: 30, channels: 3, background: '#884422' } })
        .webp()
        .toBuffer()
    : undefined;
  return createReportRepository(t.database).insert({
    subject: 'inappropriate',
    email: 'sender@mail.test',
    message: o.message,
    object: o.videoId === undefined ? null : { type: 'video', id: o.videoId },
    referrer: '',
    reporterId: null,
    ip: '203.0.113.9',
    userAgent: 'test',
    lang: 'en',
    attachment: picture ? { data: picture, width: 40, height: 30 } : null,
  });
}

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test', CONTACT_EMAIL: CONTACT },
  });
  member = await signInAs(t.app, t.database, 'inboxmember');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'inboxmod');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('the reports inbox', () => {
  it('lists reports by state with the object they name, for staff only', async () => {
    const { id: videoId } = await makeVideo(t.database, member.userId, { title: 'Reported clip' });
    const first = await report({ message: 'This clip is stolen from my channel', videoId });
    const second = await report({ message: 'Same clip, again', videoId, picture: true });
    const res = await get('/api/admin/reports?state=new', moderator);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: number }[];
    expect(items.map((i) => i.id).slice(0, 2)).toEqual([second, first]);
    expect(res.json().items[0]).toMatchObject({
      state: 'new',
      attachment: true,
      object: { type: 'video', id: videoId, label: 'video “Reported clip”' },
    });
    expect((await get('/api/admin/reports?q=stolen', moderator)).json().items).toMatchObject([
      { id: first },
    ]);
    expect((await get('/api/admin/reports?state=open', moderator)).json().code).toBe(
      'invalid_params',
    );
    expect((await get('/api/admin/reports', member)).json().code).toBe('no_permission');

    const item = (await get(`/api/admin/reports/${second}`, moderator)).json();
    expect(item.report).toMatchObject({ id: second, ip: '203.0.113.9' });
    expect(item.same_object).toMatchObject([{ id: first }]);
    const picture = await get(item.report.attachment_url, moderator);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(40);
    expect((await get(item.report.attachment_url, member)).statusCode).toBe(403);
  });

  it('is worked through: taken, answered by mail, closed, each act on record', async () => {
    const id = await report({ message: 'Please look at this' });
    const url = `/api/admin/reports/${id}`;
    expect((await post(url, { act: 'assign' }, moderator)).json()).toEqual({ success: 1 });
    expect((await get('/api/admin/reports?mine=1', moderator)).json().items).toMatchObject([
      { id, assignee: { username: 'inboxmod' } },
    ]);

    const sent = mailbox.messages.length;
    expect(
      (await post(url, { act: 'answer', message: 'Thank you, we removed it.' }, moderator)).json(),
    ).toEqual({ success: 1 });
    const { mail } = await mailbox.next('sender@mail.test', { after: sent });
    expect(mail.text).toContain('Thank you, we removed it.');
    expect(mail.replyTo?.text).toBe(CONTACT);

    expect(
      (await post(url, { act: 'state', state: 'resolved', note: 'Removed' }, moderator)).json(),
    ).toEqual({ success: 1 });
    const item = (await get(url, moderator)).json();
    expect(item.report.state).toBe('resolved');
    expect(item.report.resolved_at).not.toBeNull();
    expect(item.history.map((row: { action: string }) => row.action)).toEqual([
      'report.state',
      'report.answer',
      'report.assign',
    ]);

    // Bad acts change nothing.
    expect((await post(url, { act: 'state', state: 'done' }, moderator)).json().codes).toEqual([
      { field: 'state', code: 'invalid_params' },
    ]);
    expect((await post(url, { act: 'answer', message: ' ' }, moderator)).json().codes).toEqual([
      { field: 'message', code: 'required' },
    ]);
    expect((await post(url, { act: 'delete' }, moderator)).json().codes).toEqual([
      { field: 'act', code: 'invalid_params' },
    ]);
    expect((await post(url, { act: 'assign' }, member)).json().code).toBe('no_permission');
    expect((await get(url, moderator)).json().report.state).toBe('resolved');
  });
});
