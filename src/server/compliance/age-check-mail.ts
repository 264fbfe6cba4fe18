import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/constants.ts';
import { escapeHtml, paragraphsHtml } from '../kernel/mail/mail-html.ts';
import { type FindRecipient, fill, screenLocaleSection } from '../kernel/mail/mail-locale.ts';
import type { MailOutbox } from '../kernel/mail/mail-outbox.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';
import type { AgeOutcome } from './age-assurance.ts';

// The member hears how their age check ended (decision 0054), in their language: the screen
// locale files' `ageCheck.mail` (English where a text is missing). Good news or bad, the mail
// links to the site, where the gate opens or asks for another photo. It goes through the
// mail outbox (decision 0051): with the SMTP server down it is kept and sent by the retry job.

interface Texts {
  passedSubject: string;
  passed: string;
  failedSubject: string;
  failed: string;
  greeting: string;
}

const ENGLISH: Texts = {
  greeting: 'Hello {{username}},',
  passedSubject: 'Your age is verified on {{site}}',
  passed: 'Your age check on {{site}} passed: the whole site is open to you now.',
  failedSubject: 'Your age check on {{site}} did not pass',
  failed:
    'Your age check on {{site}} did not pass. Your photo has been deleted; you can send another one from the site.',
};

export type AgeMailTranslations = Partial<Record<Language, Partial<Texts>>>;

/** `ageCheck.mail` of every screen locale file (read once). */
export function ageMailTranslations(dir?: string): AgeMailTranslations {
  const translations: AgeMailTranslations = {};
  for (const [lang, section] of Object.entries(screenLocaleSection('ageCheck', dir))) {
    translations[lang as Language] = (section as { mail?: Partial<Texts> }).mail ?? {};
  }
  return translations;
}

/** The result mail of one check, in the member's language. */
export function ageCheckMail(
  input: {
    to: string;
    lang: string;
    username: string;
    outcome: AgeOutcome;
    site: { name: string; url: string };
  },
  translations: AgeMailTranslations = {},
): MailMessage {
  const lang = isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE;
  const own = translations[lang] ?? {};
  const values = { site: input.site.name, username: input.username };
  const text = (key: keyof Texts) => fill(own[key] || ENGLISH[key], values);
  const passed = input.outcome === 'passed';
  const paragraphs = [text('greeting'), text(passed ? 'passed' : 'failed')];
  const link = `${input.site.url}/`;
  return {
    to: input.to,
    subject: text(passed ? 'passedSubject' : 'failedSubject'),
    link,
    text: [...paragraphs, link, '', input.site.name].join('\n\n'),
    html: [
      `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
      paragraphsHtml(paragraphs),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      paragraphsHtml([input.site.name]),
      '</body></html>',
    ].join(''),
  };
}

export function createAgeCheckNotifier(deps: {
  /** The statements' recipient: a member with a confirmed address. */
  recipient: FindRecipient;
  outbox: Pick<MailOutbox, 'send'>;
  site: { name: string; url: string };
  logger: Pick<Logger, 'warn'>;
  translations?: AgeMailTranslations;
}) {
  const translations = deps.translations ?? ageMailTranslations();
  return async (userId: number, outcome: AgeOutcome): Promise<void> => {
    try {
      const member = await deps.recipient(userId);
      if (!member?.email) return;
      await deps.outbox.send(
        ageCheckMail(
          {
            to: member.email,
            lang: member.lang,
            username: member.username,
            outcome,
            site: deps.site,
          },
          translations,
        ),
        // Nothing to mark: the check's row already says how it ended.
        { purpose: 'age_check', refId: null },
      );
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'age check mail not sent');
    }
  };
}
