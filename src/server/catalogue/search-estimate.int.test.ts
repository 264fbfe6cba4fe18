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
  it("tells a query's word count and how many videos hold its rarest common word", async () => {
    const discovery = createDiscoveryRepository(t.database);
    const both = await discovery.searchWords('ribbon velvet');
    expect(both.words).toBe(2);
    expect(both.videos).toBeGreaterThanOrEqual(60);
    // "velvet" is in a third of the videos, "ribbon" in all: the rarer one bounds the matches.
    expect(both.rarest).toBeGreaterThan(both.videos * 0.25);
    expect(both.rarest).toBeLessThan(both.videos * 0.45);
    const common = await discovery.searchWords('ribbon');
    expect(common.rarest).toBeGreaterThan(both.rarest);
    // A word the statistics do not list as common counts as rare.
    expect((await discovery.searchWords('ribbon nowhereword')).rarest).toBe(0);
    expect((await discovery.searchWords('the of')).words).toBe(0);
  });

  it('counts matches in a sample, scaled to the whole table', async () => {
    const discovery = createDiscoveryRepository(t.database);
    // All pages sampled: the exact count of listed matches.
    expect(await discovery.sampledMatches(filter('ribbon velvet'), 100)).toBe(20);
    expect(await discovery.sampledMatches(filter('velvet quartz'), 100)).toBe(0);
    expect(await discovery.sampledMatches(filter('linen quartz'), 100)).toBe(1);
  });
});
