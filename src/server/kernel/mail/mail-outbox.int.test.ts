import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/database.ts';
import { startMailbox, type TestMailbox } from '../../../../tests/support/smtp.ts';
import { createMailOutbox, retryDelayMinutes } from './mail-outbox.ts';
import { createMailer } from './mailer.ts';

// The outbox on a real database with real SMTP (decision 0051): a mail server that does not
// answer (nothing listens on port 9) keeps the message whole, attachment and all; the retry
// waits longer after each failure, sends once a server answers, marks the row it is about,
// and gives up after a week.

let db: TestDatabase;
let mailbox: TestMailbox;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase();
  mailbox = await startMailbox();
});

afterAll(async () => {
  await mailbox?.close();
  await db?.drop();
});

const message = {
  to: 'member@mail.test',
  subject: 'Your video was removed',
  text: 'Reason: spam',
  html: '<p>Reason: spam</p>',
  attachments: [
    { filename: 'proof.txt', content: Buffer.from('evidence'), contentType: 'text/plain' },
  ],
};

const row = async () =>
  (
    await db.database.query<{ attempts: number; wait: number }>(
      `SELECT attempts, round(extract(epoch FROM next_at - now()) / 60)::int AS wait
         FROM mail_outbox`,
    )
  )[0];

describe('the mail outbox', () => {
  it('waits 5, 15, 60 minutes, 6 hours, then a day between attempts', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMinutes)).toEqual([5, 15, 60, 360, 1440, 1440]);
  });

  it('keeps a mail the server refused, retries it later, and marks its row once sent', async () => {
    const marked: number[] = [];
    const marks = { statement: async (id: number) => void marked.push(id) };
    const down = createMailOutbox({
      database: db.database,
      mailer: createMailer({
        smtpUrl: 'smtp://127.0.0.1:9',
        from: 'site@mail.test',
        outboxDir: '',
        logger: silent,
      }),
      logger: silent,
      marks,
    });
    expect(await down.send(message, { purpose: 'statement', refId: 41 })).toBe(false);
    expect(marked).toEqual([]);
    expect(await row()).toMatchObject({ attempts: 1, wait: 5 });

    // Not due yet; then due, and the server still down: it waits longer.
    expect(await down.retryDue()).toEqual({ sent: 0, failed: 0, dropped: 0 });
    await db.database.query("UPDATE mail_outbox SET next_at = now() - interval '1 second'");
    expect(await down.retryDue()).toEqual({ sent: 0, failed: 1, dropped: 0 });
    expect(await row()).toMatchObject({ attempts: 2, wait: 15 });

    // A process whose server answers sends it whole and marks the statement.
    const up = createMailOutbox({
      database: db.database,
      mailer: createMailer({
        smtpUrl: mailbox.url,
        from: 'site@mail.test',
        outboxDir: '',
        logger: silent,
      }),
      logger: silent,
      marks,
    });
    await db.database.query("UPDATE mail_outbox SET next_at = now() - interval '1 second'");
    expect(await up.retryDue()).toEqual({ sent: 1, failed: 0, dropped: 0 });
    const { mail } = await mailbox.next('member@mail.test');
    expect(mail.subject).toBe('Your video was removed');
    expect(mail.attachments[0]?.content.toString()).toBe('evidence');
    expect(marked).toEqual([41]);
    expect(await row()).toBeUndefined();

    // Sent at once when the server answers: marked, nothing kept.
    expect(await up.send(message, { purpose: 'statement', refId: 42 })).toBe(true);
    expect(marked).toEqual([41, 42]);
    expect(await row()).toBeUndefined();
  });

  it('gives a mail up after a week of failures', async () => {
    const down = createMailOutbox({
      database: db.database,
      mailer: createMailer({
        smtpUrl: 'smtp://127.0.0.1:9',
        from: 'site@mail.test',
        outboxDir: '',
        logger: silent,
      }),
      logger: silent,
      marks: {},
    });
    await down.send(message, { purpose: 'report', refId: 7 });
    await db.database.query("UPDATE mail_outbox SET created_at = now() - interval '8 days'");
    expect(await down.retryDue()).toEqual({ sent: 0, failed: 0, dropped: 1 });
    expect(await row()).toBeUndefined();
  });
});
