import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
} from '../../contracts/constants.ts';
import { escapeHtml } from '../kernel/mail/mail-html.ts';
import type { Mailer } from '../kernel/mail/mailer.ts';
import type { AgeOutcome } from './age-assurance.ts';

// The member hears how their age check ended (decision 0054), in their language: the screen
// locale files' `ageCheck.mail` (English where a text is missing). Good news or bad, the mail
// links to the site, where the gate opens or asks for another photo. A failed mail is logged:
// the gate tells the member the same on their next visit.

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

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/i18n/locales/screens',
);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

export type AgeMailTranslations = Partial<Record<Language, Partial<Texts>>>;

/** `ageCheck.mail` of every screen locale file (read once). */
export function ageMailTranslations(dir = LOCALES_DIR): AgeMailTranslations {
  const translations: AgeMailTranslations = {};
  for (const lang of LANGUAGES) {
    const json = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as {
      ageCheck?: { mail?: Partial<Texts> };
    };
    translations[lang] = json.ageCheck?.mail ?? {};
  }
  return translations;
}

export function createAgeCheckNotifier(deps: {
  recipient(userId: number): Promise<{ username: string; email: string; lang: string } | undefined>;
  mailer: Mailer;
  site: { name: string; url: string };
  logger: Pick<Logger, 'warn'>;
  translations?: AgeMailTranslations;
}) {
  const translations = deps.translations ?? ageMailTranslations();
  return async (userId: number, outcome: AgeOutcome): Promise<void> => {
    try {
      const member = await deps.recipient(userId);
      if (!member?.email) return;
      const lang = isLanguage(member.lang) ? member.lang : DEFAULT_LANGUAGE;
      const own = translations[lang] ?? {};
      const values = { site: deps.site.name, username: member.username };
      const text = (key: keyof Texts) => fill(own[key] || ENGLISH[key], values);
      const passed = outcome === 'passed';
      const paragraphs = [text('greeting'), text(passed ? 'passed' : 'failed')];
      const link = `${deps.site.url}/`;
      await deps.mailer.send({
        to: member.email,
        subject: text(passed ? 'passedSubject' : 'failedSubject'),
        link,
        text: [...paragraphs, link, '', deps.site.name].join('\n\n'),
        html: [
          `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
          ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
          `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
          `<p>${escapeHtml(deps.site.name)}</p></body></html>`,
        ].join(''),
      });
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'age check mail not sent');
    }
  };
}
