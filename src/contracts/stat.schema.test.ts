import { describe, expect, it } from 'vitest';
import { parseStatRequest } from './stat.schema.ts';

const bad = (field: string) => ({ ok: false, code: 'invalid_params', field });

describe('parseStatRequest (SPEC.md §7 stat)', () => {
  it('reads a vote from form strings or JSON numbers', () => {
    expect(parseStatRequest({ act: 'vote', section: 'video', object_id: '42', vote: '1' })).toEqual(
      {
        ok: true,
        value: { act: 'vote', section: 'video', object_id: 42, vote: 1 },
      },
    );
    expect(parseStatRequest({ act: 'vote', section: 'album', object_id: 7, vote: 0 })).toEqual({
      ok: true,
      value: { act: 'vote', section: 'album', object_id: 7, vote: 0 },
    });
    expect(parseStatRequest({ act: 'view', section: 'album', object_id: '7' })).toEqual({
      ok: true,
      value: { act: 'view', section: 'album', object_id: 7 },
    });
  });

  it('reads a view and drops what it does not use', () => {
    expect(
      parseStatRequest({
        act: 'view',
        section: 'video',
        object_id: '5',
        nogeo: '1',
        user_id: '99',
        other: 'x',
      }),
    ).toMatchObject({ ok: true, value: { act: 'view', section: 'video', object_id: 5 } });
  });

  it('names the first bad field: act, section, object_id, vote', () => {
    expect(parseStatRequest(undefined)).toEqual(bad('act'));
    expect(parseStatRequest('act=vote')).toEqual(bad('act'));
    expect(parseStatRequest([])).toEqual(bad('act'));
    expect(parseStatRequest({})).toEqual(bad('act'));
    expect(parseStatRequest({ act: 'comm', section: 'planet', object_id: '1' })).toEqual(
      bad('section'),
    );
    expect(parseStatRequest({ act: 'comm', section: 'video', object_id: 'x' })).toEqual(
      bad('object_id'),
    );
    expect(parseStatRequest({ act: 'vote' })).toEqual(bad('section'));
    expect(parseStatRequest({ act: 'vote', section: 'model', object_id: '1', vote: '1' })).toEqual(
      bad('section'),
    );
    expect(parseStatRequest({ act: 'view', section: 'playlist', object_id: '1' })).toEqual(
      bad('section'),
    );
    expect(parseStatRequest({ act: 'vote', section: 'video', vote: '1' })).toEqual(
      bad('object_id'),
    );
  });

  it('refuses ids that are not positive 32-bit integers', () => {
    for (const objectId of [
      '0',
      '-1',
      '01',
      '1.5',
      'abc',
      '',
      '2147483648',
      '99999999999',
      1.5,
      0,
      [1],
      null,
    ]) {
      expect(parseStatRequest({ act: 'view', section: 'video', object_id: objectId })).toEqual(
        bad('object_id'),
      );
    }
    expect(
      parseStatRequest({ act: 'view', section: 'video', object_id: '2147483647' }),
    ).toMatchObject({ ok: true });
  });

  it('takes only 1 and 0 as a vote', () => {
    for (const vote of ['2', '-1', 'like', '', 2, true, undefined]) {
      expect(parseStatRequest({ act: 'vote', section: 'video', object_id: '1', vote })).toEqual(
        bad('vote'),
      );
    }
  });
});
