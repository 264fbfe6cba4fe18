import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The channel list and channel pages (SPEC.md §2 /channels/{sort}/{page}/, /channel/{dir}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('channels', () => {
  it('lists channels server-rendered and redirects the short forms', async () => {
    const html = await (await fetch(`${baseUrl}/channels/most-popular/1/`)).text();
    expect(html).toContain('Most popular channels');
    expect(html.match(/href="\/channel\/[a-z0-9-]+\/"/g)?.length).toBeGreaterThan(5);
    expect(await status('/channels/')).toEqual({
      status: 302,
      location: '/channels/most-popular/1/',
    });
    expect((await status('/channels/weirdest/1/')).status).toBe(404);
    expect((await status('/channel/no-such-channel/')).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`sorts channels and opens a channel with its videos at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/channels/most-popular/1/`);
      await waitForHydration(page);
      await page.getByLabel('Sort').selectOption('alphabetical');
      await page.waitForURL('**/channels/alphabetical/1/');
      const sorted = async () => {
        const titles = await page.locator('main article h2').allTextContents();
        return titles.length > 1 && titles.every((t, i) => i === 0 || (titles[i - 1] ?? '') <= t);
      };
      await expect.poll(sorted).toBe(true);
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/channel\/[a-z0-9-]+\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
