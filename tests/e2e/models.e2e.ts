import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The model list and model pages (SPEC.md §2 /models/{sort}/{page}/, /model/{dir}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('models', () => {
  it('lists models server-rendered and redirects the short forms', async () => {
    const html = await (await fetch(`${baseUrl}/models/most-popular/1/`)).text();
    expect(html).toContain('Most popular models');
    expect(html.match(/href="\/model\/[a-z0-9-]+\/"/g)?.length).toBeGreaterThan(10);
    expect(await status('/models/')).toEqual({ status: 302, location: '/models/most-popular/1/' });
    expect(await status('/models/latest/')).toEqual({ status: 302, location: '/models/latest/1/' });
    expect((await status('/models/loudest/1/')).status).toBe(404);
    expect((await status('/model/nobody-by-this-name/')).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`filters models and opens a model page with videos at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/models/alphabetical/1/`);
      await waitForHydration(page);
      await page.getByLabel('Ethnicity').selectOption('latin');
      await page.waitForURL('**/models/alphabetical/1/?race=latin');
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/model\/[a-z0-9-]+\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main dl').textContent()).toContain('Latina');
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
