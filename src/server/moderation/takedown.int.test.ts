import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { videoPath, videos2Path } from '../../contracts/paths.ts';
import { videoThumbKey } from '../../media/keys.ts';
import { createReportRepository } from '../reports/report.repository.ts';

// A takedown over HTTP (issue 16): a reported video taken down is gone at once from a warmed
// listing cache, its page reads deleted, its pictures and signed links stop, its counters
// move, the uploader is told why; a restore brings all of it back.

let t: TestApp;
let mailbox: TestMailbox;
let moderator: TestSession;
let uploader: TestSession;

const { get, post } = requests(() => t.app);

/** The uploader's videos as a cached listing (lifetime 300 s) shows them. */
const listed = async (userId: number) =>
  (
    await get(
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
    )
  )
    .json<{ videos: { video_id: string }[] }>()
    .videos.map((v) => Number(v.video_id));

/** Whether a visitor's search for the title finds the video (no response cache: lifetime 0). */
const found = async (id: number) =>
  (await get('/api/videos2.php?params=0/str/relevance/60/search..1.all..&s=stolen%20clip'))
    .json<{ videos: { video_id: string }[] }>()
    .videos.some((v) => Number(v.video_id) === id);

const videosCount = async (userId: number) =>
  Number(
    (
      await t.database.query<{ n: number }>('SELECT videos_count AS n FROM users WHERE id = $1', [
        userId,
      ])
    )[0]?.n,
  );

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test' } });
  uploader = await signInAs(t.app, t.database, 'takedownowner');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'takedownmod');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe('takedowns', () => {
  it('take a reported video off everywhere at once, and a restore brings it back', async () => {
    const { id } = await makeVideo(t.database, uploader.userId, { title: 'Stolen clip' });
    await t.database.query('UPDATE users SET videos_count = 1 WHERE id = $1', [uploader.userId]);
    await t.database.query('SELECT refresh_video_search(ARRAY[$1::int])', [id]);
    const thumb = await sharp({
      create: { width: 32, height: 18, channels: 3, background: '#333' },
    })
      .webp()
      .toBuffer();
    await t.storage.put(videoThumbKey(id), thumb);
    const thumbUrl = t.storage.url(videoThumbKey(id));
    const reportId = await createReportRepository(t.database).insert({
      subject: 'dmca',
      email: 'owner@mail.test',
      message: 'This is my film',
      object: { type: 'video', id },
      referrer: '',
      reporterId: null,
      ip: '',
      userAgent: '',
      lang: 'en',
      attachment: null,
    });

    // Warm every cache that shows it.
    expect(await listed(uploader.userId)).toEqual([id]);
    expect(await listed(uploader.userId)).toEqual([id]);
    expect((await get(thumbUrl)).statusCode).toBe(200);
    expect((await get(videoPath(300, id))).json().video.status_id).toBe('1');

    const sent = mailbox.messages.length;
    const refused = await post(
      '/api/admin/takedowns',
      { object_type: 'video', object_id: String(id), reason: 'copyright' },
      uploader,
    );
    expect(refused.json().code).toBe('no_permission');
    const bad = await post(
      '/api/admin/takedowns',
      { object_type: 'planet', object_id: 'x' },
      moderator,
    );
    expect(bad.json().codes).toEqual([
      { field: 'object_type', code: 'invalid_params' },
      { field: 'object_id', code: 'invalid_params' },
      { field: 'reason', code: 'required' },
    ]);
    const res = await post(
      '/api/admin/takedowns',
      {
        object_type: 'video',
        object_id: String(id),
        reason: 'copyright',
        note: 'DMCA notice from the rights holder',
        report_id: String(reportId),
      },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    const takedownId = res.json().takedown_id as number;

    expect(await listed(uploader.userId)).toEqual([]);
    // A search made now ranks the matches without it (and keeps that ranking for its pages).
    expect(await found(id)).toBe(false);
    // Clients read it as deleted; the site reads why (decision 0047).
    expect((await get(videoPath(300, id))).json().video).toMatchObject({
      status_id: '5',
      removed: { reason: 'copyright' },
    });
    expect((await get(thumbUrl)).statusCode).toBe(404);
    expect(await videosCount(uploader.userId)).toBe(0);
    const { mail } = await mailbox.next('takedownowner@test.example', { after: sent });
    expect(mail.subject).toBe('Your video “Stolen clip” was removed from Afterglow');
    expect(mail.text).toContain('DMCA notice from the rights holder');
    const twice = await post(
      '/api/admin/takedowns',
      { object_type: 'video', object_id: String(id), reason: 'spam' },
      moderator,
    );
    expect(twice.json().codes).toEqual([{ field: 'object_id', code: 'already_added' }]);

    const inForce = (await get('/api/admin/takedowns?in_force=1', moderator)).json();
    expect(inForce.items).toMatchObject([
      {
        id: takedownId,
        object_id: id,
        title: 'Stolen clip',
        by: 'takedownmod',
        report_id: reportId,
      },
    ]);

    const restored = await post(
      `/api/admin/takedowns/${takedownId}/restore`,
      { note: 'Counter-notice' },
      moderator,
    );
    expect(restored.json()).toEqual({ success: 1 });
    expect(await listed(uploader.userId)).toEqual([id]);
    expect(await found(id)).toBe(true);
    expect((await get(thumbUrl)).statusCode).toBe(200);
    expect(await videosCount(uploader.userId)).toBe(1);
    const back = (await get(videoPath(300, id))).json().video;
    expect(back.status_id).toBe('1');
    expect(back.removed).toBeUndefined();
    expect(
      (await post(`/api/admin/takedowns/${takedownId}/restore`, {}, moderator)).statusCode,
    ).toBe(404);

    const audit = (
      await get(`/api/admin/audit?object_type=video&object_id=${id}`, moderator)
    ).json();
    expect(audit.items.map((row: { action: string }) => row.action)).toEqual([
      'video.restore',
      'video.takedown',
    ]);
  });
});
