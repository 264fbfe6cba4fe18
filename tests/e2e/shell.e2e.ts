import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The layout around every screen (SPEC.md §2 "Layout"): the mobile menu with the network of
// sister sites, and the cookie notice.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('shell', () => {
  it('renders the model and channel carousel and the tag strip, not on legal pages', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/videos/latest-updates/1/`);
    await waitForHydration(page);
    const tags = page.getByRole('navigation', { name: 'Popular searches and categories' });
    const tagCount = await tags.getByRole('link').count();
    expect(tagCount).toBeGreaterThan(10);
    expect(tagCount).toBeLessThanOrEqual(100);
    const people = page.getByRole('navigation', { name: 'Models and channels' });
    expect(await people.locator('a[href^="/model/"]').count()).toBeGreaterThan(0);
    expect(await people.locator('a[href^="/channel/"]').count()).toBeGreaterThan(0);
    // Legal pages go without the strip (SPEC.md §2 "Layout").
    await page.goto(`${baseUrl}/information/terms/`);
    await waitForHydration(page);
    expect(
      await page.getByRole('navigation', { name: 'Popular searches and categories' }).count(),
    ).toBe(0);
    await page.close();
  });

  it('opens the menu on a phone, lists the network, and closes it on navigation', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const menu = page.locator('header details');
    await menu.locator('summary').click();
    expect(await menu.getAttribute('open')).not.toBeNull();
    const drawer = menu.getByRole('navigation');
    expect(await drawer.getByRole('link', { name: 'Emberlight' }).getAttribute('href')).toBe(
      'https://emberlight.example',
    );
    await drawer.getByRole('link', { name: 'Models' }).click();
    await page.waitForURL('**/models/most-popular/1/');
    await expect.poll(() => menu.getAttribute('open')).toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hides the header while scrolling down and brings it back on scrolling up', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await page.goto(`${baseUrl}/videos/latest-updates/1/`);
    await waitForHydration(page);
    const top = () =>
      page
        .locator('header')
        .first()
        .evaluate((el) => el.getBoundingClientRect().bottom);
    expect(await top()).toBeGreaterThan(0);
    await page.mouse.move(600, 600);
    await page.mouse.wheel(0, 900);
    await expect.poll(top).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -300);
    await expect.poll(top).toBeGreaterThan(0);
    await page.close();
  });

  it('shows the cookie notice until it is acknowledged', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await waitForHydration(page);
    const notice = page.getByRole('region', { name: 'Cookies' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.getByRole('link').getAttribute('href')).toBe(
      '/information/cookies_policy/',
    );
    await notice.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByRole('region', { name: 'Cookies' }).count()).toBe(0);
    await context.close();
  });
});
