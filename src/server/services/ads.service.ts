import { isSafeAdLink, PARTNER_POOL } from '../../contracts/ads.paths.ts';
import type {
  AdsResponse,
  Offer,
  PartnerResponse,
  PartnerVideo,
} from '../../contracts/ads.schema.ts';
import type { Gender } from '../../contracts/constants.ts';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import { formatDuration } from '../../contracts/format.ts';
import type { SisterSite } from '../config.ts';
import type { AdsRepository, OfferRow } from '../repositories/ads.repository.ts';
import type { VideoListRow, VideoRepository } from '../repositories/video.repository.ts';
import type { MediaUrls } from './media-urls.ts';

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
  videos: Pick<VideoRepository, 'list'>;
  urls: Pick<MediaUrls, 'videoThumb'>;
  sisterSites: SisterSite[];
  offerChance: number;
  pool?: number;
}): AdProvider {
  const pool = deps.pool ?? PARTNER_POOL;
  const banners = deps.sisterSites
    .filter((site) => isSafeAdLink(site.url))
    .map((site, index) => ({ id: `sister-${index + 1}`, name: site.name, url: site.url }));

  const toPartner = (row: VideoListRow): PartnerVideo => ({
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
      const base = {
        gender,
        sort: 'most-popular',
        type: 'all',
        duration: '',
        date: '',
      } as const;
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
