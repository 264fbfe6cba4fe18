import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { createDiscoveryRepository, type SearchFilter } from './discovery.repository.ts';

// What the search reads to check the planner's estimate of a query of common words: the
// words' statistics and a sample of the table, on the real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL).

let t: TestApp;
const filter = (query: string): SearchFilter => ({
  gender: 'str',
  type: 'all',
  duration: '',
  date: '',
  query,
});

beforeAll(async () => {
  t = await createTestApp();
  const user = await makeUser(t.database);
  // 60 videos: every one says "ribbon", every third "velvet" too; one says "quartz".
  for (let i = 0; i < 60; i++) {
    const words = ['Ribbon', i % 3 === 0 ? 'velvet' : 'linen', i === 7 ? 'quartz' : `take ${i}`];
    await makeVideo(t.database, user.id, { title: words.join(' ') });
  }
  await t.database.query('SELECT refresh_video_search(ARRAY(SELECT id FROM videos))');
  await t.database.query('ANALYZE videos');
});

afterAll(async () => {
  await t.close();
});

describe('search estimate checks', () => {
  it("tells a query's words and the share of videos holding each common word", async () => {
    const discovery = createDiscoveryRepository(t.database);
    expect(await discovery.queryWords('Ribbon velvet')).toEqual(['ribbon', 'velvet']);
    expect(await discovery.queryWords('the of')).toEqual([]);
    const { shares, videos } = await discovery.commonWords();
    expect(videos).toBeGreaterThanOrEqual(60);
    // "ribbon" is in every video, "velvet" in a third; a word no video holds is not listed.
    expect(shares.get('ribbon')).toBeGreaterThan(0.9);
    expect(shares.get('velvet')).toBeGreaterThan(0.25);
    expect(shares.get('velvet')).toBeLessThan(0.45);
    expect(shares.has('nowhereword')).toBe(false);
  });

  it('counts matches in a sample, scaled to the whole table', async () => {
    const discovery = createDiscoveryRepository(t.database);
    // All pages sampled: the exact count of listed matches.
    expect(await discovery.sampledMatches(filter('ribbon velvet'), 100)).toBe(20);
    expect(await discovery.sampledMatches(filter('velvet quartz'), 100)).toBe(0);
    expect(await discovery.sampledMatches(filter('linen quartz'), 100)).toBe(1);
  });
});
