import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import {
  makeCategory,
  makeChannel,
  makeUser,
  makeVideo,
} from '../../../tests/support/factories.ts';
import { refreshCounters } from '../../db/counters.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://tube.example' } });
  const user = await makeUser(t.database);
  const category = await makeCategory(t.database, 'Beach');
  await makeChannel(t.database, { title: 'Empty Channel' });
  ids.listed = (
    await makeVideo(t.database, user.id, {
      title: 'Sun & <sea>',
      categoryIds: [category.id],
      mediaVersion: 1,
      duration: 754,
    })
  ).id;
  ids.private = (await makeVideo(t.database, user.id, { title: 'Hidden', isPrivate: 1 })).id;
  ids.deleted = (await makeVideo(t.database, user.id, { title: 'Gone', statusId: 5 })).id;
  await refreshCounters(t.database);
});

afterAll(async () => {
  await t?.close();
});

describe('sitemaps', () => {
  it('points robots.txt at the sitemap index on the public host', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Sitemap: https://tube.example/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
  });

  it('lists every sitemap file in the index', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    for (const file of ['videos-0', 'categories', 'channels']) {
      expect(res.body).toContain(`<loc>https://tube.example/sitemaps/${file}.xml</loc>`);
    }
  });

  it('lists public, published videos with the video extension, escaped', async () => {
    const res = await t.app.inject({ url: '/sitemaps/videos-0.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>https://tube.example/videos/${ids.listed}/`);
    expect(res.body).toContain('<video:title>Sun &#38; &#60;sea&#62;</video:title>');
    expect(res.body).toContain('<video:duration>754</video:duration>');
    expect(res.body).toContain(`<video:player_loc>https://tube.example/embed/${ids.listed}/`);
    expect(res.body).not.toContain('Hidden');
    expect(res.body).not.toContain('Gone');
    expect((res.body.match(/<url>/g) ?? []).length).toBe(1);
  });

  it('lists categories and channels with videos only', async () => {
    const categories = await t.app.inject({ url: '/sitemaps/categories.xml' });
    expect(categories.body).toContain('/categories/beach/latest-updates/1/');
    const channels = await t.app.inject({ url: '/sitemaps/channels.xml' });
    expect(channels.body).not.toContain('empty-channel');
  });

  it('answers 404 for sitemap files that cannot exist', async () => {
    expect((await t.app.inject({ url: '/sitemaps/videos-x.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemaps/nothing.xml' })).statusCode).toBe(404);
  });
});
