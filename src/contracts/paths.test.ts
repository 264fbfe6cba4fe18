import { describe, expect, it } from 'vitest';
import { parseChannels } from './channels.paths.ts';
import { normaliseQuery, parseSearch, searchPagePath, searchPath } from './discovery.paths.ts';
import { thousandsFolder } from './folders.ts';
import { membersPath, parseMemberFilters, parseMembers } from './members.paths.ts';
import { modelsPath, parseModelFilters, parseModels } from './models.paths.ts';
import {
  parseCountryQuery,
  parseFoldered,
  parseId,
  parseVideos2,
  type Videos2Params,
  videos2Path,
} from './paths.ts';
import { parseAlbums, parsePlaylists, playlistsPath } from './playlists.paths.ts';

// The path grammar of SPEC.md §7: every builder's output parses back to what it was built
// from, and malformed segments are refused with the field they are about.

describe('videos2 paths', () => {
  const base: Videos2Params = {
    lifetime: 14400,
    gender: 'str',
    sort: 'most-popular',
    count: 60,
    section: '',
    objectId: '',
    page: 1,
    type: 'all',
    duration: '',
    date: 'day',
  };

  function parse(path: string) {
    const [, , , , lifetime = '', gender = '', sort = '', count = '', tail = ''] = path.split('/');
    return parseVideos2({ lifetime, gender, sort, count, tail }, ['str', 'she', 'gay'], 1000);
  }

  it('builds the home most-popular path of API-CONTRACT.md', () => {
    expect(videos2Path(base)).toBe('/api/json/videos2/14400/str/most-popular/60/..1.all..day.json');
  });

  it('round-trips sections with their objects', () => {
    const cases: Partial<Videos2Params>[] = [
      { section: 'categories', objectId: 'beach,blonde,pov' },
      { section: 'members', objectId: '42', sort: 'latest-updates', date: '' },
      { section: 'watch-later', objectId: '7', sort: 'history', duration: '2', type: 'hd' },
      { section: 'top-country', objectId: 'de', page: 17 },
    ];
    for (const overrides of cases) {
      const params = { ...base, ...overrides };
      expect(parse(videos2Path(params))).toEqual({ ok: true, value: params });
    }
  });

  it('clamps a large count and refuses unknown values by field', () => {
    const huge = parse('/api/json/videos2/0/str/longest/99999/..1.all...json');
    expect(huge.ok && huge.value.count).toBe(1000);
    expect(parse('/api/json/videos2/0/str/oldest/60/..1.all...json')).toMatchObject({
      ok: false,
      code: 'invalid_sort',
    });
    expect(parse('/api/json/videos2/0/str/longest/60/bogus..1.all...json')).toMatchObject({
      ok: false,
      field: 'section',
    });
  });
});

describe('the country query of a list', () => {
  it('is appended to the path and parsed back', () => {
    const path = videos2Path({
      lifetime: 600,
      gender: 'str',
      sort: 'latest-updates',
      count: 60,
      section: '',
      objectId: '',
      page: 2,
      type: 'hd',
      duration: '',
      date: 'all',
      country: 'de',
    });
    expect(path).toBe('/api/json/videos2/600/str/latest-updates/60/..2.hd..all.json?country=de');
    expect(parseCountryQuery('de')).toEqual({ ok: true, value: 'de' });
    expect(parseCountryQuery(undefined)).toEqual({ ok: true, value: undefined });
    expect(parseCountryQuery('')).toEqual({ ok: true, value: undefined });
  });

  it('refuses anything but two lowercase letters', () => {
    for (const bad of ['DE', 'deu', 'd', '1e', ['de', 'fr'], 7]) {
      expect(parseCountryQuery(bad), String(bad)).toMatchObject({ ok: false, field: 'country' });
    }
  });
});

describe('ids and folders', () => {
  it('accepts positive integer ids that fit the database', () => {
    expect(parseId('16574965')).toBe(16574965);
    expect(parseId('2147483647')).toBe(2147483647);
    for (const bad of ['0', '-1', '01', '2147483648', '1e3', '', 'abc']) {
      expect(parseId(bad), bad).toBeUndefined();
    }
  });

  it('checks the {e6}/{e3} folders of API-CONTRACT.md', () => {
    expect(thousandsFolder(16574965)).toBe('16000000/16574000');
    expect(parseFoldered('16000000', '16574000', '16574965.json', false)).toMatchObject({
      ok: true,
      value: { id: 16574965 },
    });
    expect(parseFoldered('16000000', '16573000', '16574965.json', false)).toMatchObject({
      ok: false,
      field: 'folder',
    });
    expect(parseFoldered('0', '0', '5.hd.3.json', true)).toMatchObject({
      ok: true,
      value: { id: 5, type: 'hd', page: 3 },
    });
  });
});

describe('search paths', () => {
  it('links the search screen with the query in s, as the screen reads it', () => {
    expect(searchPagePath('sunset & beach')).toBe('/search/1/?s=sunset%20%26%20beach');
    expect(searchPagePath('beach', 3)).toBe('/search/3/?s=beach');
  });

  it('round-trips the search call of API-CONTRACT.md', () => {
    const params = {
      lifetime: 259200,
      gender: 'str' as const,
      sort: 'relevance' as const,
      count: 60,
      page: 2,
      type: 'all' as const,
      duration: '' as const,
      date: '' as const,
      query: 'red dress',
    };
    const url = new URL(searchPath(params), 'http://x');
    expect(url.searchParams.get('params')).toBe('259200/str/relevance/60/search..2.all..');
    expect(parseSearch(url.searchParams.get('params'), url.searchParams.get('s'), 1000)).toEqual({
      ok: true,
      value: params,
    });
  });

  it('normalises queries and enforces 3-69 characters', () => {
    expect(normaliseQuery('  Red   DRESS ')).toBe('red dress');
    const params = '0/str/relevance/60/search..1.all..';
    expect(parseSearch(params, 'ab', 60)).toMatchObject({ ok: false, field: 's' });
    expect(parseSearch(params, 'x'.repeat(70), 60)).toMatchObject({ ok: false, field: 's' });
    expect(parseSearch(params, ['a', 'b'], 60)).toMatchObject({ ok: false, field: 's' });
    expect(parseSearch(params, 'ééé', 60)).toMatchObject({ ok: true });
  });
});

describe('filter slots', () => {
  it('reads the ten model slots in their order', () => {
    expect(parseModelFilters('filt..........')).toEqual({});
    expect(parseModelFilters('filt.a.latin.2.us.big.3.1.4.1.2')).toEqual({
      alphabet: 'a',
      race: 'latin',
      age: '2',
      country: 'us',
      tits_size: 'big',
      hair_color: '3',
      height: '1',
      weight: '4',
      tattoo: '1',
      piercing: '2',
    });
    for (const bad of [
      'filt.........',
      'filt...........',
      'filt.aa.........',
      'nofilt..........',
    ]) {
      expect(parseModelFilters(bad), bad).toBeUndefined();
    }
  });

  it('round-trips a models path', () => {
    const params = {
      lifetime: 86400,
      gender: 'she' as const,
      filters: { race: 'asian', tattoo: '2' },
      sort: 'most-videos' as const,
      count: 60,
      page: 3,
    };
    const [, , , , lifetime = '', gender = '', filt = '', sort = '', count = '', file = ''] =
      modelsPath(params).split('/');
    expect(parseModels({ lifetime, gender, filt, sort, count, file }, 1000)).toEqual({
      ok: true,
      value: params,
    });
  });

  it('reads the seven member slots and ties sections to object_id', () => {
    expect(parseMemberFilters('filt.de.2.1.3.1.5.42')).toEqual({
      country: 'de',
      gender: '2',
      age: '1',
      relationship: '3',
      avatar: '1',
      orientation: '5',
      object_id: '42',
    });
    expect(parseMemberFilters('filt.......')).toEqual({});
    const url = new URL(
      membersPath({
        lifetime: 0,
        section: 'friends',
        filters: { object_id: '9' },
        sort: 'recent',
        count: 96,
        page: 1,
        query: 'anna',
      }),
      'http://x',
    );
    const [, , , , lifetime = '', section = '', filt = '', sort = '', count = '', file = ''] =
      url.pathname.split('/');
    expect(
      parseMembers({ lifetime, section, filt, sort, count, file }, url.searchParams.get('q'), 500),
    ).toMatchObject({ ok: true, value: { section: 'friends', query: 'anna' } });
    expect(
      parseMembers({ lifetime, section: 'all', filt, sort, count, file }, undefined, 500),
    ).toMatchObject({ ok: false, field: 'object_id' });
  });
});

describe('channel, playlist and album paths', () => {
  it('parses the channels tail and its sections', () => {
    const ok = parseChannels(
      {
        lifetime: '86400',
        gender: 'str',
        sort: 'most-popular-toptn',
        count: '24',
        file: '..2.json',
      },
      1000,
    );
    expect(ok).toMatchObject({ ok: true, value: { sort: 'most-popular', section: '', page: 2 } });
    expect(
      parseChannels(
        {
          lifetime: '0',
          gender: 'str',
          sort: 'latest-toptn',
          count: '24',
          file: 'subscribed.5.1.json',
        },
        1000,
      ),
    ).toMatchObject({ ok: true, value: { section: 'subscribed', objectId: 5 } });
    expect(
      parseChannels(
        { lifetime: '0', gender: 'str', sort: 'latest', count: '24', file: '..1.json' },
        1000,
      ),
    ).toMatchObject({ ok: false, field: 'sort' });
  });

  it('round-trips playlists and refuses members without an owner', () => {
    const params = {
      lifetime: 86400,
      sort: 'latest' as const,
      count: 20,
      section: 'members' as const,
      page: 1,
      gender: 'gay' as const,
      objectId: 12,
    };
    const [, , , , lifetime = '', sort = '', count = '', file = ''] =
      playlistsPath(params).split('/');
    expect(parsePlaylists({ lifetime, sort, count, file }, 100)).toEqual({
      ok: true,
      value: params,
    });
    expect(
      parsePlaylists({ lifetime: '0', sort: 'latest', count: '20', file: 'members.1...json' }, 100),
    ).toMatchObject({ ok: false, field: 'object_id' });
  });

  it('parses album lists', () => {
    expect(
      parseAlbums(
        {
          lifetime: '0',
          gender: 'str',
          sort: 'most-photos',
          count: '60',
          file: 'members.3.2.json',
        },
        200,
      ),
    ).toMatchObject({ ok: true, value: { section: 'members', objectId: 3, page: 2 } });
  });
});
