import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { noisyPicture } from '../../../tests/support/factories.ts';
import { type FakeVerifier, startFakeVerifier } from '../../../tests/support/fake-age-verifier.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';

// The UK age check's two providers (decision 0054) on the real app and database: a moderator
// deciding photos in the console's queue (the default), and a third-party verifier over HTTP
// played by a local fake that follows Veriff's documented flow. Either way, once decided the
// row keeps only result, method and time, and no photo is left on disk.

const KEY = 'fake-api-key';
const SECRET = 'fake-shared-secret-of-the-site';

/** A photo-like picture with an EXIF block (the camera): the stored copy must lose it. */
function photo(width = 640, height = 480): Promise<Buffer> {
  return noisyPicture(width, height)
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 9', Copyright: 'Somewhere' } })
    .jpeg()
    .toBuffer();
}

function upload(t: TestApp, image: Buffer, session?: TestSession) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'me.jpg');
  return t.app.inject({
    method: 'POST',
    url: '/api/age_verification.php',
    headers: session?.headers ?? {},
    payload: form,
  });
}

const get = (t: TestApp, url: string, session?: TestSession) =>
  t.app.inject({ method: 'GET', url, headers: session ? { cookie: session.cookie } : {} });

const decide = (t: TestApp, id: number, decision: string, session?: TestSession) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/age-checks/${id}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(session?.headers ?? {}),
    },
    payload: new URLSearchParams({ decision }).toString(),
  });

interface Row {
  id: number;
  user_id: number;
  provider: string;
  method: string;
  state: string;
  external_ref: string | null;
  evidence_path: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

async function checksOf(t: TestApp, userId: number): Promise<Row[]> {
  return t.database.query<Row>('SELECT * FROM age_checks WHERE user_id = $1 ORDER BY id', [userId]);
}

async function ageVerified(t: TestApp, userId: number): Promise<boolean> {
  const [row] = await t.database.query<{ age_verified: boolean }>(
    'SELECT age_verified FROM users WHERE id = $1',
    [userId],
  );
  return row?.age_verified === true;
}

/** Every file under the data directory but the database's. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('db') && !file.startsWith('outbox') && file !== 'secret')
    .sort();
}

/** The newest mail the file mailer wrote to a member, parsed as a mail client reads it. */
async function mailTo(t: TestApp, userId: number): Promise<ParsedMail> {
  const [user] = await t.database.query<{ email: string }>(
    'SELECT email FROM users WHERE id = $1',
    [userId],
  );
  const dir = path.join(t.config.dataDir, 'outbox');
  const mails: ParsedMail[] = [];
  for (const name of (await readdir(dir)).sort()) {
    mails.push(await simpleParser(await readFile(path.join(dir, name))));
  }
  const mine = mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === user?.email);
  const mail = mine.at(-1);
  if (!mail) throw new Error(`no mail to member ${userId}`);
  return mail;
}

/** The columns a decided check may still hold: who, which provider, how, the result, when. */
function expectOnlyResult(row: Row | undefined, state: 'passed' | 'failed', method: string) {
  expect(row).toBeDefined();
  expect(row).toMatchObject({ state, method, evidence_path: null, external_ref: null });
  expect(row?.decided_at).toBeTruthy();
}

describe('staff provider (the default)', () => {
  let t: TestApp;
  let moderator: TestSession;
  let administrator: TestSession;
  let evidenceDir: string;

  beforeAll(async () => {
    t = await createTestApp();
    moderator = await signInAsStaff(t.app, t.database, 'moderator');
    administrator = await signInAsStaff(t.app, t.database, 'administrator');
    evidenceDir = t.config.ageVerifier.evidenceDir;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps the photo privately until a moderator approves it, then keeps only the result', async () => {
    const member = await signInAs(t.app, t.database);
    await t.database.query(`UPDATE users SET lang = 'de' WHERE id = $1`, [member.userId]);
    const res = await upload(t, await photo(), member);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      success: 0,
      pending: 1,
      state: 'pending',
      status_url: '/api/age_verification.php',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await ageVerified(t, member.userId)).toBe(false);
    expect((await get(t, '/api/age_verification.php', member)).json()).toMatchObject({
      state: 'pending',
      age_verified: false,
    });

    // One JPEG in the private folder, outside the media folder, without its EXIF block.
    const [check] = await checksOf(t, member.userId);
    expect(check).toMatchObject({ provider: 'staff', method: 'photo_review', state: 'pending' });
    expect(evidenceDir.startsWith(t.config.mediaDir)).toBe(false);
    expect(path.relative(t.config.dataDir, evidenceDir)).toBe(path.join('private', 'age-checks'));
    expect(await readdir(evidenceDir)).toEqual([check?.evidence_path]);
    const stored = await sharp(path.join(evidenceDir, String(check?.evidence_path))).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();

    // A second photo while the first waits is not kept.
    expect((await upload(t, await photo(800, 600), member)).statusCode).toBe(202);
    expect(await readdir(evidenceDir)).toHaveLength(1);
    expect(await checksOf(t, member.userId)).toHaveLength(1);

    // The moderator sees it in the queue, and the photo, never cached.
    const queue = await get(t, '/api/admin/age-checks', moderator);
    expect(queue.statusCode).toBe(200);
    const item = queue
      .json<{ items: { id: number; photo: string; member: { id: number } }[] }>()
      .items.find((i) => i.member.id === member.userId);
    expect(item?.id).toBe(check?.id);
    const image = await get(t, String(item?.photo), moderator);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(640);

    const approved = await decide(t, Number(check?.id), 'approve', moderator);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ success: 1 });
    expect(await ageVerified(t, member.userId)).toBe(true);
    const [decided] = await checksOf(t, member.userId);
    expectOnlyResult(decided, 'passed', 'photo_review');
    expect(decided?.decided_by).toBe(moderator.userId);
    // Texas HB 1181 / double anonymity: the file is gone, and its address answers nothing.
    expect(await readdir(evidenceDir)).toEqual([]);
    expect((await get(t, String(item?.photo), moderator)).statusCode).toBe(404);
    expect((await get(t, '/api/age_verification.php', member)).json()).toMatchObject({
      state: 'passed',
      age_verified: true,
      method: 'photo_review',
    });
    // Audited, with no more of the photo than the check's number.
    const [audit] = await t.database.query<{ actor_id: number; after: Record<string, unknown> }>(
      `SELECT actor_id, after FROM audit_log WHERE action = 'age_check.pass' AND object_id = $1`,
      [member.userId],
    );
    expect(audit).toEqual({
      actor_id: moderator.userId,
      after: { age_check: check?.id, state: 'passed', method: 'photo_review' },
    });
    // The member hears it in their language's mail.
    const outbox = await readdir(path.join(t.config.dataDir, 'outbox'));
    expect(outbox.length).toBeGreaterThan(0);
    const mail = await mailTo(t, member.userId);
    expect(mail.subject).toBe(`Dein Alter ist auf ${t.config.siteName} bestätigt`);
    expect(mail.text).toContain('Deine Altersprüfung');
    expect(mail.html).toContain('<html lang="de">');
    // A verified member sending again is simply verified, whatever they send: it is not read.
    expect((await upload(t, await photo(), member)).json()).toEqual({ success: 1 });
    expect((await upload(t, Buffer.from('not a photo'), member)).json()).toEqual({ success: 1 });
    expect(await readdir(evidenceDir)).toEqual([]);
  });

  it('makes one pending check of two photos sent at once', async () => {
    const member = await signInAs(t.app, t.database);
    const image = await photo();
    const before = (await readdir(evidenceDir)).length;
    const answers = await Promise.all([upload(t, image, member), upload(t, image, member)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202]);
    const rows = await checksOf(t, member.userId);
    expect(rows.map((r) => r.state)).toEqual(['pending']);
    expect(await readdir(evidenceDir)).toHaveLength(before + 1);
    await decide(t, Number(rows[0]?.id), 'reject', moderator);
  });

  it('deletes the photo on a rejection, and lets the member try again', async () => {
    const member = await signInAs(t.app, t.database);
    await upload(t, await photo(), member);
    const [check] = await checksOf(t, member.userId);
    const bad = await decide(t, Number(check?.id), 'maybe', administrator);
    expect(bad.statusCode).toBe(400);
    expect(await readdir(evidenceDir)).toHaveLength(1);

    const rejected = await decide(t, Number(check?.id), 'reject', administrator);
    expect(rejected.statusCode).toBe(200);
    expect(await ageVerified(t, member.userId)).toBe(false);
    expectOnlyResult((await checksOf(t, member.userId))[0], 'failed', 'photo_review');
    expect(await readdir(evidenceDir)).toEqual([]);
    expect((await get(t, `/api/admin/age-checks/${check?.id}/photo`, moderator)).statusCode).toBe(
      404,
    );
    // Decided once: a second moderator's decision finds nothing waiting.
    const again = await decide(t, Number(check?.id), 'approve', moderator);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found', info: { state: 'failed' } });
    expect(await ageVerified(t, member.userId)).toBe(false);
    expect((await get(t, '/api/age_verification.php', member)).json()).toMatchObject({
      state: 'failed',
    });
    expect((await upload(t, await photo(), member)).statusCode).toBe(202);
    expect(await checksOf(t, member.userId)).toHaveLength(2);
  });

  it('shows the queue and the photo to staff only', async () => {
    const member = await signInAs(t.app, t.database);
    await upload(t, await photo(), member);
    const [check] = await checksOf(t, member.userId);
    const photoUrl = `/api/admin/age-checks/${check?.id}/photo`;
    const other = await signInAs(t.app, t.database);
    for (const [who, code] of [
      [undefined, 'need_auth'],
      [member, 'no_permission'],
      [other, 'no_permission'],
    ] as const) {
      for (const url of ['/api/admin/age-checks', photoUrl]) {
        const res = await get(t, url, who);
        expect(res.json(), url).toMatchObject({ code });
        expect(res.headers['content-type']).toContain('application/json');
      }
      expect((await decide(t, Number(check?.id), 'approve', who)).json()).toMatchObject({ code });
    }
    expect(await ageVerified(t, member.userId)).toBe(false);
    // The media routes do not reach the private folder.
    const name = String(check?.evidence_path);
    for (const url of [
      `/media/${name}`,
      `/media/../private/age-checks/${name}`,
      `/private/age-checks/${name}`,
    ]) {
      expect((await get(t, url, moderator)).statusCode, url).toBeGreaterThanOrEqual(400);
    }
    // A visitor has no status to ask about.
    expect((await get(t, '/api/age_verification.php')).statusCode).toBe(401);
    await decide(t, Number(check?.id), 'reject', moderator);
  });

  it('fails a check nobody decided in time and deletes its photo, and stray files', async () => {
    const member = await signInAs(t.app, t.database);
    await upload(t, await photo(), member);
    const [check] = await checksOf(t, member.userId);
    // A file no check holds, an hour old: what a crash between storing and recording leaves.
    const stray = path.join(evidenceDir, '00000000-0000-4000-8000-000000000000.jpg');
    await writeFile(stray, 'x');
    const hourAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stray, hourAgo, hourAgo);

    const held = async () =>
      (
        await t.database.query<{ evidence_path: string }>(
          `SELECT evidence_path FROM age_checks WHERE state = 'pending' ORDER BY evidence_path`,
        )
      ).map((row) => row.evidence_path);
    expect(await t.app.expireAgeChecks()).toEqual({ expired: 0, swept: 1 });
    expect((await readdir(evidenceDir)).sort()).toEqual(await held());
    expect(await held()).toContain(check?.evidence_path);

    await t.database.query(
      `UPDATE age_checks SET created_at = now() - interval '3 days 1 hour' WHERE id = $1`,
      [check?.id],
    );
    expect(await t.app.expireAgeChecks()).toEqual({ expired: 1, swept: 0 });
    expectOnlyResult((await checksOf(t, member.userId))[0], 'failed', 'photo_review');
    expect(await readdir(evidenceDir)).not.toContain(check?.evidence_path);
    expect((await readdir(evidenceDir)).sort()).toEqual(await held());
    const [audit] = await t.database.query<{ actor_role: string }>(
      `SELECT actor_role FROM audit_log WHERE action = 'age_check.expire' AND object_id = $1`,
      [member.userId],
    );
    expect(audit?.actor_role).toBe('system');
  });
});

describe('http provider against the fake verifier', () => {
  let t: TestApp;
  let fake: FakeVerifier;
  /** The app's clock, still unless a test moves it: the verifier is asked at most every 5 s. */
  let now = Date.now();

  beforeAll(async () => {
    fake = await startFakeVerifier({ key: KEY, secret: SECRET });
    t = await createTestApp({
      env: {
        AGE_VERIFIER: 'http',
        AGE_VERIFIER_URL: fake.url,
        AGE_VERIFIER_KEY: KEY,
        AGE_VERIFIER_SECRET: SECRET,
        // Long enough for a loaded CI machine's first call (undici's first connection and
        // the photo's screening ran past 500 ms once), short enough for the stall test.
        AGE_VERIFIER_TIMEOUT_MS: '3000',
      },
      clock: () => now,
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const webhook = (body: string, signature: string, key = KEY) =>
    t.app.inject({
      method: 'POST',
      url: '/api/age_verification/webhook',
      headers: {
        'content-type': 'application/json',
        'x-auth-client': key,
        'x-hmac-signature': signature,
      },
      payload: body,
    });

  const sessionOf = (row: Row | undefined) => {
    const session = [...fake.sessions.values()].find((s) => s.vendorData === String(row?.id));
    if (!session) throw new Error('the verifier has no session for the check');
    return session;
  };

  it('passes a member the verifier approves; the photo is sent, not kept', async () => {
    fake.options.outcome = 'approved';
    const member = await signInAs(t.app, t.database);
    const before = await filesOf(t.config.dataDir);
    const res = await upload(t, await photo(), member);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: 1 });
    expect(await ageVerified(t, member.userId)).toBe(true);
    const [row] = await checksOf(t, member.userId);
    expectOnlyResult(row, 'passed', 'age_estimation');
    expect(row?.provider).toBe('http');
    expect(row?.decided_by).toBeNull();
    // The verifier got the screened JPEG and the check's number, nothing about the member.
    const session = sessionOf(row);
    expect((await sharp(session.image).metadata()).exif).toBeUndefined();
    const sent = session.bodies.join('\n');
    expect(sent).not.toContain(member.username);
    expect(sent).not.toContain('@test.example');
    expect(await filesOf(t.config.dataDir)).toEqual(before);
  });

  it('fails a member the verifier declines', async () => {
    fake.options.outcome = 'declined';
    const member = await signInAs(t.app, t.database);
    const res = await upload(t, await photo(), member);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'age_verification_failed', field: 'file' });
    expect(await ageVerified(t, member.userId)).toBe(false);
    expectOnlyResult((await checksOf(t, member.userId))[0], 'failed', 'age_estimation');
  });

  it('waits for the signed webhook, and refuses one that is not signed with our secret', async () => {
    fake.options.outcome = 'hold';
    const member = await signInAs(t.app, t.database);
    const res = await upload(t, await photo(), member);
    expect(res.statusCode).toBe(202);
    const [pending] = await checksOf(t, member.userId);
    const session = sessionOf(pending);
    expect(pending).toMatchObject({
      state: 'pending',
      external_ref: session.id,
      evidence_path: null,
    });

    session.status = 'approved';
    const body = fake.webhookBody(session.id);
    const forged = await webhook(body, fake.sign(`${body} `));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'no_permission' });
    expect((await webhook(body, 'not-hex')).statusCode).toBe(403);
    expect((await webhook(body, fake.sign(body), 'another-key')).statusCode).toBe(403);
    // A prefix of our key, or one longer than it, is as wrong as any other.
    expect((await webhook(body, fake.sign(body), KEY.slice(0, -1))).statusCode).toBe(403);
    expect((await webhook(body, fake.sign(body), `${KEY}x`)).statusCode).toBe(403);
    expect(await ageVerified(t, member.userId)).toBe(false);
    expect((await checksOf(t, member.userId))[0]?.state).toBe('pending');

    const signed = await webhook(body, fake.sign(body));
    expect(signed.statusCode).toBe(200);
    expect(await ageVerified(t, member.userId)).toBe(true);
    expectOnlyResult((await checksOf(t, member.userId))[0], 'passed', 'age_estimation');
    // The same webhook again changes nothing and is not refused.
    expect((await webhook(body, fake.sign(body))).statusCode).toBe(200);
    expect((await get(t, '/api/age_verification.php', member)).json()).toMatchObject({
      state: 'passed',
    });
  });

  it('learns a decision by asking when no webhook comes', async () => {
    fake.options.outcome = 'hold';
    const member = await signInAs(t.app, t.database);
    expect((await upload(t, await photo(), member)).statusCode).toBe(202);
    const session = sessionOf((await checksOf(t, member.userId))[0]);
    expect((await get(t, '/api/age_verification.php', member)).json()).toMatchObject({
      state: 'pending',
    });
    await fake.decide(session.id, 'declined', { webhook: false });
    // The last ask was just now: the next waits its turn, then learns the decision.
    const state = async () => (await get(t, '/api/age_verification.php', member)).json().state;
    expect(await state()).toBe('pending');
    now += 5000;
    expect(await state()).toBe('failed');
    expectOnlyResult((await checksOf(t, member.userId))[0], 'failed', 'age_estimation');
  });

  it('answers `unavailable` when the verifier does not answer in time, keeping nothing', async () => {
    fake.options.stall = true;
    const member = await signInAs(t.app, t.database);
    try {
      const res = await upload(t, await photo(), member);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'unavailable',
        field: 'file',
        info: { reason: 'verifier_timeout' },
      });
    } finally {
      fake.options.stall = false;
    }
    expect(await checksOf(t, member.userId)).toEqual([]);
    expect(await ageVerified(t, member.userId)).toBe(false);
  });
});
