import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/constants.ts';
import { escapeHtml } from '../kernel/mail/mail-html.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';

// The account mails (confirmation, password reset, email change: the link to the new
// address and the notice to the old one) in the member's language, from the same locale
// files as the web app (their `mail` section), with English for anything missing.

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/i18n/locales',
);

type MailKind = 'confirm' | 'reset' | 'emailConfirm' | 'emailNotice';
interface MailTexts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  ignore: string;
}

const cache = new Map<Language, Partial<Record<MailKind, Partial<MailTexts>>>>();

function mailSection(lang: Language): Partial<Record<MailKind, Partial<MailTexts>>> {
  let section = cache.get(lang);
  if (!section) {
    const json = JSON.parse(
      readFileSync(path.join(LOCALES_DIR, 'account', `${lang}.json`), 'utf8'),
    ) as {
      mail?: Partial<Record<MailKind, Partial<MailTexts>>>;
    };
    section = json.mail ?? {};
    cache.set(lang, section);
  }
  return section;
}

const FALLBACK: Record<MailKind, MailTexts> = {
  confirm: {
    subject: 'Confirm your email for {{site}}',
    greeting: 'Hello {{username}},',
    body: 'Thank you for signing up at {{site}}. Open this link within {{hours}} hours to activate your account:',
    action: 'Confirm my email',
    ignore: 'If you did not sign up, ignore this mail: the account stays inactive.',
  },
  reset: {
    subject: 'Reset your password at {{site}}',
    greeting: 'Hello {{username}},',
    body: 'Someone asked to reset the password of your account at {{site}}. Open this link within {{hours}} hours to choose a new one:',
    action: 'Choose a new password',
    ignore: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  emailConfirm: {
    subject: 'Confirm your new email for {{site}}',
    greeting: 'Hello {{username}},',
    body: 'You asked to use this address for your account at {{site}}. Open this link within {{hours}} hours to confirm it:',
    action: 'Confirm my new email',
    ignore: 'If you did not ask for this, ignore this mail: the account keeps its current address.',
  },
  emailNotice: {
    subject: 'Your email at {{site}} is about to change',
    greeting: 'Hello {{username}},',
    body: 'Someone signed in to your account at {{site}} asked to change its email to {{email}}. It changes only when the link mailed to that address is opened, within {{hours}} hours. If it was not you, reset your password now: that signs everyone out and cancels the change.',
    action: 'Reset my password',
    ignore: 'If it was you, there is nothing to do.',
  },
};

/** An address as the notice to the old one shows it: enough to recognise, not to copy. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

export function accountMail(input: {
  kind: MailKind;
  lang: string;
  to: string;
  username: string;
  site: string;
  link: string;
  hours: number;
  /** The new address an email change mail names. */
  email?: string;
}): MailMessage {
  const lang = isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE;
  const own = mailSection(lang)[input.kind] ?? {};
  const values = {
    site: input.site,
    username: input.username,
    hours: input.hours,
    email: input.email ?? '',
  };
  const text = (key: keyof MailTexts) => fill(own[key] || FALLBACK[input.kind][key], values);
  const link = escapeHtml(input.link);
  return {
    to: input.to,
    subject: text('subject'),
    link: input.link,
    text: [text('greeting'), '', text('body'), input.link, '', text('ignore'), '', input.site].join(
      '\n',
    ),
    html: [
      `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5">`,
      `<p>${escapeHtml(text('greeting'))}</p>`,
      `<p>${escapeHtml(text('body'))}</p>`,
      `<p><a href="${link}">${escapeHtml(text('action'))}</a></p>`,
      `<p style="font-size:12px;color:#555">${link}</p>`,
      `<p>${escapeHtml(text('ignore'))}</p>`,
      `<p>${escapeHtml(input.site)}</p>`,
      '</body></html>',
    ].join(''),
  };
}
