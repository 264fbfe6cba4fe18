import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contracts/constants.ts';
import { memberMail, memberMailTranslations } from './member-mail.ts';

// How a member contests an account decision, in their language: a strike and all comments
// removed are appealed on their own profile ("Moderation decisions", the mail's link); a
// banned member cannot sign in, so the ban's mail keeps the contact form; a DMCA notice's
// strike is countered from the uploaded videos.

const base = {
  to: 'member@mail.test',
  memberId: 42,
  username: 'member42',
  site: { name: 'Afterglow', url: 'http://site.test' },
  reason: 'spam',
  note: '',
};

describe('account decision mails', () => {
  const translations = memberMailTranslations();

  it('sends a strike and removed comments to the profile’s decisions', () => {
    for (const decision of [
      { kind: 'strike', count: 1, limit: 3 },
      { kind: 'comments', count: 4 },
    ] as const) {
      const mail = memberMail({ ...base, lang: 'en', decision }, translations);
      expect(mail.text).toContain('appeal it, once, on your profile under “Moderation decisions”');
      expect(mail.text).not.toContain('contact form');
      expect(mail.link).toBe('http://site.test/members/42/');
      expect(mail.html).toContain('href="http://site.test/members/42/"');
    }
  });

  it('keeps the contact form for a ban', () => {
    const mail = memberMail(
      { ...base, lang: 'en', decision: { kind: 'banned', hidden: false } },
      translations,
    );
    expect(mail.text).toContain('contact form at the foot of every page');
    expect(mail.text).not.toContain('Moderation decisions');
    expect(mail.link).toBe('http://site.test/');
  });

  it('tells a DMCA notice’s strike to counter, not appeal', () => {
    const mail = memberMail(
      {
        ...base,
        lang: 'en',
        reason: 'copyright',
        decision: { kind: 'strike', count: 1, limit: 3, dmca: true },
      },
      translations,
    );
    expect(mail.text).toContain('counter-notice');
    expect(mail.text).not.toContain('Moderation decisions');
    expect(mail.link).toBe('http://site.test/members/42/');
  });

  it('has every contest text translated in all ten languages', () => {
    for (const lang of LANGUAGES) {
      const own = translations[lang];
      for (const key of ['contest', 'bannedContest', 'strikeDmcaContest'] as const) {
        expect(own?.[key], `${lang} ${key}`).toBeTruthy();
        if (lang !== 'en') expect(own?.[key]).not.toBe(translations.en?.[key]);
      }
      expect(own?.contest).not.toBe(own?.bannedContest);
    }
    const german = memberMail(
      { ...base, lang: 'de', decision: { kind: 'comments', count: 2 } },
      translations,
    );
    expect(german.text).toContain('„Moderationsentscheidungen“');
  });
});
