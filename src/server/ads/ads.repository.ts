import type { Database } from '../../db/client.ts';

// SQL of the house ads: active affiliate offers of a country (SPEC.md §3 Offer), the
// category a partner-video keyword names, and the counts of ad-spot events (decision 0035).

export interface OfferRow {
  id: number;
  pretitle: string;
  title: string;
  links: string[];
  tag_patterns: string[];
}

/** Events of one ad in one slot on one day (UTC), to be added to the stored counts. */
export interface AdEventCount {
  day: string;
  slot: string;
  ad: string;
  impressions: number;
  clicks: number;
}

export interface AdsRepository {
  /** Active offers shown in `country` ('' = unknown: only offers for every country). */
  offersFor(country: string): Promise<OfferRow[]>;
  categoryIdByDir(dir: string): Promise<number | undefined>;
  /** Adds the counts in one statement, whatever their number. */
  addEventCounts(counts: AdEventCount[]): Promise<void>;
}

export function createAdsRepository(database: Pick<Database, 'query'>): AdsRepository {
  return {
    async offersFor(country) {
      const rows = await database.query<OfferRow>(
        `SELECT id, pretitle, title, links, tag_patterns FROM offers
          WHERE active AND cardinality(links) > 0
            AND (cardinality(countries) = 0 OR $1 = ANY(countries))
          ORDER BY id`,
        [country],
      );
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    async categoryIdByDir(dir) {
      const rows = await database.query<{ id: number }>(
        'SELECT id FROM categories WHERE dir = $1',
        [dir],
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    async addEventCounts(counts) {
      if (counts.length === 0) return;
      await database.query(
        `INSERT INTO ad_event_counts (day, slot, ad, impressions, clicks)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[], $5::bigint[])
         ON CONFLICT (day, slot, ad) DO UPDATE
           SET impressions = ad_event_counts.impressions + EXCLUDED.impressions,
               clicks = ad_event_counts.clicks + EXCLUDED.clicks`,
        [
          counts.map((c) => c.day),
          counts.map((c) => c.slot),
          counts.map((c) => c.ad),
          counts.map((c) => c.impressions),
          counts.map((c) => c.clicks),
        ],
      );
    },
  };
}
