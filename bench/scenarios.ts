import { thousandsFolder } from '../src/contracts/folders.ts';
import { VIDEO_SORTS } from '../src/contracts/paths.ts';
import type { Database } from '../src/db/client.ts';

// The calls the database benchmark measures: every read family, with the filter and page
// combinations a visitor produces, and objects picked from the loaded catalogue (popular
// and rare ones, since both extremes stress different plans).

export interface Scenario {
  name: string;
  /** Which target applies: list, search, suggest or other. */
  kind: 'list' | 'search' | 'suggest' | 'other';
  /** The URL of the n-th run (n = 0 is the warm-up). */
  url(run: number): string;
}

/** Deterministic pseudo-random pick so runs are comparable. */
function pick<T>(items: readonly T[], run: number, salt = 0): T {
  return items[(run * 7919 + salt * 104729) % items.length] as T;
}

async function column<T>(database: Database, sql: string): Promise<T[]> {
  const rows = await database.query<{ v: T }>(sql);
  return rows.map((r) => r.v);
}

export async function scenarios(database: Database, videos: number): Promise<Scenario[]> {
  const popularCategories = await column<string>(
    database,
    'SELECT dir AS v FROM categories ORDER BY videos_str DESC LIMIT 5',
  );
  const rareCategories = await column<string>(
    database,
    'SELECT dir AS v FROM categories WHERE videos_str > 0 ORDER BY videos_str LIMIT 5',
  );
  const models = await column<string>(
    database,
    "SELECT dir AS v FROM models WHERE gender = 'str' ORDER BY videos_count DESC LIMIT 50",
  );
  const channels = await column<string>(
    database,
    'SELECT dir AS v FROM channels ORDER BY videos_count DESC LIMIT 50',
  );
  const members = await column<number>(
    database,
    'SELECT user_id AS v FROM favourites GROUP BY user_id ORDER BY count(*) DESC LIMIT 20',
  );
  const playlists = await column<number>(
    database,
    'SELECT id AS v FROM playlists WHERE is_private = 0 ORDER BY videos_count DESC LIMIT 20',
  );
  const albums = await column<number>(
    database,
    'SELECT id AS v FROM albums WHERE status_id = 1 ORDER BY id LIMIT 50',
  );
  const keywords = await column<string>(
    database,
    "SELECT keyword AS v FROM keywords WHERE gender = 'str' ORDER BY searches DESC LIMIT 30",
  );
  const ids = (run: number) => 1 + ((run * 2654435761) % Math.floor(videos * 0.97));
  const page = (run: number) => 1 + (run % 100);
  const filters = ['..', '.1.', '.2.', '.3.'];
  const types = ['all', 'hd', 'ch'];
  const dates = ['', 'week', 'month', 'all'];
  const tail = (run: number, section = '', object = '') =>
    `${section}.${object}.${page(run)}.${pick(types, run, 1)}.${pick(filters, run, 2).slice(1, -1)}.${pick(dates, run, 3)}.json`;

  const list: Scenario[] = [];
  for (const sort of VIDEO_SORTS) {
    list.push({
      name: `videos2 ${sort}, filters, pages 1-100`,
      kind: 'list',
      url: (run) => `/api/json/videos2/0/str/${sort}/60/${tail(run)}`,
    });
  }
  list.push(
    {
      name: 'videos2 home most-popular day',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/${pick(['str', 'she', 'gay'], run)}/most-popular/24/..1.all..day.json`,
    },
    {
      name: 'videos2 popular category',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/${pick(VIDEO_SORTS, run)}/60/${tail(run, 'categories', pick(popularCategories, run))}`,
    },
    {
      name: 'videos2 rare category',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/${pick(VIDEO_SORTS, run)}/60/${tail(run, 'categories', pick(rareCategories, run))}`,
    },
    {
      name: 'videos2 three categories',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/latest-updates/60/categories.${[0, 1, 2]
          .map((i) => pick(popularCategories, run + i))
          .filter((v, i, a) => a.indexOf(v) === i)
          .join(',')}.1.all...json`,
    },
    {
      name: 'videos2 model',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/${pick(VIDEO_SORTS, run)}/60/models.${pick(models, run)}.1.all...json`,
    },
    {
      name: 'videos2 channel',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/${pick(VIDEO_SORTS, run)}/60/channels.${pick(channels, run)}.1.all...json`,
    },
    {
      name: 'videos2 top-country',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/most-popular/60/top-country.${pick(['us', 'de', 'fr', 'gb', 'br'], run)}.${page(run)}.all..week.json`,
    },
    {
      name: 'videos2 member favourites',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/history/60/favourites.${pick(members, run)}.1.all...json`,
    },
    {
      name: 'videos2 playlist',
      kind: 'list',
      url: (run) =>
        `/api/json/videos2/0/str/latest-updates/60/playlists.${pick(playlists, run)}.1.all...json`,
    },
    {
      name: 'video',
      kind: 'other',
      url: (run) => `/api/json/video/0/${thousandsFolder(ids(run))}/${ids(run)}.json`,
    },
    {
      name: 'videos_related2',
      kind: 'other',
      url: (run) =>
        `/api/json/videos_related2/0/60/${thousandsFolder(ids(run))}/${ids(run)}.all.1.json`,
    },
    {
      name: 'search common word',
      kind: 'search',
      url: (run) =>
        `/api/videos2.php?params=0/str/relevance/60/search..1.all..&s=${encodeURIComponent(pick(keywords.slice(0, 5), run))}`,
    },
    {
      name: 'search any keyword, pages 1-5',
      kind: 'search',
      // Every keyword in turn, then the next page of each (no URL twice in a run, which the
      // response cache would answer): a keyword's pages come under a second apart.
      url: (run) =>
        `/api/videos2.php?params=0/str/relevance/60/search..${1 + (Math.floor(run / keywords.length) % 5)}.all..&s=${encodeURIComponent(pick(keywords, run))}`,
    },
    {
      name: 'suggester.php prefix',
      kind: 'suggest',
      url: (run) =>
        `/api/suggester.php?c=${encodeURIComponent(pick(keywords, run).slice(0, 3 + (run % 4)))}`,
    },
    {
      name: 'suggester keywords',
      kind: 'suggest',
      url: () => '/api/json/suggester/0/1000.json',
    },
    {
      name: 'main',
      kind: 'other',
      url: (run) => `/api/json/main/0/${pick(['str', 'she', 'gay'], run)}.en.json`,
    },
    {
      name: 'categories',
      kind: 'other',
      url: (run) => `/api/json/categories/0/${pick(['str', 'she', 'gay'], run)}..en.json`,
    },
    {
      name: 'models list',
      kind: 'list',
      url: (run) =>
        `/api/json/models/0/str/filt${pick(['..........', '.a.........', '..caucasian.2.......'], run)}/${pick(['most-popular', 'most-videos', 'alphabetical'], run)}/60/${page(run)}.json`,
    },
    {
      name: 'model',
      kind: 'other',
      url: (run) => {
        const dir = pick(models, run);
        return `/api/json/model/0/${dir.slice(0, 2)}/${dir}.json`;
      },
    },
    {
      name: 'channels list',
      kind: 'list',
      url: (run) =>
        `/api/json/channels/0/str/${pick(['most-popular', 'most-videos', 'alphabetical'], run)}-toptn/24/..${page(run)}.json`,
    },
    {
      name: 'channel',
      kind: 'other',
      url: (run) => {
        const dir = pick(channels, run);
        return `/api/json/channel/0/${dir.slice(0, 1)}/${dir}.json`;
      },
    },
    {
      name: 'members list',
      kind: 'list',
      url: (run) =>
        `/api/json/members/0/all/filt${pick(['.......', '.us......', '..2.3....'], run)}/${pick(['latest', 'most-videos'], run)}/96/${page(run)}.json`,
    },
    {
      name: 'member profile',
      kind: 'other',
      url: (run) => {
        const id = pick(members, run);
        return `/api/json/member/0/profile/${thousandsFolder(id)}/${id}.json`;
      },
    },
    {
      name: 'comments of a video',
      kind: 'other',
      url: (run) => `/api/json/comments/0/video/${thousandsFolder(ids(run))}/${ids(run)}.json`,
    },
    {
      name: 'subscriptions of a member',
      kind: 'other',
      url: (run) => {
        const id = pick(members, run);
        return `/api/json/subscriptions/0/${thousandsFolder(id)}/${id}.json`;
      },
    },
    {
      name: 'playlists list',
      kind: 'list',
      url: (run) =>
        `/api/json/playlists/0/${pick(['latest', 'most-popular'], run)}/20/.${page(run)}.str..json`,
    },
    {
      name: 'playlist',
      kind: 'other',
      url: (run) => {
        const id = pick(playlists, run);
        return `/api/json/playlist/0/${thousandsFolder(id)}/${id}.json`;
      },
    },
    {
      name: 'albums list',
      kind: 'list',
      url: (run) =>
        `/api/json/albums/0/str/${pick(['latest', 'most-popular'], run)}/60/..${page(run)}.json`,
    },
    {
      name: 'album',
      kind: 'other',
      url: (run) => {
        const id = pick(albums, run);
        return `/api/json/album/0/${thousandsFolder(id)}/${id}.json`;
      },
    },
  );
  return list;
}
