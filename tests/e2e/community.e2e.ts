import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The community and members' public pages (SPEC.md §2 /community/…, /members/{id}/…).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('community', () => {
  it('lists members server-rendered and never shows private profile data', async () => {
    const html = await (await fetch(`${baseUrl}/community/most-videos/1/`)).text();
    expect(html).toContain('Members with the most videos');
    const id = /href="\/members\/(\d+)\/"/.exec(html)?.[1];
    expect(id).toBeDefined();
    const profile = await (await fetch(`${baseUrl}/members/${id}/info/`)).text();
    expect(profile).toContain('Username');
    expect(profile).not.toContain('@members.example');
    expect(await status('/community/')).toEqual({ status: 302, location: '/community/latest/1/' });
    expect((await status('/members/99999999/')).status).toBe(404);
    expect((await status(`/members/${id}/secret_tab/`)).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a member page and its tabs at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/community/most-videos/1/`);
      await waitForHydration(page);
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/members\/\d+\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Info' }).click();
      await page.waitForURL(/\/members\/\d+\/info\/$/);
      await expect.poll(() => page.locator('main dl').textContent()).toContain('Username');
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
