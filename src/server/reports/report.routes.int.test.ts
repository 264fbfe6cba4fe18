import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { solvedCaptcha } from '../../../tests/support/captcha.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { signInAs } from '../../../tests/support/session.ts';
import { startMailbox, type TestMailbox } from '../../../tests/support/smtp.ts';
import { REPORT_LIMITS } from '../../contracts/report.rules.ts';
import { REPORTS_PER_HOUR } from './report.routes.ts';

// `POST /api/report.php` (SPEC.md §5 Contact form, §7) on the real app and database, with
// mail through a real SMTP server: what a good report keeps and mails, every refusal (which
// keeps and mails nothing), the captcha's single use, the picture checked by its bytes and
// written again without its metadata, and the limit per address.

const CONTACT = 'reports@site.test';
let t: TestApp;
let mailbox: TestMailbox;
let addressCounter = 0;
/** Each call from its own address unless a test says otherwise: the route limits per address. */
const nextAddress = () => `198.51.100.${++addressCounter}`;

let videoId: number;
let videoDir: string;
let commentId: number;
let memberId: number;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({
    env: { SMTP_URL: mailbox.url, PUBLIC_URL: 'http://site.test', CONTACT_EMAIL: CONTACT },
  });
  const owner = await makeUser(t.database, { username: 'Uploader' });
  memberId = owner.id;
  const video = await makeVideo(t.database, owner.id, { title: 'Sunset walk' });
  videoId = video.id;
  videoDir = 'sunset-walk';
  const [comment] = await t.database.query<{ id: number }>(
    `INSERT INTO comments (section, object_id, user_id, body) VALUES ('video', $1, $2, $3)
     RETURNING id`,
    [videoId, owner.id, 'A rude comment'],
  );
  commentId = Number(comment?.id);
});

afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

type Fields = Record<string, string>;

async function goodFields(overrides: Fields = {}): Promise<Fields> {
  return {
    subject: 'support',
    email: 'visitor@mail.test',
    message: 'The player stops after a minute.',
    captcha: await solvedCaptcha(t.app, 'contact'),
    ...overrides,
  };
}

function send(
  fields: Fields,
  file?: { data: Buffer | string; name?: string; type?: string },
  opts: { address?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'picture.png',
    );
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/report.php',
    headers: opts.headers ?? {},
    payload: form,
    remoteAddress: opts.address ?? nextAddress(),
  });
}

interface ReportRow {
  id: number;
  subject: string;
  email: string;
  message: string;
  object_type: string | null;
  object_id: number | null;
  referrer: string;
  reporter_id: number | null;
  ip: string;
  lang: string;
  attachment: Uint8Array | null;
  attachment_width: number | null;
  attachment_height: number | null;
  state: string;
  assignee_id: number | null;
  notified_at: Date | null;
}

const reports = (database = t.database) =>
  database.query<ReportRow>('SELECT * FROM reports ORDER BY id');

/** A photo with EXIF (camera, GPS-like comment) and an orientation that turns it upright. */
function photoWithExif(width = 640, height = 480): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#806040' },
  })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Secret 3000', ImageDescription: 'home address here' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** Any refusal: the failure's codes, and nothing kept or mailed. */
async function refused(
  res: Awaited<ReturnType<typeof send>>,
  status = 400,
): Promise<{ field: string; code: string }[]> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().codes ?? [{ field: res.json().field, code: res.json().code }];
}

describe('a good report', () => {
  it('is stored, re-encoded without metadata, and mailed to the operator with its picture', async () => {
    const before = mailbox.messages.length;
    const fields = await goodFields({
      subject: 'inappropriate',
      message: '  This video shows someone who did not consent.\nPlease remove it.  ',
      object_type: 'video',
      object_id: String(videoId),
      referrer: `http://site.test/videos/${videoId}/${videoDir}/?t=1`,
    });
    const source = await photoWithExif();
    // What must not travel on is there to begin with.
    expect((await sharp(source).metadata()).exif).toBeDefined();
    expect(source.includes('SpyCam')).toBe(true);
    const res = await send(fields, { data: source, name: 'evidence.jpg', type: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 1 });
    expect(res.headers['cache-control']).toBe('no-store');

    const row = (await reports()).at(-1);
    expect(row).toMatchObject({
      subject: 'inappropriate',
      email: 'visitor@mail.test',
      message: 'This video shows someone who did not consent.\nPlease remove it.',
      object_type: 'video',
      object_id: videoId,
      referrer: `/videos/${videoId}/${videoDir}/?t=1`,
      reporter_id: null,
      lang: 'en',
      state: 'new',
      assignee_id: null,
      // Orientation 6 turns the 640x480 picture upright: 480x640.
      attachment_width: 480,
      attachment_height: 640,
    });
    expect(row?.ip).toMatch(/^198\.51\.100\.\d+$/);
    expect(row?.notified_at).not.toBeNull();
    const stored = Buffer.from(row?.attachment ?? new Uint8Array());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(stored.includes('SpyCam')).toBe(false);

    const { mail } = await mailbox.next(CONTACT, { after: before });
    expect(mail.subject).toBe(
      `[Afterglow] Inappropriate content – video ${videoId} (report #${row?.id})`,
    );
    expect(mail.replyTo?.value[0]?.address).toBe('visitor@mail.test');
    expect(mail.text).toContain('This video shows someone who did not consent.\nPlease remove it.');
    expect(mail.text).toContain(
      `About: video ${videoId}: video “Sunset walk” (http://site.test/videos/${videoId}/${videoDir}/)`,
    );
    expect(mail.text).toContain(`Sent from: http://site.test/videos/${videoId}/${videoDir}/?t=1`);
    expect(mail.text).toContain('From: visitor@mail.test');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({
      filename: `report-${row?.id}.webp`,
      contentType: 'image/webp',
    });
    expect(mail.attachments[0]?.content.equals(stored)).toBe(true);
  });

  it('takes a message of exactly 1500 characters, no picture and no object', async () => {
    const before = (await reports()).length;
    const message = 'é'.repeat(REPORT_LIMITS.messageMax);
    const res = await send(await goodFields({ subject: 'technical', message }));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await reports()).at(-1);
    expect(row).toMatchObject({ message, object_type: null, object_id: null, attachment: null });
    expect(await reports()).toHaveLength(before + 1);
  });

  it('treats an empty file input as no picture', async () => {
    const res = await send(await goodFields(), { data: Buffer.alloc(0), name: '', type: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await reports()).at(-1)?.attachment).toBeNull();
  });

  it('names a comment and a member with their pages, and a signed-in sender', async () => {
    const member = await signInAs(t.app, t.database);
    const before = mailbox.messages.length;
    const res = await send(
      await goodFields({
        subject: 'inappropriate',
        object_type: 'comment',
        object_id: String(commentId),
      }),
      undefined,
      { headers: { ...member.headers, cookie: `${member.cookie}; app_lang=de` } },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await reports()).at(-1)).toMatchObject({
      object_type: 'comment',
      object_id: commentId,
      reporter_id: member.userId,
      lang: 'de',
    });
    const { mail } = await mailbox.next(CONTACT, { after: before });
    expect(mail.text).toContain(
      `comment by Uploader on video ${videoId}: “A rude comment” (http://site.test/videos/${videoId}/${videoDir}/)`,
    );
    expect(mail.text).toContain(
      `Member: ${member.username} (http://site.test/members/${member.userId}/)`,
    );

    const other = await send(
      await goodFields({
        subject: 'inappropriate',
        object_type: 'member',
        object_id: String(memberId),
      }),
    );
    expect(other.statusCode, other.body).toBe(200);
    const { mail: second } = await mailbox.next(CONTACT, { after: before + 1 });
    expect(second.text).toContain(`member Uploader (http://site.test/members/${memberId}/)`);
  });

  it('drops a referrer that is not a page of this site', async () => {
    for (const referrer of [
      'https://elsewhere.example/x',
      '//elsewhere.example/',
      'javascript:alert(1)',
    ]) {
      const res = await send(await goodFields({ referrer }));
      expect(res.statusCode, res.body).toBe(200);
      expect((await reports()).at(-1)?.referrer).toBe('');
    }
  });

  it('refuses a member without the session’s CSRF token', async () => {
    const member = await signInAs(t.app, t.database);
    const before = (await reports()).length;
    const res = await send(await goodFields(), undefined, { headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'csrf_failed' });
    expect(await reports()).toHaveLength(before);
  });
});

describe('refusals keep and mail nothing', () => {
  const snapshot = async () => ({ rows: (await reports()).length, mails: mailbox.messages.length });
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeEach(async () => {
    before = await snapshot();
  });

  afterEach(async () => {
    expect(await snapshot()).toEqual(before);
  });

  it('answers each field’s error (SPEC.md §5)', async () => {
    expect(await refused(await send({}))).toEqual([
      { field: 'subject', code: 'required' },
      { field: 'email', code: 'required' },
      { field: 'message', code: 'required' },
      { field: 'captcha', code: 'captcha_required' },
    ]);
    const cases: [Fields, { field: string; code: string }][] = [
      [{ subject: 'complaint' }, { field: 'subject', code: 'invalid_params' }],
      [{ email: 'not-an-email' }, { field: 'email', code: 'email_invalid' }],
      [{ email: `${'a'.repeat(250)}@mail.test` }, { field: 'email', code: 'email_invalid' }],
      [{ message: '   \n ' }, { field: 'message', code: 'required' }],
      [
        { message: 'x'.repeat(REPORT_LIMITS.messageMax + 1) },
        { field: 'message', code: 'max_length' },
      ],
      [{ object_type: 'video' }, { field: 'object_id', code: 'invalid_params' }],
      [
        { object_type: 'planet', object_id: '1' },
        { field: 'object_id', code: 'invalid_params' },
      ],
      [
        { object_type: 'video', object_id: '1e3' },
        { field: 'object_id', code: 'invalid_params' },
      ],
      [
        { object_type: 'video', object_id: '99999999' },
        { field: 'object_id', code: 'invalid_params' },
      ],
    ];
    for (const [overrides, expected] of cases) {
      const res = await send(await goodFields(overrides));
      expect(await refused(res), JSON.stringify(overrides)).toEqual([expected]);
    }
  });

  it('refuses a missing, wrong or other action’s captcha', async () => {
    const { captcha: _, ...noCaptcha } = await goodFields();
    expect(await refused(await send(noCaptcha))).toEqual([
      { field: 'captcha', code: 'captcha_required' },
    ]);
    expect(await refused(await send(await goodFields({ captcha: 'bm90IGEgcHJvb2Y=' })))).toEqual([
      { field: 'captcha', code: 'captcha_invalid' },
    ]);
    const forLogin = await solvedCaptcha(t.app, 'login');
    expect(await refused(await send(await goodFields({ captcha: forLogin })))).toEqual([
      { field: 'captcha', code: 'captcha_invalid' },
    ]);
  });

  it('refuses bytes that are not a picture, whatever the name and type say', async () => {
    const fakes: { data: Buffer | string; name: string; type: string }[] = [
      { data: 'just some text, not a picture', name: 'shot.png', type: 'image/png' },
      { data: '<?php system($_GET["c"]); ?>', name: 'shot.jpg', type: 'image/jpeg' },
      {
        data: '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        name: 'vector.png',
        type: 'image/png',
      },
      // A PNG signature and nothing after it.
      {
        data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        name: 'a.png',
        type: 'image/png',
      },
      // A real picture cut in half.
      {
        data: (await photoWithExif()).subarray(0, 2000),
        name: 'cut.jpg',
        type: 'image/jpeg',
      },
    ];
    for (const fake of fakes) {
      const res = await send(await goodFields(), fake);
      expect(await refused(res), fake.name).toEqual([{ field: 'file', code: 'file_invalid_type' }]);
    }
  });

  it('refuses a file over 10 MB and a picture over the pixel limit', async () => {
    const big = Buffer.alloc(REPORT_LIMITS.fileMaxBytes + 1, 7);
    const res = await send(await goodFields(), { data: big, name: 'big.png' });
    expect(await refused(res, 413)).toEqual([{ field: 'file', code: 'file_too_large' }]);

    // Just over 50 megapixels of one colour: small on the wire, 150 MB once decoded.
    const bomb = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(REPORT_LIMITS.fileMaxBytes);
    const bombed = await send(await goodFields(), { data: bomb, name: 'bomb.png' });
    expect(await refused(bombed)).toEqual([{ field: 'file', code: 'file_too_large' }]);
  });

  it('refuses NUL in a field and a form that is not multipart', async () => {
    const nul = await send(await goodFields({ message: 'hello\u0000world' }));
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'invalid_characters', field: 'message' });
    const asForm = await t.app.inject({
      method: 'POST',
      url: '/api/report.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(await goodFields()).toString(),
      remoteAddress: nextAddress(),
    });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.json()).toMatchObject({ code: 'bad_request' });
  });
});

describe('the captcha', () => {
  it('works once: a replayed proof is refused and keeps nothing', async () => {
    const captcha = await solvedCaptcha(t.app, 'contact');
    const first = await send(await goodFields({ captcha }));
    expect(first.statusCode, first.body).toBe(200);
    const rows = (await reports()).length;
    const mails = mailbox.messages.length;
    const replay = await send(await goodFields({ captcha, message: 'Again' }));
    expect(await refused(replay)).toEqual([{ field: 'captcha', code: 'captcha_invalid' }]);
    expect(await reports()).toHaveLength(rows);
    expect(mailbox.messages).toHaveLength(mails);
  });

  it('is not spent by a report refused for its fields', async () => {
    const captcha = await solvedCaptcha(t.app, 'contact');
    const bad = await send(await goodFields({ captcha, email: 'nope' }));
    expect(await refused(bad)).toEqual([{ field: 'email', code: 'email_invalid' }]);
    const fixed = await send(await goodFields({ captcha }));
    expect(fixed.statusCode, fixed.body).toBe(200);
  });
});

describe('the limit per address', () => {
  it(`takes ${REPORTS_PER_HOUR} calls an hour from one address, then answers 429`, async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < REPORTS_PER_HOUR; i++) {
      // Refused calls count too: the limit is on trying.
      const res = await send({}, undefined, { address });
      expect(res.statusCode).toBe(400);
    }
    const rows = (await reports()).length;
    const limited = await send(await goodFields(), undefined, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(await reports()).toHaveLength(rows);
    // Another address is another sender.
    expect(
      (await send(await goodFields(), undefined, { address: '203.0.113.78' })).statusCode,
    ).toBe(200);
  });
});

describe('without SMTP', () => {
  it('writes the mail to the outbox', async () => {
    const local = await createTestApp({
      database: t.database,
      env: { CONTACT_EMAIL: CONTACT, APP_SECRET: 'o'.repeat(40) },
    });
    try {
      const form = new FormData();
      const captcha = await solvedCaptcha(local.app, 'contact');
      for (const [name, value] of Object.entries({
        subject: 'dmca',
        email: 'rights@studio.test',
        message: 'Our film is uploaded without a licence.',
        captcha,
      })) {
        form.append(name, value);
      }
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/report.php',
        payload: form,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const dir = path.join(local.config.dataDir, 'outbox');
      const [name] = await readdir(dir);
      const mail = await simpleParser(await readFile(path.join(dir, name ?? '')));
      expect(mail.subject).toMatch(/^\[Afterglow\] DMCA \/ copyright \(report #\d+\)$/);
      expect(mail.text).toContain('Our film is uploaded without a licence.');
      expect(mail.replyTo?.value[0]?.address).toBe('rights@studio.test');
    } finally {
      await local.close();
    }
  });

  it('keeps the report, unmarked, when the mail cannot go out', async () => {
    const down = await createTestApp({
      database: t.database,
      // Nothing listens on port 9 of this machine.
      env: { CONTACT_EMAIL: CONTACT, SMTP_URL: 'smtp://127.0.0.1:9' },
    });
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        subject: 'support',
        email: 'patient@mail.test',
        message: 'Stored even if the mail server is down.',
        captcha: await solvedCaptcha(down.app, 'contact'),
      })) {
        form.append(name, value);
      }
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/report.php',
        payload: form,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = (await reports()).at(-1);
      expect(row).toMatchObject({ email: 'patient@mail.test', notified_at: null });

      // The mail is kept; once due, a process whose mail server answers sends it and marks
      // the report (decision 0051).
      const [kept] = await t.database.query<{ purpose: string; ref_id: number }>(
        'SELECT purpose, ref_id FROM mail_outbox',
      );
      expect(kept).toEqual({ purpose: 'report', ref_id: row?.id });
      expect(await t.app.retryMail()).toEqual({ sent: 0, failed: 0, dropped: 0 });
      await t.database.query("UPDATE mail_outbox SET next_at = now() - interval '1 second'");
      const before = mailbox.messages.length;
      expect(await t.app.retryMail()).toEqual({ sent: 1, failed: 0, dropped: 0 });
      const { mail } = await mailbox.next(CONTACT, { after: before });
      expect(mail.text).toContain('Stored even if the mail server is down.');
      expect((await reports()).at(-1)?.notified_at).not.toBeNull();
      expect(await t.database.query('SELECT 1 FROM mail_outbox')).toHaveLength(0);
    } finally {
      await down.close();
    }
  });
});
