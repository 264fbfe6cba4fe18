import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';

// The language picker: the choice is remembered and the same page comes back translated.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('language picker', () => {
  it('switches the page to another language and keeps it', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/videos/top-rated/1/`);
    await waitForHydration(page);
    // The header's picker (the footer has the same one).
    await page.locator('header').getByLabel('Language').selectOption('de');
    await page.waitForURL('**/videos/top-rated/1/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Bestbewertete Videos');
    // Remembered for the next page.
    await page.goto(`${baseUrl}/models/most-popular/1/`);
    expect(await page.locator('h1').textContent()).toBe('Beliebteste Models');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('never sends a visitor to another site', async () => {
    for (const back of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const res = await fetch(`${baseUrl}/language/?lang=fr&back=${encodeURIComponent(back)}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
    const bad = await fetch(`${baseUrl}/language/?lang=xx&back=/videos/`, { redirect: 'manual' });
    expect(bad.headers.get('location')).toBe('/videos/');
    expect(bad.headers.get('set-cookie')).toBeNull();
  });
});
