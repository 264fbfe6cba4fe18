import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('home page', () => {
  it('arrives server-rendered: both strips of 24 thumbs are in the HTML itself', async () => {
    const res = await fetch(`${baseUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html.match(/<article/g)).toHaveLength(48);
    expect(html).toContain('<title>');
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain(`© ${new Date().getFullYear()} Afterglow`);
    // The RTA label, as RTA asks: the meta tag on the page and the header on the answer.
    expect(html).toContain('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA"/>');
    expect(res.headers.get('rating')).toBe('RTA-5042-1996-1400-1577-RTA');
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates without console errors at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/`);
      await waitForHydration(page);
      await expect.poll(() => page.locator('main article').count()).toBe(48);
      // The first thumbnails have really loaded (generated artwork, not a broken image).
      await page.locator('main article img').first().scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          page
            .locator('main article img')
            .first()
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        )
        .toBeGreaterThan(0);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      if (name === 'mobile') {
        const [a, b] = await page
          .locator('main article')
          .evaluateAll((els) => els.slice(0, 2).map((el) => el.getBoundingClientRect().top));
        expect(a).toBe(b); // two thumbs per row on a phone
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('not found and routing', () => {
  it('answers 404 with the 404 page for an unknown route', async () => {
    const res = await fetch(`${baseUrl}/no-such-page/`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Page unavailable');
    expect(html).toContain('href="/"');
  });

  it('redirects a path without its trailing slash', async () => {
    const res = await fetch(`${baseUrl}/videos?x=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/videos/?x=1');
  });

  it('goes home from the 404 page without reloading, data fetched through the API', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/missing/`);
    await waitForHydration(page);
    // The 404 document itself is reported by Chromium as a failed load; that one is expected.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    errors.length = 0;
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/json/videos2/')) apiCalls.push(request.url());
    });
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.getByRole('link', { name: 'Go to the main page' }).click();
    await expect.poll(() => page.locator('main article').count()).toBe(48);
    expect(new URL(page.url()).pathname).toBe('/');
    // Same document: a client-side navigation, not a reload.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(apiCalls).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
