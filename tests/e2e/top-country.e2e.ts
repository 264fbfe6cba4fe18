import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// Top videos of a country with the country picker (SPEC.md §2 /top-country/{page}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('top country', () => {
  it('arrives server-rendered for the default country, and for another one by name', async () => {
    const html = await (await fetch(`${baseUrl}/top-country/1/`)).text();
    expect(html).toContain('Top videos in United States');
    const german = await (await fetch(`${baseUrl}/top-country/1/?country=de&lang=de`)).text();
    expect(german).toContain('Top-Videos in Deutschland');
    expect((await fetch(`${baseUrl}/top-country/0/`)).status).toBe(404);
  });

  it('switches country with the picker', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/top-country/1/`);
    await waitForHydration(page);
    await page.getByLabel('Country').selectOption('fr');
    await page.waitForURL('**/top-country/1/?country=fr');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Top videos in France');
    expect(errors).toEqual([]);
    await page.close();
  });
});
