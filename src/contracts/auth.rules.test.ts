import { describe, expect, it } from 'vitest';
import { checkLogin } from './auth.rules.ts';

describe('checkLogin (SPEC.md §5)', () => {
  it('requires both fields', () => {
    expect(checkLogin('', '')).toEqual([
      { field: 'usr', code: 'required' },
      { field: 'pwd', code: 'required' },
    ]);
    expect(checkLogin('   ', 'secret1')).toEqual([{ field: 'usr', code: 'required' }]);
  });

  it('refuses a username under 3 or a password under 5 characters', () => {
    expect(checkLogin('ab', 'secret1')).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
    expect(checkLogin('anna', 'abcd')).toEqual([{ field: 'pwd', code: 'invalid_usr_or_pwd' }]);
  });

  it('lets plausible credentials through to the server', () => {
    expect(checkLogin('abc', 'abcde')).toEqual([]);
  });
});
