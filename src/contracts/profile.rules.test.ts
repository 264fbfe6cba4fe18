import { describe, expect, it } from 'vitest';
import {
  ageOn,
  birthDateBounds,
  checkPasswordChange,
  normalizeWebsite,
  PROFILE_LIMITS,
  parseProfileUpdate,
  profileErrorInfo,
} from './profile.rules.ts';

const today = new Date(Date.UTC(2026, 5, 15));
const parse = (body: Record<string, unknown>) => parseProfileUpdate(body, today);

describe('profile update rules', () => {
  it('takes only the fields given, normalised, and ignores unknown ones', () => {
    expect(
      parse({
        gender: '2',
        country: 'DE',
        city: '  Berlin\tMitte ',
        about: 'Line one\r\n\r\n\r\n\r\nLine two  \n',
        user_id: '1',
        email: 'x@y.z',
      }),
    ).toEqual({
      ok: true,
      value: { gender: '2', country: 'de', city: 'Berlin Mitte', about: 'Line one\n\nLine two' },
    });
  });

  it('clears a field given empty', () => {
    expect(parse({ gender: '', birth_date: '', website: ' ' })).toEqual({
      ok: true,
      value: { gender: '', birth_date: '', website: '' },
    });
  });

  it('refuses values outside the value tables of SPEC.md §3', () => {
    const result = parse({ gender: '4', relationship: '0', orientation: '6', country: 'xx' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'gender', code: 'invalid_params' },
        { field: 'relationship', code: 'invalid_params' },
        { field: 'orientation', code: 'invalid_params' },
        { field: 'country', code: 'invalid_params' },
      ],
    });
  });

  it('refuses a value that is not a string', () => {
    expect(parse({ city: ['a', 'b'] })).toEqual({
      ok: false,
      errors: [{ field: 'city', code: 'invalid_params' }],
    });
  });

  it('bounds every text field', () => {
    for (const [field, max] of Object.entries(PROFILE_LIMITS)) {
      if (field === 'website') continue;
      expect(parse({ [field]: 'a'.repeat(max) }).ok).toBe(true);
      expect(parse({ [field]: 'a'.repeat(max + 1) })).toEqual({
        ok: false,
        errors: [{ field, code: 'max_length' }],
      });
      expect(profileErrorInfo(field, 'max_length')).toEqual({ length: max });
    }
  });

  it('accepts adults with a real birth date only', () => {
    expect(parse({ birth_date: '2008-06-15' }).ok).toBe(true); // 18 today
    for (const bad of ['2008-06-16', '1990-02-30', '1990-13-01', '15.06.1990', '1905-06-14']) {
      expect(parse({ birth_date: bad })).toEqual({
        ok: false,
        errors: [{ field: 'birth_date', code: 'invalid_params' }],
      });
    }
    expect(ageOn('2000-06-16', today)).toBe(25);
    expect(ageOn('2000-06-15', today)).toBe(26);
    expect(birthDateBounds(today)).toEqual({ min: '1905-06-16', max: '2008-06-15' });
  });
});

describe('website', () => {
  it('keeps http(s) addresses with a dotted host, adding https:// to a bare host', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com/');
    expect(normalizeWebsite('http://my.site.example/page?x=1')).toBe(
      'http://my.site.example/page?x=1',
    );
  });

  it('refuses other schemes, credentials and hosts without a dot', () => {
    for (const bad of [
      'javascript:alert(1)',
      'ftp://files.example.com',
      'https://user:pw@example.com',
      'http://localhost',
      'not a url',
      'data:text/html,hi',
    ]) {
      expect(normalizeWebsite(bad)).toBeUndefined();
      expect(parse({ website: bad })).toEqual({
        ok: false,
        errors: [{ field: 'website', code: 'invalid_url' }],
      });
    }
  });

  it('bounds the stored address', () => {
    const long = `https://example.com/${'a'.repeat(PROFILE_LIMITS.website)}`;
    expect(parse({ website: long })).toEqual({
      ok: false,
      errors: [{ field: 'website', code: 'max_length' }],
    });
  });
});

describe('password change', () => {
  it('needs the current password and a new one by the sign-up rules', () => {
    expect(checkPasswordChange({ pwd: '', new_pwd: '' })).toEqual([
      { field: 'pwd', code: 'required' },
      { field: 'new_pwd', code: 'required' },
    ]);
    expect(checkPasswordChange({ pwd: 'old-one', new_pwd: '1234' })).toEqual([
      { field: 'new_pwd', code: 'min_length' },
    ]);
    expect(checkPasswordChange({ pwd: 'old-one', new_pwd: 'new-one' })).toEqual([]);
  });
});
