import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The playlist list and playlist pages (SPEC.md §2 /playlists/{sort}/{page}/, /playlist/{id}/{page}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('playlists', () => {
  it('lists playlists server-rendered, redirects, and refuses unknown ones', async () => {
    const html = await (await fetch(`${baseUrl}/playlists/most-popular/1/`)).text();
    expect(html).toContain('Most popular playlists');
    expect(html.match(/href="\/playlist\/\d+\/1\/"/g)?.length).toBeGreaterThan(3);
    expect(await status('/playlists/')).toEqual({
      status: 302,
      location: '/playlists/most-popular/1/',
    });
    expect((await status('/playlist/99999999/1/')).status).toBe(404);
    expect((await status('/playlists/random/1/')).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a playlist with its videos at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/playlists/most-videos/1/`);
      await waitForHydration(page);
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/playlist\/\d+\/1\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  // Issue 14: the strip of a playlist is reached from the playlist's page, not by editing
  // the address.
  const sizes = {
    phone: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
    laptop: { viewport: { width: 1366, height: 768 } },
  } as const;
  for (const [name, options] of Object.entries(sizes)) {
    it(`opens a playlist's videos with its strip, from a thumb and from Play all (${name})`, async () => {
      const lists = (await (
        await fetch(`${baseUrl}/api/json/playlists/0/most-videos/20/.1.str..json`)
      ).json()) as { playlists: { playlist_id: string; total_videos: string }[] };
      const playlist = lists.playlists.find((p) => Number(p.total_videos) > 3);
      if (!playlist) throw new Error('no playlist with more than three videos');
      const id = playlist.playlist_id;
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/playlist/${id}/1/`);
      await waitForHydration(page);

      // The third thumb: the video page shows the strip with that video current.
      const third = page.locator('main article').nth(2).getByRole('heading').getByRole('link');
      const href = (await third.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^/videos/\\d+/[a-z0-9-]+/\\?playlist=${id}$`));
      if ('hasTouch' in options) await third.tap();
      else await third.click();
      await page.waitForURL(`${baseUrl}${href}`);
      const strip = page.locator('section', { hasText: 'Playlist:' }).first();
      await expect
        .poll(() => strip.locator('[aria-current="true"]').getAttribute('href'))
        .toBe(href);
      expect(await strip.textContent()).toContain('Video 3 of');

      // Play all: the playlist's first video, with the strip.
      await page.goto(`${baseUrl}/playlist/${id}/1/`);
      await waitForHydration(page);
      const first =
        (await page
          .locator('main article')
          .first()
          .getByRole('heading')
          .getByRole('link')
          .getAttribute('href')) ?? '';
      const playAll = page.getByRole('link', { name: 'Play all' });
      expect(await playAll.getAttribute('href')).toBe(first);
      if ('hasTouch' in options) await playAll.tap();
      else await playAll.click();
      await page.waitForURL(`${baseUrl}${first}`);
      await expect
        .poll(() => strip.locator('[aria-current="true"]').getAttribute('href'))
        .toBe(first);
      expect(await strip.textContent()).toContain('Video 1 of');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
