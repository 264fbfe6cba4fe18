import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { rememberingT } from './use-translation.ts';

// The app's translate function remembers what it said (issue 18): it must say exactly what
// i18next says, plural forms and placeholders included, and learn messages added later.

const messages = {
  thumb: { views_one: '{{count}} view', views_other: '{{count}} views', hd: 'HD' },
};

describe('rememberingT', () => {
  it('says what i18next says, each time, for plurals and placeholders', () => {
    const i18n = createI18n('en', messages);
    const t = rememberingT(i18n);
    for (const count of [1, 2, 1, 7, 2]) {
      expect(t('thumb.views', { count })).toBe(i18n.t('thumb.views', { count }));
    }
    expect(t('thumb.views', { count: 1 })).toBe('1 view');
    expect(t('thumb.views', { count: 7 })).toBe('7 views');
    expect(t('thumb.hd')).toBe('HD');
  });

  it('learns messages added after it first answered (a screen’s own messages)', () => {
    const i18n = createI18n('en', messages);
    const t = rememberingT(i18n);
    expect(t('video.title')).toBe('video.title');
    i18n.addResourceBundle('en', 'translation', { video: { title: 'Watch' } }, true, true);
    expect(t('video.title')).toBe('Watch');
  });

  it('does not keep answers for options it cannot name (objects inside)', () => {
    const i18n = createI18n('en', { hello: 'Hi {{who.name}}' });
    const t = rememberingT(i18n);
    const who = { name: 'Ann' };
    expect(t('hello', { who })).toBe('Hi Ann');
    who.name = 'Bo';
    expect(t('hello', { who })).toBe('Hi Bo');
  });
});
