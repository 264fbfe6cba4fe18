import { type AdEvent, isSafeAdLink, PARTNER_POOL } from '../../contracts/ads.paths.ts';
import type {
  AdsResponse,
  Offer,
  PartnerResponse,
  PartnerVideo,
} from '../../contracts/ads.schema.ts';
import type { Gender, Language } from '../../contracts/constants.ts';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import { formatDuration } from '../../contracts/format.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import type { PageAds, PageAnalytics, PageCreative } from '../../web/ssr-types.ts';
import type { AdCreative, AdsConfig, AnalyticsConfig, LocalText, SisterSite } from '../config.ts';
import type { AdEventCount, AdsRepository, OfferRow } from './ads.repository.ts';

// Advertising (SPEC.md §1, §9) behind one interface. Real ad networks and partner feeds
// cannot be reached from here; the house provider fills every slot with the site's own
// material: sister-site banners, the operator's affiliate offers (the `offers` table) and a
// partner feed drawn from this catalogue. A network's adapter implements the same two calls;
// the web app renders the answer as the site's own markup, never a third-party script
// (decision 0018).

export interface AdProvider {
  /** Banners and offers a visitor from `country` ('' = unknown) may be shown. */
  inventory(country: string): Promise<AdsResponse>;
  /** The partner-video pool for a keyword (a category dir) in a gender section. */
  partnerVideos(gender: Gender, keyword: string): Promise<PartnerResponse>;
}

/**
 * The catalogue's video listing as the partner feed reads it: the most popular of a section,
 * of one category or all (compose.ts passes the catalogue's video repository).
 */
export interface PartnerCatalogue {
  list(filter: PartnerFilter, limit: number, offset: number): Promise<PartnerCandidate[]>;
}

export interface PartnerFilter {
  gender: Gender;
  sort: 'most-popular';
  type: 'all';
  duration: '';
  date: '';
  categoryIds?: number[];
}

export interface PartnerCandidate {
  id: number;
  dir: string;
  title: string;
  duration: number;
  media_version: number;
  is_private: number;
}

function toOffer(row: OfferRow): Offer | undefined {
  const links = row.links.filter(isSafeAdLink);
  if (links.length === 0) return undefined;
  return {
    offer_id: String(row.id),
    pretitle: row.pretitle,
    title: row.title,
    links,
    tag_patterns: row.tag_patterns.map((p) => p.toLowerCase()).filter(Boolean),
  };
}

export function createHouseAds(deps: {
  ads: AdsRepository;
  videos: PartnerCatalogue;
  urls: Pick<MediaUrls, 'videoThumb'>;
  sisterSites: SisterSite[];
  offerChance: number;
  pool?: number;
}): AdProvider {
  const pool = deps.pool ?? PARTNER_POOL;
  const banners = deps.sisterSites
    .filter((site) => isSafeAdLink(site.url))
    .map((site, index) => ({ id: `sister-${index + 1}`, name: site.name, url: site.url }));

  const toPartner = (row: PartnerCandidate): PartnerVideo => ({
    title: row.title,
    url: `/videos/${row.id}/${row.dir}/`,
    thumb: deps.urls.videoThumb(row.id, row.media_version),
    duration: formatDuration(row.duration),
  });

  return {
    async inventory(country) {
      const offers = (await deps.ads.offersFor(country))
        .map(toOffer)
        .filter((offer): offer is Offer => offer !== undefined);
      return { banners, offers, offer_chance: deps.offerChance };
    },

    async partnerVideos(gender, keyword) {
      const base: PartnerFilter = {
        gender,
        sort: 'most-popular',
        type: 'all',
        duration: '',
        date: '',
      };
      const categoryId = await deps.ads.categoryIdByDir(keyword);
      const rows =
        categoryId === undefined
          ? []
          : await deps.videos.list({ ...base, categoryIds: [categoryId] }, pool, 0);
      // A thin keyword is topped up with the section's most popular, so the slider is full.
      if (rows.length < PAGE_SIZE.partnerSlider) {
        const seen = new Set(rows.map((row) => row.id));
        for (const row of await deps.videos.list(base, pool, 0)) {
          if (rows.length >= pool) break;
          if (!seen.has(row.id)) rows.push(row);
        }
      }
      return { videos: rows.filter((row) => row.is_private !== 1).map(toPartner) };
    },
  };
}

// ---------------------------------------------------------------- layout ads

export type Device = 'mobile' | 'desktop';

type Headers = Record<string, string | string[] | undefined>;

/**
 * A phone or not (SPEC.md §2: mobile or desktop creatives by device detection). The
 * `Sec-CH-UA-Mobile` client hint, which Chromium browsers send unasked, wins; otherwise the
 * User-Agent: phones say "Mobi" (iPhone, Android phones), tablets do not, or say iPad.
 */
export function deviceOf(headers: Headers): Device {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'mobile';
  if (hint === '?0') return 'desktop';
  const agent = String(headers['user-agent'] ?? '');
  if (/iPad|Tablet/i.test(agent)) return 'desktop';
  return /Mobi|iPhone|iPod|Windows Phone|Opera Mini/i.test(agent) ? 'mobile' : 'desktop';
}

function textIn(text: LocalText, lang: Language): string {
  if (typeof text === 'string') return text;
  return text[lang] ?? text.en ?? Object.values(text)[0] ?? '';
}

export interface LayoutAds {
  /** The ads of a visitor's page; undefined when the operator configured none. */
  forPage(page: { lang: Language; headers: Headers }): PageAds | undefined;
  /** Visitors' pages depend on the device: their answers vary on its headers. */
  byDevice: boolean;
}

/**
 * The operator's layout ads (ADS_FILE, decision 0035): the promo button, the promo banner and
 * the phones' header banner (one creative drawn per page among those for the device), and
 * the tag strip's promo links. Chosen by the server, so the page's first HTML has them at
 * their size: nothing moves when the page runs.
 */
export function createLayoutAds(config: AdsConfig, random: () => number = Math.random): LayoutAds {
  const none =
    !config.button &&
    config.promo.length === 0 &&
    config.header.length === 0 &&
    config.links.length === 0;
  const draw = (creatives: AdCreative[], device: Device): PageCreative | undefined => {
    const fitting = creatives.filter((c) => c.device === 'any' || c.device === device);
    const chosen = fitting[Math.min(fitting.length - 1, Math.floor(random() * fitting.length))];
    if (!chosen) return undefined;
    const { id, type, src, url, width, height, alt } = chosen;
    return { id, type, src, url: url ?? '', width, height, alt };
  };
  return {
    byDevice: config.header.length > 0 || config.promo.some((c) => c.device !== 'any'),
    forPage({ lang, headers }) {
      if (none) return undefined;
      const device = deviceOf(headers);
      // Information pages go without it (SPEC.md §2); the page leaves it out there itself,
      // so a visitor who moves on from one to a listing sees it.
      const promo = draw(config.promo, device);
      const header = device === 'mobile' ? draw(config.header, device) : undefined;
      return {
        button: config.button,
        ...(promo ? { promo } : {}),
        ...(header ? { header } : {}),
        links: config.links.map((link) => ({
          id: link.id,
          label: textIn(link.label, lang),
          url: link.url,
        })),
      };
    },
  };
}

/** What pages tell the browser about analytics; members have no ad spots to count. */
export function pageAnalytics(config: AnalyticsConfig, member: boolean): PageAnalytics | undefined {
  const adEvents = config.adEvents && !member;
  if (!config.counter && !config.tag && !adEvents) return undefined;
  return {
    ...(config.counter ? { counter: config.counter } : {}),
    ...(config.tag ? { tag: config.tag } : {}),
    ...(adEvents ? { adEvents } : {}),
  };
}

// ---------------------------------------------------------------- ad-spot events

/** How often the gathered counts are written: one statement per interval, whatever the traffic. */
export const AD_EVENTS_FLUSH_MS = 10_000;
/** Events one address may add per interval; more are dropped (counts, not an audit trail). */
export const AD_EVENTS_PER_ADDRESS = 200;
/** Different (day, slot, ad) counts held between writes; a flood of made-up ids stops here. */
export const AD_EVENTS_MAX_KEYS = 5000;
/** Addresses tracked per interval for the limit above. */
const MAX_ADDRESSES = 20_000;

export interface AdEventCounter {
  /** Adds a report's events to the pending counts; answers how many were taken. */
  add(events: AdEvent[], address: string): number;
  /** Writes the pending counts (the timer does this; so does shutdown). */
  flush(): Promise<void>;
}

/**
 * Ad-spot events (decision 0035), added up in memory and written as sums: a visitor's page
 * reports in one beacon, and the database sees one upsert per interval, not one per event.
 * Counts still pending when a process dies are lost; an interval's worth at most.
 */
export function createAdEventCounter(deps: {
  ads: Pick<AdsRepository, 'addEventCounts'>;
  now?: () => Date;
}): AdEventCounter {
  const now = deps.now ?? (() => new Date());
  let pending = new Map<string, AdEventCount>();
  let perAddress = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();

  return {
    add(events, address) {
      const used = perAddress.get(address) ?? 0;
      if (used === 0 && perAddress.size >= MAX_ADDRESSES) return 0;
      const take = Math.max(0, Math.min(events.length, AD_EVENTS_PER_ADDRESS - used));
      if (take === 0) return 0;
      perAddress.set(address, used + take);
      const day = now().toISOString().slice(0, 10);
      let taken = 0;
      for (const [kind, slot, ad] of events.slice(0, take)) {
        const key = `${day}|${slot}|${ad}`;
        let count = pending.get(key);
        if (!count) {
          if (pending.size >= AD_EVENTS_MAX_KEYS) continue;
          count = { day, slot, ad, impressions: 0, clicks: 0 };
          pending.set(key, count);
        }
        if (kind === 'i') count.impressions += 1;
        else count.clicks += 1;
        taken += 1;
      }
      return taken;
    },

    flush() {
      const counts = [...pending.values()];
      pending = new Map();
      perAddress = new Map();
      // One write at a time: a slow one is not overtaken by the next interval's.
      const write = writing.catch(() => undefined).then(() => deps.ads.addEventCounts(counts));
      writing = write;
      return write;
    },
  };
}
