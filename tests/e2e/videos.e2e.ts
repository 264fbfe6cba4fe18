import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseDuration } from '../../src/contracts/format.ts';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The video listing /videos/{sort}/{page}/ (SPEC.md §2).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('video listing', () => {
  it('arrives server-rendered with 60 thumbs and pagination', async () => {
    const res = await fetch(`${baseUrl}/videos/most-popular/2/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/<article/g)).toHaveLength(60);
    expect(html).toContain('Most popular videos');
    expect(html).toContain('aria-current="page"');
    // Structured data and the language alternates for search engines.
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
    const list = JSON.parse(ld) as { '@type': string; itemListElement: unknown[] };
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toHaveLength(60);
    expect(html).toMatch(
      /<link rel="alternate" hrefLang="de" href="[^"]+\/videos\/most-popular\/2\/\?lang=de"/i,
    );
    const german = await (await fetch(`${baseUrl}/videos/most-popular/2/?lang=de`)).text();
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('Beliebteste Videos');
    expect(html).toMatch(
      /rel="prev" [^>]*href="\/videos\/most-popular\/1\/"|href="\/videos\/most-popular\/1\/"[^>]*rel="prev"/,
    );
  });

  it('redirects the short forms and refuses unknown sorts and pages', async () => {
    expect(await status('/videos/')).toEqual({
      status: 302,
      location: '/videos/latest-updates/1/',
    });
    expect(await status('/videos/top-rated/')).toEqual({
      status: 302,
      location: '/videos/top-rated/1/',
    });
    expect(await status('/most-commented/')).toEqual({
      status: 302,
      location: '/videos/most-commented/1/',
    });
    expect((await status('/videos/newest-first/1/')).status).toBe(404);
    expect((await status('/videos/top-rated/0/')).status).toBe(404);
    expect((await status('/videos/top-rated/abc/')).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`filters and pages in the browser without errors at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/videos/latest-updates/1/`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('main article').count()).toBe(60);

      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: 'Next' })
        .click();
      await page.waitForURL('**/videos/latest-updates/2/');
      await expect
        .poll(() =>
          page
            .getByRole('navigation', { name: 'Pages' })
            .locator('[aria-current="page"]')
            .textContent(),
        )
        .toBe('2');

      // A filter change goes back to page 1 and keeps the other choices.
      // The demo videos are as long as the short clips they play (docs/decisions/0033).
      await page.getByLabel('Duration').selectOption('1');
      await page.waitForURL('**/videos/latest-updates/1/?duration=1');
      await page.getByLabel('Sort').selectOption('longest');
      await page.waitForURL('**/videos/longest/1/?duration=1');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Longest videos');
      // Every thumb now shows a length under 10 minutes, longest first.
      const seconds = (
        await page
          .locator('main article time')
          .evaluateAll((els) => els.map((el) => el.textContent ?? ''))
      ).map(parseDuration);
      expect(seconds.length).toBeGreaterThan(0);
      for (const value of seconds) {
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThan(600);
      }
      expect(seconds).toEqual([...seconds].sort((a, b) => b - a));

      // The country filter keeps the other choices and shows only that country's videos.
      await page.getByLabel('Country').selectOption('de');
      await page.waitForURL('**/videos/longest/1/?duration=1&country=de');
      // The URL changes first; the list follows when its data has arrived.
      const badges = () =>
        page
          .locator('main article abbr')
          .evaluateAll((els) => [...new Set(els.map((el) => el.textContent))]);
      await expect.poll(badges, { timeout: 10_000 }).toEqual(['DE']);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

/** Titles of a videos2 list, as the API answers the page (same lifetime: same answer). */
async function apiTitles(tail: string): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/json/videos2/600/str/latest-updates/60/${tail}`);
  return ((await res.json()) as { videos: { title: string }[] }).videos.map((v) => v.title);
}

describe('video listing while it loads and after Back', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const touch = name === 'mobile';
    it(`shows the list busy until the new one arrives, and the filters follow the address at ${name} size`, async () => {
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      // The answer of the duration filter's list is held until the busy state has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(
        (url) =>
          url.pathname.includes('/api/json/videos2/') && url.pathname.endsWith('.1.all.2.all.json'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(`${baseUrl}/videos/latest-updates/1/`);
      await waitForHydration(page);
      const results = page.locator('main [aria-busy]');
      const titles = () =>
        page
          .locator('main article h2, main article h3')
          .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
      const before = await titles();
      expect(before).toEqual(await apiTitles('..1.all..all.json'));
      expect(await results.getAttribute('aria-busy')).toBe('false');

      await page.getByLabel('Duration').selectOption('2');
      // The old list stays, marked busy and dimmed, while the new one loads.
      await expect.poll(() => results.getAttribute('aria-busy')).toBe('true');
      expect(await titles()).toEqual(before);
      await expect
        .poll(() => results.evaluate((el) => Number(getComputedStyle(el).opacity)))
        .toBeLessThan(1);
      release();
      await page.waitForURL('**/videos/latest-updates/1/?duration=2');
      await expect.poll(() => results.getAttribute('aria-busy')).toBe('false');
      const filtered = await apiTitles('..1.all.2.all.json');
      await expect.poll(titles).toEqual(filtered);

      // Back: the address, the fields and the list agree again.
      await page.goBack();
      await page.waitForURL(/\/videos\/latest-updates\/1\/$/);
      await expect.poll(() => page.getByLabel('Duration').inputValue()).toBe('');
      await expect.poll(titles).toEqual(before);
      await page.goForward();
      await page.waitForURL('**/videos/latest-updates/1/?duration=2');
      await expect.poll(() => page.getByLabel('Duration').inputValue()).toBe('2');
      await expect.poll(titles).toEqual(filtered);

      // The sort follows the address as well.
      await page.getByLabel('Sort').selectOption('longest');
      await page.waitForURL('**/videos/longest/1/?duration=2');
      expect(await page.getByLabel('Sort').inputValue()).toBe('longest');
      await page.goBack();
      await expect.poll(() => page.getByLabel('Sort').inputValue()).toBe('latest-updates');
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
