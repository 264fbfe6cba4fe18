import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { rollViewWindows, VIEW_DAYS_KEPT } from '../../db/counters.ts';
import { createStatRepository, type StatRepository } from './stat.repository.ts';

// Views by country (decision 0053): the stat call records the viewer's country as the age
// gates read it (no country header here, so the address X-Forwarded-For gives, TRUST_PROXY
// on, looked up in the packaged GeoLite2 database), and the fold adds counted views to
// video_views_country_daily, which the nightly roll-over prunes with the daily rows. A view
// from an address the database does not place is counted, with no country.

/** Well-known addresses: heise.de's (Hanover) and Google's public resolver. */
const GERMAN = '193.99.144.80';
const AMERICAN = '8.8.8.8';
const PRIVATE = '10.20.30.40';

let t: TestApp;
let stats: StatRepository;
let uploader = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  stats = createStatRepository(t.database);
  uploader = (await makeUser(t.database)).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function view(videoId: number, address: string, extra: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stat.php',
    headers: { 'x-forwarded-for': address },
    payload: { act: 'view', section: 'video', object_id: videoId, ...extra },
  });
  expect(res.json()).toEqual({ success: 1 });
}

/** Today's views of a video: in all, and by country. */
async function today(videoId: number) {
  // The app's own folder may have taken them already; either way they end up counted.
  await stats.foldViews(1000);
  const [all] = await t.database.query<{ views: number }>(
    'SELECT views FROM video_views_daily WHERE video_id = $1 AND day = current_date',
    [videoId],
  );
  const byCountry = await t.database.query<{ country: string; views: number }>(
    `SELECT country, views FROM video_views_country_daily
      WHERE video_id = $1 AND day = current_date ORDER BY country`,
    [videoId],
  );
  return { views: all?.views ?? 0, byCountry };
}

describe('views by country', () => {
  it("records a German address's view as Germany's, and answers views by country", async () => {
    const { id } = await makeVideo(t.database, uploader, { title: 'Rhine Valley Trains' });
    await view(id, GERMAN);
    await view(id, AMERICAN);
    // The same visitor again within 30 minutes counts once, here as everywhere.
    await view(id, GERMAN);
    await expect
      .poll(() => today(id))
      .toEqual({
        views: 2,
        byCountry: [
          { country: 'de', views: 1 },
          { country: 'us', views: 1 },
        ],
      });
    // What an operator asks: today's views by country, across videos.
    const rows = await t.database.query<{ country: string; views: number }>(
      `SELECT country, sum(views)::int AS views FROM video_views_country_daily
        WHERE day = current_date GROUP BY country ORDER BY country`,
    );
    expect(rows).toEqual([
      { country: 'de', views: 1 },
      { country: 'us', views: 1 },
    ]);
  });

  it('counts a view from an address no country is known for, without a country', async () => {
    const { id } = await makeVideo(t.database, uploader, { title: 'Harbour Lights' });
    await view(id, PRIVATE);
    await expect.poll(() => today(id)).toEqual({ views: 1, byCountry: [] });
  });

  it('stores no country for a view sent with nogeo (SPEC.md §7), counting it all the same', async () => {
    const { id } = await makeVideo(t.database, uploader, { title: 'Quiet Canal Walk' });
    await view(id, GERMAN, { nogeo: '1' });
    // Not set: counted by country as usual.
    await view(id, AMERICAN, { nogeo: '0' });
    await expect
      .poll(() => today(id))
      .toEqual({ views: 2, byCountry: [{ country: 'us', views: 1 }] });
  });

  it('keeps the rows by country as long as the daily rows, then prunes them', async () => {
    const { id } = await makeVideo(t.database, uploader, { title: 'Old Mill Stream' });
    await t.database.query(
      `INSERT INTO video_views_country_daily (video_id, day, country, views)
       VALUES ($1, current_date - $2::int, 'fr', 3), ($1, current_date - $3::int, 'fr', 4)`,
      [id, VIEW_DAYS_KEPT, VIEW_DAYS_KEPT + 1],
    );
    await rollViewWindows(t.database);
    const left = await t.database.query<{ ago: number; views: number }>(
      `SELECT (current_date - day)::int AS ago, views FROM video_views_country_daily
        WHERE video_id = $1`,
      [id],
    );
    expect(left).toEqual([{ ago: VIEW_DAYS_KEPT, views: 3 }]);
  });
});
