import type { Gender, Language } from '../../contracts/constants.ts';
import type { DateFilter, DurationFilter, VideoType } from '../../contracts/paths.ts';
import type { Database } from '../../db/client.ts';
import { videoListedSql } from '../kernel/access/visibility.ts';
import { estimateRows } from '../kernel/db/estimate.ts';
import { likeContaining, likePrefix } from '../kernel/db/like.ts';

// Hand-written SQL of the discovery calls: strips, categories, suggestions, keyword
// statistics and full-text search. Suggestions use the trigram index of the names table
// (suggest_names: lower(title) of categories, models, channels, and keywords).

export interface StripRow {
  id: number;
  dir: string;
  title: string;
  total: number;
  image_version: number;
}

export interface CategoryRow extends StripRow {
  description: string;
  /** The section's top videos that are active, in order (kept by triggers, migration 0022). */
  top: ThumbRow[];
}

export interface ThumbRow {
  id: number;
  dir: string;
  title: string;
  media_version: number;
}

export interface KeywordRow {
  keyword: string;
  searches: number;
}

export interface NamedCountRow {
  dir: string;
  title: string;
  total: number;
}

export interface SuggestionRows {
  categories: NamedCountRow[];
  models: NamedCountRow[];
  channels: NamedCountRow[];
  keywords: KeywordRow[];
}

export interface SearchFilter {
  gender: Gender;
  type: VideoType;
  duration: DurationFilter;
  date: DateFilter;
  query: string;
}

/** The per-section video counter column of categories. */
const CATEGORY_TOTAL: Record<Gender, string> = {
  str: 'videos_str',
  she: 'videos_she',
  gay: 'videos_gay',
};

/** The category title in a language, English when it has no translation. */
const TITLE_IN = `coalesce(nullif(c.title_i18n ->> $2, ''), c.title)`;

/** Similar spellings are looked for from 4 characters; shorter texts match by prefix. */
const fuzzy = (text: string) => [...text].length >= 4;

const DATE_INTERVAL: Record<Exclude<DateFilter, '' | 'all'>, string> = {
  day: '1 day',
  week: '7 days',
  month: '30 days',
};

/**
 * WHERE of a search over listed videos; `$1` is the tsquery text, `$2` the gender. With
 * `walk`, the match is written as the function behind `@@` (ts_match_vq), which the GIN
 * index cannot serve: the planner then walks videos_search_popular_idx in popularity order,
 * checking each entry's document in the index, instead of reading every match's row to
 * sort them (it underestimates multi-word matches and picks that far too often).
 */
function searchWhere(filter: SearchFilter, walk = false): string {
  const query = `websearch_to_tsquery('english', $1)`;
  const clauses = [
    walk ? `ts_match_vq(v.search_vector, ${query})` : `v.search_vector @@ ${query}`,
    videoListedSql({ alias: 'v' }),
    'v.gender = $2',
  ];
  if (filter.type === 'ch') clauses.push('v.channel_id IS NOT NULL');
  if (filter.type === 'hd') clauses.push('v.is_hd');
  if (filter.duration === '1') clauses.push('v.duration < 600');
  if (filter.duration === '2') clauses.push('v.duration BETWEEN 600 AND 2400');
  if (filter.duration === '3') clauses.push('v.duration > 2400');
  if (filter.date !== '' && filter.date !== 'all') {
    clauses.push(`v.post_date > now() - interval '${DATE_INTERVAL[filter.date]}'`);
  }
  return clauses.join(' AND ');
}

export function createDiscoveryRepository(database: Pick<Database, 'query' | 'queryMany'>) {
  return {
    async topCategories(gender: Gender, lang: Language, limit: number): Promise<StripRow[]> {
      const total = CATEGORY_TOTAL[gender];
      return database.query<StripRow>(
        `SELECT c.id, c.dir, ${TITLE_IN} AS title, c.${total} AS total, c.image_version
           FROM categories c WHERE c.${total} > 0
          ORDER BY c.${total} DESC, c.id LIMIT $1`,
        [limit, lang],
      );
    },

    /** The categories' data version: raised by any write to categories (migration 0035). */
    async categoriesVersion(): Promise<number> {
      const [row] = await database.query<{ version: number }>(
        `SELECT coalesce((SELECT version FROM data_versions WHERE name = 'categories'), 0)::float8
             AS version`,
      );
      return Number(row?.version ?? 0);
    },

    async categories(
      gender: Gender,
      lang: Language,
      order: 'title' | 'popular',
    ): Promise<CategoryRow[]> {
      const total = CATEGORY_TOTAL[gender];
      const orderBy = order === 'title' ? 'title, c.id' : `c.${total} DESC, c.id`;
      // The thumbs are stored beside the top ids (`top_thumbs`, migration 0022): the page
      // reads no video.
      const rows = await database.queryMany<Omit<CategoryRow, 'top'> & { top: unknown }>(
        `SELECT c.id, c.dir, ${TITLE_IN} AS title, c.${total} AS total, c.image_version,
                c.description, c.top_thumbs -> $1::text AS top
           FROM categories c WHERE c.${total} > 0
          ORDER BY ${orderBy}`,
        [gender, lang],
      );
      return rows.map((row) => ({
        ...row,
        top: Array.isArray(row.top) ? (row.top as ThumbRow[]) : [],
      }));
    },

    // The strips read models_listed_views_idx and channels_views_idx in order: NULLS LAST as
    // the indexes are written (the counters are never null), or the planner sorts the table.
    async topModels(gender: Gender, limit: number): Promise<StripRow[]> {
      return database.query<StripRow>(
        `SELECT id, dir, title, videos_count AS total, image_version FROM models
          WHERE gender = $1 AND videos_count > 0
          ORDER BY views_count DESC NULLS LAST, id LIMIT $2`,
        [gender, limit],
      );
    },

    async topChannels(limit: number): Promise<StripRow[]> {
      return database.query<StripRow>(
        `SELECT id, dir, title, videos_count AS total, image_version FROM channels
          WHERE videos_count > 0 ORDER BY views_count DESC NULLS LAST, id LIMIT $1`,
        [limit],
      );
    },

    async topKeywords(gender: Gender | undefined, limit: number): Promise<KeywordRow[]> {
      if (gender) {
        return database.query<KeywordRow>(
          `SELECT keyword, searches FROM keywords WHERE gender = $1 AND results > 0
            ORDER BY searches DESC, keyword LIMIT $2`,
          [gender, limit],
        );
      }
      // Every section's searches of a keyword, summed by a trigger (migration 0034).
      return database.queryMany<KeywordRow>(
        `SELECT keyword, searches FROM keyword_totals WHERE offered
          ORDER BY searches DESC NULLS LAST, keyword LIMIT $1`,
        [limit],
      );
    },

    /**
     * What the search box offers for a text: categories, models, channels and searches
     * people ran whose name starts like it, `limit` of each; when none of any kind does (a
     * typo is likely) and the text has 4 characters or more, the names spelt alike instead
     * (migration 0036). Looked up in the names table (`suggest_names`, migration 0023, one
     * trigram index over the four kinds with the section as a key, migration 0033, kept by
     * triggers), each kind ranked by resemblance, then its count; the statement is `suggest`,
     * planned once per connection.
     */
    async suggestAll(text: string, gender: Gender, limit: number): Promise<SuggestionRows> {
      const rows = await database.query<{ kind: keyof SuggestionRows } & NamedCountRow>(
        'SELECT kind, dir, title, total FROM suggest($1, $2, $3, $4, $5)',
        [text, likePrefix(text), gender, limit, fuzzy(text)],
      );
      const found: SuggestionRows = { categories: [], models: [], channels: [], keywords: [] };
      for (const { kind, ...row } of rows) {
        if (kind === 'keywords') found.keywords.push({ keyword: row.dir, searches: row.total });
        else found[kind].push(row);
      }
      return found;
    },

    /**
     * Searches people ran that resemble or contain this one, most alike first, then most
     * searched: related_searches (migration 0026), planned once per connection.
     */
    async relatedSearches(query: string, gender: Gender, limit: number): Promise<string[]> {
      const rows = await database.query<{ keyword: string }>(
        'SELECT keyword FROM related_searches($1, $2, $3, $4) AS keyword',
        [query, gender, likeContaining(query), limit],
      );
      return rows.map((r) => r.keyword);
    },

    /** The planner's estimate of how many videos a section lists (reads no rows). */
    async estimateListed(gender: Gender): Promise<number> {
      return estimateRows(
        database,
        `videos v WHERE ${videoListedSql({ alias: 'v' })} AND v.gender = $1`,
        [gender],
      );
    },

    /** The planner's estimate of how many listed videos match (reads no rows). */
    async estimateMatches(filter: SearchFilter): Promise<number> {
      return estimateRows(database, `videos v WHERE ${searchWhere(filter)}`, [
        filter.query,
        filter.gender,
      ]);
    },

    /** A query's words as the search vectors hold them (stemmed, stop words left out). */
    async queryWords(query: string): Promise<string[]> {
      const [row] = await database.query<{ words: string[] }>(
        `SELECT tsvector_to_array(to_tsvector('english', $1)) AS words`,
        [query],
      );
      return row?.words ?? [];
    },

    /**
     * What the planner's statistics of the search vectors list as common words, with the
     * share of videos holding each, and how many videos there are. Reads no video.
     */
    async commonWords(): Promise<{ shares: Map<string, number>; videos: number }> {
      const rows = await database.query<{ word: string; share: number; videos: number }>(
        `SELECT e.word, e.share, greatest(c.reltuples, 0)::float8 AS videos
           FROM pg_class c
           JOIN pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_stats s
             ON s.schemaname = n.nspname AND s.tablename = c.relname AND s.attname = 'search_vector'
           LEFT JOIN LATERAL unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
                  AS e(word, share) ON true
          WHERE c.oid = 'videos'::regclass`,
      );
      const shares = new Map<string, number>();
      for (const row of rows) if (row.word !== null) shares.set(row.word, Number(row.share));
      return { shares, videos: Number(rows[0]?.videos ?? 0) };
    },

    /**
     * Listed videos matching, counted in a sample of `percent` of the table's pages (the same
     * pages each time) and scaled up: an estimate that sees words that go together.
     */
    async sampledMatches(filter: SearchFilter, percent: number): Promise<number> {
      const [row] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM videos v TABLESAMPLE SYSTEM ($3) REPEATABLE (0)
          WHERE ${searchWhere(filter)}`,
        [filter.query, filter.gender, percent],
      );
      return Math.round((Number(row?.n ?? 0) * 100) / percent);
    },

    /**
     * Matching ids ranked by relevance (title weighs most), for queries with few enough
     * matches to rank them all: at most `cap` are read.
     */
    async rankedMatches(filter: SearchFilter, cap: number): Promise<number[]> {
      const rows = await database.query<{ id: number }>(
        `SELECT id FROM (
            SELECT v.id, v.views, ts_rank_cd(v.search_vector, websearch_to_tsquery('english', $1), 1) AS rank
              FROM videos v WHERE ${searchWhere(filter)}
             LIMIT $3
          ) matches ORDER BY rank DESC, views DESC, id DESC`,
        [filter.query, filter.gender, cap],
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * A page of matches in popularity order, for queries matching so many videos that
     * ranking them all would be slow: read through the popularity index, checked one by one
     * (`walk`), or, for a deep page of a query matching few, the matches read and sorted.
     */
    async popularMatches(
      filter: SearchFilter,
      limit: number,
      offset: number,
      walk: boolean,
    ): Promise<number[]> {
      const rows = await database.query<{ id: number }>(
        `SELECT v.id FROM videos v WHERE ${searchWhere(filter, walk)}
          ORDER BY v.views_week DESC, v.views DESC, v.id DESC LIMIT $3 OFFSET $4`,
        [filter.query, filter.gender, limit, offset],
      );
      return rows.map((r) => Number(r.id));
    },

    /**
     * Adds buffered search counts to the keyword statistics in one statement. An entry that
     * found nothing only updates a keyword already known (no row for every typo).
     */
    async recordSearches(
      entries: { keyword: string; gender: Gender; searches: number; results: number }[],
    ): Promise<void> {
      if (entries.length === 0) return;
      await database.query(
        `WITH t AS (
           SELECT k, g::gender_section AS g, s, r
             FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS t(k, g, s, r)
         ), emptied AS (
           UPDATE keywords SET searches = keywords.searches + t.s, results = 0,
                  last_searched_at = now()
             FROM t WHERE t.r = 0 AND keywords.keyword = t.k AND keywords.gender = t.g
         )
         INSERT INTO keywords (keyword, gender, searches, results, last_searched_at)
         SELECT k, g, s, r, now() FROM t WHERE r > 0
         ON CONFLICT (keyword, gender) DO UPDATE
            SET searches = keywords.searches + EXCLUDED.searches,
                results = EXCLUDED.results,
                last_searched_at = EXCLUDED.last_searched_at`,
        [
          entries.map((e) => e.keyword),
          entries.map((e) => e.gender),
          entries.map((e) => e.searches),
          entries.map((e) => e.results),
        ],
      );
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof createDiscoveryRepository>;
