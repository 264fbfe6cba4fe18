import type { Gender, Language } from '../../contracts/constants.ts';
import { GENDERS, MAX_PAGE, TAG_WINDOW } from '../../contracts/constants.ts';
import type { CategorySection, SearchParams } from '../../contracts/discovery.paths.ts';
import type {
  CategoriesResponse,
  MainResponse,
  SearchResponse,
  SuggesterResponse,
  SuggestResponse,
} from '../../contracts/discovery.schema.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { Kept, Versioned } from '../kernel/cache/kept.ts';
import type {
  DiscoveryRepository,
  KeywordRow,
  SearchFilter,
  StripRow,
} from './discovery.repository.ts';
import type { VideoRepository } from './video.repository.ts';
import { EXACT_COUNT_CAP, toListItem } from './video.service.ts';

// Discovery: the strips of the home page, the category index, search suggestions and search
// (SPEC.md §7 main, categories, suggester, videos2.php). Search ranks by relevance when a
// query matches few enough videos to rank them all; a query matching a large part of the
// catalogue is answered in popularity order through the listing index instead.

/** Queries estimated to match more videos than this are not ranked one by one. */
export const RANK_CAP = 1_500;
const STRIP = { categories: 40, models: 24, channels: 24 } as const;
/**
 * How many index entries a walk may read per match it saves reading. A match's row is a
 * random read of a wide row (6-10 entries' worth when cached, far more when not), and the
 * planner's match count is usually low, which makes the rows' cost unbounded while the
 * walk's shrinks: the balance leans to the walk.
 */
const WALK_ENTRIES_PER_ROW = 100;
/**
 * A query whose rarest word more videos hold than this many times RANK_CAP has its estimate
 * checked in a sample: ranking reads the index entries of its words, however few videos hold
 * them all.
 */
const COMMON_WORD_FACTOR = 10;
/** About how many videos the sample reads (0.5 % of the pages at a million videos). */
const SAMPLE_VIDEOS = 5_000;
const SUGGESTIONS_EACH = 10;
/** A query's ranking serves its next pages this long; at most this many queries are kept. */
const RANKING_TTL_MS = 60_000;
const RANKINGS_KEPT = 200;
/**
 * The planner's estimates behind the search's choices (section sizes, common words) are kept
 * this long: ANALYZE changes them slowly, and reading them costs a few ms a time on PGlite.
 */
const STATISTICS_TTL_MS = 600_000;

/** A query's matches ranked (when at most RANK_CAP), and the planner's match estimate. */
interface Ranking {
  ranked: Int32Array | undefined;
  estimate: number;
}
const RELATED_SEARCHES = 10;
/**
 * Categories pages kept (decision 0064), each as long as the categories' version stands: a
 * section and order in a language. At a million videos one holds ~1,900 categories (424 KB as
 * JSON); the busiest dozen are kept.
 */
const CATEGORY_PAGES_KEPT = 12;

export interface DiscoveryServiceDeps {
  discovery: DiscoveryRepository;
  videos: Pick<VideoRepository, 'list' | 'countUpTo' | 'estimate' | 'rowsByIds'>;
  urls: MediaUrls;
  recorder: Pick<KeywordRecorder, 'record'>;
}

const keywordItem = (row: KeywordRow) => ({
  keyword: row.keyword,
  searches: String(row.searches),
});

export function createDiscoveryService(deps: DiscoveryServiceDeps) {
  const strip = (rows: StripRow[], image: (id: number, version: number) => string) =>
    rows.map((row) => ({
      dir: row.dir,
      title: row.title,
      total_videos: String(row.total),
      img: image(row.id, row.image_version),
    }));

  /**
   * How a query's relevance pages are answered, kept a minute (pages 2-5 of a search do not
   * rank its matches again): all its matches ranked, when there are few enough, or the
   * planner's estimate of a match count too large to rank.
   */
  const rankings = new Kept<Ranking>({ ttlMs: RANKING_TTL_MS, maxEntries: RANKINGS_KEPT });

  function ranking(filter: SearchFilter): Promise<Ranking> {
    return rankings.get(JSON.stringify(filter), async () => {
      const estimate = await checkedEstimate(filter, await deps.discovery.estimateMatches(filter));
      if (estimate <= RANK_CAP) {
        const ranked = await deps.discovery.rankedMatches(filter, RANK_CAP + 1);
        if (ranked.length <= RANK_CAP) return { ranked: Int32Array.from(ranked), estimate };
      }
      return { ranked: undefined, estimate };
    });
  }

  /**
   * The planner multiplies its words' shares as if they were unrelated, but words people
   * search together go together ("slow motion", "eye contact"): a query of common words it
   * estimates under RANK_CAP can match thousands, and ranking them reads the index entries of
   * every word (20-45 ms on PGlite at a million videos) only to find too many. Such a
   * query's matches are counted in a sample of the table instead (~6 ms).
   */
  async function checkedEstimate(filter: SearchFilter, estimate: number): Promise<number> {
    if (estimate > RANK_CAP) return estimate;
    const words = await deps.discovery.queryWords(filter.query);
    if (words.length < 2) return estimate;
    const { shares, videos } = await statistics.get('words', () => deps.discovery.commonWords());
    // A word the statistics do not list as common is rare: the planner is right about it.
    const rarest = Math.min(...words.map((word) => shares.get(word) ?? 0)) * videos;
    if (rarest <= RANK_CAP * COMMON_WORD_FACTOR || videos <= 0) return estimate;
    const percent = Math.min(100, (100 * SAMPLE_VIDEOS) / videos);
    return Math.max(estimate, await deps.discovery.sampledMatches(filter, percent));
  }

  /**
   * Result ids of a relevance search page and the total, by the cheaper of two plans; `kept`
   * when the ids come from a kept ranking (a video may have left the list since).
   */
  async function relevance(
    filter: SearchFilter,
    count: number,
    offset: number,
  ): Promise<{ ids: number[]; total: number; kept: boolean }> {
    const { ranked, estimate } = await ranking(filter);
    if (ranked) {
      return {
        ids: [...ranked.subarray(offset, offset + count)],
        total: ranked.length,
        kept: true,
      };
    }
    // Too many matches to rank: the planner's estimate is the total ("about N results").
    const total = estimate;
    if (offset >= total) return { ids: [], total, kept: false };
    // Walking the popularity index reads about (offset + count) × listed / matches entries;
    // reading the matches' rows to sort them costs WALK_ENTRIES_PER_ROW entries each at most.
    // A query that was ranked and overflowed matches more than RANK_CAP, whatever the estimate.
    const matches = Math.max(estimate, estimate <= RANK_CAP ? RANK_CAP + 1 : 0, 1);
    const listed = await listedIn(filter.gender);
    const walk = ((offset + count) * listed) / matches < WALK_ENTRIES_PER_ROW * matches;
    const ids = await deps.discovery.popularMatches(filter, count, offset, walk);
    return { ids, total, kept: false };
  }

  const categoryPages = new Versioned<string>({ maxEntries: CATEGORY_PAGES_KEPT });

  /** Planner statistics, kept STATISTICS_TTL_MS per process (one entry each). */
  const statistics = new Kept<{ shares: Map<string, number>; videos: number }>({
    ttlMs: STATISTICS_TTL_MS,
    maxEntries: 1,
  });
  const listed = new Kept<number>({ ttlMs: STATISTICS_TTL_MS, maxEntries: GENDERS.length });
  /** How many videos a section lists, as the planner estimates it. */
  function listedIn(gender: Gender): Promise<number> {
    return listed.get(gender, () => deps.discovery.estimateListed(gender));
  }

  return {
    /** Drops the kept rankings: the next search of each query ranks its matches again. */
    forgetRankings(): void {
      rankings.clear();
    },

    async main(gender: Gender, lang: Language): Promise<MainResponse> {
      const categories = await deps.discovery.topCategories(gender, lang, STRIP.categories);
      const keywords = await deps.discovery.topKeywords(gender, TAG_WINDOW);
      const models = await deps.discovery.topModels(gender, STRIP.models);
      const channels = await deps.discovery.topChannels(STRIP.channels);
      return {
        categories: strip(categories, deps.urls.categoryImage),
        keywords: keywords.map(keywordItem),
        models: strip(models, deps.urls.modelImage),
        channels: strip(channels, deps.urls.channelImage),
      };
    },

    /**
     * The categories page as JSON text (`CategoriesResponse`): kept serialised per section,
     * order and language while the categories' version stands, so a call reads one row.
     */
    async categoriesJson(
      gender: Gender,
      section: CategorySection,
      lang: Language,
    ): Promise<string> {
      const version = await deps.discovery.categoriesVersion();
      return categoryPages.get(`${gender}.${section}.${lang}`, version, async () => {
        const rows = await deps.discovery.categories(
          gender,
          lang,
          section === 'popular' ? 'popular' : 'title',
        );
        const page: CategoriesResponse = {
          categories: rows.map((row) => ({
            category_id: String(row.id),
            dir: row.dir,
            title: row.title,
            total_videos: String(row.total),
            description: row.description,
            img: deps.urls.categoryImage(row.id, row.image_version),
            toptn: row.top.map((thumb) => ({
              video_id: String(thumb.id),
              dir: thumb.dir,
              title: thumb.title,
              scr: deps.urls.videoPreview(thumb.id, thumb.media_version),
            })),
          })),
          total_count: String(rows.length),
        };
        return JSON.stringify(page);
      });
    },

    async suggester(count: number): Promise<SuggesterResponse> {
      const rows = await deps.discovery.topKeywords(undefined, count);
      return { keywords: rows.map(keywordItem) };
    },

    /** What the search box offers for a typed text (already normalised, 3-69 characters). */
    async suggest(text: string, gender: Gender): Promise<SuggestResponse> {
      const named = (rows: { dir: string; title: string; total: number }[]) =>
        rows.map((row) => ({ dir: row.dir, title: row.title, total_videos: String(row.total) }));
      const { categories, models, channels, keywords } = await deps.discovery.suggestAll(
        text,
        gender,
        SUGGESTIONS_EACH,
      );
      return {
        categories: named(categories),
        models: named(models),
        channels: named(channels),
        keywords: keywords.map(keywordItem),
      };
    },

    async search(params: SearchParams): Promise<SearchResponse> {
      const filter: SearchFilter = {
        gender: params.gender,
        type: params.type,
        duration: params.duration,
        date: params.date,
        query: params.query,
      };
      const offset = (params.page - 1) * params.count;
      let ids: number[] = [];
      let total = 0;
      let kept = false;
      if (params.sort === 'relevance') {
        if (params.page <= MAX_PAGE)
          ({ ids, total, kept } = await relevance(filter, params.count, offset));
      } else {
        const listFilter = { ...filter, sort: params.sort };
        const estimate = await deps.videos.estimate(listFilter);
        total =
          estimate > RANK_CAP ? estimate : await deps.videos.countUpTo(listFilter, EXACT_COUNT_CAP);
        if (offset < total && params.page <= MAX_PAGE) {
          const rows = await deps.videos.list(listFilter, params.count, offset);
          ids = rows.map((row) => row.id);
        }
      }
      // A kept ranking's page is read through the list's rules: a video taken down or
      // deleted since the ranking is not shown.
      const rows = kept
        ? await deps.videos.list(
            { gender: params.gender, sort: 'history', type: 'all', duration: '', date: '', ids },
            ids.length,
            0,
          )
        : await deps.videos.rowsByIds(ids);
      const related = await deps.discovery.relatedSearches(
        params.query,
        params.gender,
        RELATED_SEARCHES,
      );
      if (params.page === 1) deps.recorder.record(params.query, params.gender, total);
      return {
        videos: rows.map((row) => toListItem(row, deps.urls)),
        total_count: String(total),
        pages: Math.ceil(total / params.count),
        related_searches: related,
      };
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;

/**
 * Counts searches in memory and adds them to the keyword statistics in batches, so a search
 * never waits for a write (PGlite runs one statement at a time). Searches answered from the
 * response cache are not counted: the statistics rank queries, they do not audit them.
 */
export class KeywordRecorder {
  private pending = new Map<
    string,
    { keyword: string; gender: Gender; searches: number; results: number }
  >();
  private readonly write: DiscoveryRepository['recordSearches'];
  private readonly onError: (error: unknown) => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    write: DiscoveryRepository['recordSearches'],
    opts: { flushMs: number; onError: (error: unknown) => void },
  ) {
    this.write = write;
    this.onError = opts.onError;
    if (opts.flushMs > 0) {
      this.timer = setInterval(() => {
        this.flush().catch(this.onError);
      }, opts.flushMs);
      this.timer.unref();
    }
  }

  /**
   * Counts one search. A search that finds nothing is not counted and adds no keyword, but it
   * marks a known keyword as empty (its videos were taken down or deleted): the tag strip and
   * the popular searches offer only keywords with results.
   */
  record(keyword: string, gender: Gender, results: number): void {
    const found = Math.max(0, results);
    const key = `${gender}:${keyword}`;
    const entry = this.pending.get(key);
    if (entry) {
      if (found > 0) entry.searches++;
      entry.results = found;
    } else {
      this.pending.set(key, { keyword, gender, searches: found > 0 ? 1 : 0, results: found });
    }
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const entries = [...this.pending.values()];
    this.pending = new Map();
    await this.write(entries);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
