import { describe, expect, it } from 'vitest';
import { accountMail, maskEmail } from './account-mail.ts';

// The account mails come in the member's language, with every value filled and the HTML
// escaped.

const base = {
  to: 'anna@mail.test',
  username: 'anna<b>',
  site: 'Afterglow',
  link: 'https://site.test/restore-password/?token=abc&x=1',
  hours: 2,
};

describe('accountMail', () => {
  it('writes the reset mail in the member’s language with the link and the hours', () => {
    const en = accountMail({ ...base, kind: 'reset', lang: 'en' });
    const de = accountMail({ ...base, kind: 'reset', lang: 'de' });
    expect(en.subject).toBe('Reset your password at Afterglow');
    expect(de.subject).not.toBe(en.subject);
    expect(de.subject).toContain('Afterglow');
    for (const mail of [en, de]) {
      expect(mail.text).toContain(base.link);
      expect(mail.text).toContain(' 2 ');
      expect(mail.text).not.toMatch(/\{\{/);
    }
  });

  it('escapes the username and link in the HTML part', () => {
    const mail = accountMail({ ...base, kind: 'confirm', lang: 'en' });
    expect(mail.html).toContain('anna&lt;b&gt;');
    expect(mail.html).toContain('href="https://site.test/restore-password/?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>');
  });

  it('falls back to English for an unknown language', () => {
    const mail = accountMail({ ...base, kind: 'confirm', lang: 'xx' });
    expect(mail.subject).toBe('Confirm your email for Afterglow');
  });
});

describe('the email change mails', () => {
  it('asks the new address to confirm, in the member’s language, with the hours', () => {
    const link = 'https://site.test/api/confirm_email.php?token=abc';
    for (const lang of ['en', 'ja'] as const) {
      const mail = accountMail({
        ...base,
        kind: 'emailConfirm',
        lang,
        to: 'anna.new@mail.test',
        link,
        hours: 24,
        email: 'anna.new@mail.test',
      });
      expect(mail.to).toBe('anna.new@mail.test');
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('24');
      expect(mail.text).not.toMatch(/\{\{/);
    }
  });

  it('tells the old address which new one was asked for, in part, and how to stop it', () => {
    const mail = accountMail({
      ...base,
      kind: 'emailNotice',
      lang: 'en',
      link: 'https://site.test/restore-password/',
      hours: 24,
      email: maskEmail('anna.new@mail.test'),
    });
    expect(mail.subject).toBe('Your email at Afterglow is about to change');
    expect(mail.text).toContain('a***@mail.test');
    expect(mail.text).toContain('reset your password');
    expect(mail.html).toContain('href="https://site.test/restore-password/"');
  });

  it('masks an address down to its first letter and domain', () => {
    expect(maskEmail('anna.new@mail.test')).toBe('a***@mail.test');
    expect(maskEmail('x@y.example')).toBe('x***@y.example');
    expect(maskEmail('@odd')).toBe('***');
    expect(maskEmail('no-at-sign')).toBe('***');
  });
});
