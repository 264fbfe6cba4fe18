import type { Database } from '../../db/client.ts';

// SQL of the house ads: active affiliate offers of a country (SPEC.md §3 Offer) and the
// category a partner-video keyword names.

export interface OfferRow {
  id: number;
  pretitle: string;
  title: string;
  links: string[];
  tag_patterns: string[];
}

export interface AdsRepository {
  /** Active offers shown in `country` ('' = unknown: only offers for every country). */
  offersFor(country: string): Promise<OfferRow[]>;
  categoryIdByDir(dir: string): Promise<number | undefined>;
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
  };
}
