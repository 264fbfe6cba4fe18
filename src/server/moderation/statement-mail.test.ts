import { describe, expect, it } from 'vitest';
import { rejectionMail, statementMailTranslations } from './statement-mail.ts';

// The statement of reasons for a comment, playlist or album taken down (decision 0047): what,
// why in words that fit the object, how to contest it, in the member's language.

const base = {
  decision: 'removed' as const,
  to: 'member@mail.test',
  memberId: 7,
  username: 'member7',
  site: { name: 'Afterglow', url: 'http://site.test' },
  reason: 'copyright',
  note: '',
};

describe('statement mail of other objects', () => {
  const translations = statementMailTranslations();

  it('names a removed comment and the reason in words for any object', () => {
    const mail = rejectionMail(
      { ...base, objectType: 'comment', lang: 'en', title: 'Buy pills' },
      translations,
    );
    expect(mail.subject).toBe('Your comment was removed from Afterglow');
    expect(mail.text).toContain('removed your comment “Buy pills”');
    expect(mail.text).toContain('Reason: copyright claim');
    expect(mail.text).not.toContain('the video');
  });

  it('points to the member’s own profile, where the decision is appealed', () => {
    for (const objectType of ['comment', 'playlist', 'album'] as const) {
      const mail = rejectionMail({ ...base, objectType, lang: 'en', title: 'X' }, translations);
      expect(mail.text).toContain('appeal it, once, on your profile under “Moderation decisions”');
      expect(mail.text).not.toContain('contact form');
      expect(mail.link).toBe('http://site.test/members/7/');
    }
    const french = rejectionMail(
      { ...base, objectType: 'comment', lang: 'fr', title: 'X' },
      translations,
    );
    expect(french.text).toContain('« Décisions de modération »');
  });

  it('speaks the member’s language for albums and playlists', () => {
    const album = rejectionMail(
      { ...base, objectType: 'album', lang: 'de', title: 'Urlaub' },
      translations,
    );
    expect(album.subject).toBe('Dein Album „Urlaub“ wurde von Afterglow entfernt');
    expect(album.text).toContain('Urheberrechtsbeschwerde');
    const playlist = rejectionMail(
      { ...base, objectType: 'playlist', lang: 'ja', title: 'お気に入り' },
      translations,
    );
    expect(playlist.subject).toBe(
      'あなたのプレイリスト「お気に入り」はAfterglowから削除されました',
    );
  });

  it('keeps a video’s removal in its own words', () => {
    const mail = rejectionMail({ ...base, lang: 'en', title: 'Clip' }, translations);
    expect(mail.subject).toBe('Your video “Clip” was removed from Afterglow');
    expect(mail.text).toContain('the video infringes someone’s copyright');
  });
});
