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
});
