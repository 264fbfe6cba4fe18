import { describe, expect, it } from 'vitest';
import { checkSignup } from '../../contracts/auth.rules.ts';
import { usernameBase, usernameCandidates, usernameFromName } from './google-username.ts';

const passesSignup = (username: string) =>
  checkSignup({ username, email: 'a@b.co', pwd: 'secret' }).filter((e) => e.field === 'username');

describe('usernameFromName', () => {
  it('spells names in latin letters, digits and single separators', () => {
    expect(usernameFromName('Zoë')).toBe('Zoe');
    expect(usernameFromName('François-Xavier')).toBe('Francois-Xavier');
    expect(usernameFromName('Mary Ann')).toBe('Mary_Ann');
    expect(usernameFromName('Łukasz Straße')).toBe('Lukasz_Strasse');
    expect(usernameFromName('Юлия')).toBe('Yuliya');
    expect(usernameFromName('Щукин Ёж')).toBe('Shchukin_Ezh');
    expect(usernameFromName("O'Brien")).toBe('OBrien');
    expect(usernameFromName('__--..Jo  --  Ann..')).toBe('Jo_Ann');
  });

  it('answers an empty stem when nothing latin is left', () => {
    expect(usernameFromName('太郎')).toBe('');
    expect(usernameFromName('  ')).toBe('');
    expect(usernameFromName('😀')).toBe('');
  });

  it('leaves room for a number within the longest username', () => {
    const long = usernameFromName('A'.repeat(60));
    expect(long).toHaveLength(25);
    expect(usernameFromName(`${'a'.repeat(24)} b`)).toBe('a'.repeat(24));
  });
});

describe('usernameBase', () => {
  it('takes the first name only, never the family name', () => {
    expect(usernameBase({ givenName: 'Zoë', name: 'Zoë Quinn' })).toBe('Zoe');
    expect(usernameBase({ name: 'Zoë Quinn' })).toBe('Zoe');
    expect(usernameBase({ givenName: '太郎', name: 'Taro Yamada' })).toBe('Taro');
  });

  it('falls back to "member" when no name can be spelled', () => {
    expect(usernameBase({})).toBe('member');
    expect(usernameBase({ givenName: '太郎', name: '山田 太郎' })).toBe('member');
  });
});

describe('usernameCandidates', () => {
  const sequence = (...values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length] ?? 0;
  };

  it('tries the stem, then short numbers, then long ones', () => {
    const names = usernameCandidates(
      'Mia',
      sequence(0.123, 0.5, 0.007, 0.999, 0.1234567, 0.654321, 0.000042, 0.9999999),
    );
    expect(names).toEqual([
      'Mia',
      'Mia_123',
      'Mia_500',
      'Mia_007',
      'Mia_999',
      'Mia_123456',
      'Mia_654321',
      'Mia_000042',
      'Mia_999999',
    ]);
  });

  it('never offers a stem shorter than the rules allow on its own', () => {
    const names = usernameCandidates('Al', sequence(0.42));
    expect(names).not.toContain('Al');
    expect(names[0]).toBe('Al_420');
  });

  it('offers only names that pass the sign-up rules, whatever the input', () => {
    for (const base of [
      'Zoë',
      'x',
      '',
      '太郎',
      `${'b'.repeat(40)}`,
      '-.-',
      'Ann Marie',
      'member',
    ]) {
      const names = usernameCandidates(base);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) expect(passesSignup(name)).toEqual([]);
    }
  });

  it('leaves out repeats', () => {
    const names = usernameCandidates('Mia', () => 0.5);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(['Mia', 'Mia_500', 'Mia_500000']);
  });
});
