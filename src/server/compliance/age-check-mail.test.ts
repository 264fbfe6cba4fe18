import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailOutbox } from '../kernel/mail/mail-outbox.ts';
import type { Mailer } from '../kernel/mail/mailer.ts';
import { ageMailTranslations, createAgeCheckNotifier } from './age-check-mail.ts';

// The age check's result mail (decision 0054) goes through the mail outbox (decision 0051): an
// SMTP server that is down does not lose it, the retry job sends it later.

const site = { name: 'Afterglow', url: 'https://site.test' };
const silent = pino({ level: 'silent' });

describe('the age check result mail', () => {
  it('is kept for the retry job when the mail server is down, in the member’s language', async () => {
    const kept: unknown[][] = [];
    const down: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      close: () => {},
    };
    const outbox = createMailOutbox({
      database: {
        async query<T>(_sql: string, params?: unknown[]): Promise<T[]> {
          kept.push(params ?? []);
          return [];
        },
      },
      mailer: down,
      logger: silent,
      marks: {},
    });
    const tell = createAgeCheckNotifier({
      recipient: async () => ({ username: 'anna', email: 'anna@mail.test', lang: 'de' }),
      outbox,
      site,
      logger: silent,
      translations: ageMailTranslations(),
    });
    await tell(7, 'failed');
    expect(kept).toHaveLength(1);
    const [message, purpose, refId] = kept[0] ?? [];
    expect(purpose).toBe('age_check');
    expect(refId).toBeNull();
    expect(JSON.parse(String(message))).toMatchObject({
      to: 'anna@mail.test',
      subject: 'Deine Altersprüfung auf Afterglow ist nicht bestanden',
      link: 'https://site.test/',
    });
  });

  it('is not sent to a member the statements would not reach', async () => {
    const sent: unknown[] = [];
    const tell = createAgeCheckNotifier({
      recipient: async () => undefined,
      outbox: { send: async (message) => Boolean(sent.push(message)) },
      site,
      logger: silent,
      translations: {},
    });
    await tell(7, 'passed');
    expect(sent).toEqual([]);
  });
});
