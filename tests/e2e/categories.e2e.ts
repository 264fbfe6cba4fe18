import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// Category listings and the category index (SPEC.md §2 /categories/…).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function firstCategories(count: number): Promise<{ dir: string; title: string }[]> {
  const res = await fetch(`${baseUrl}/api/json/categories/0/str.popular.en.json`);
  const body = (await res.json()) as { categories: { dir: string; title: string }[] };
  return body.categories.slice(0, count);
}

const status = (path: string) => fetchStatus(baseUrl, path);

describe('category listing', () => {
  it('arrives server-rendered with the category title and description', async () => {
    const [category] = await firstCategories(1);
    const res = await fetch(`${baseUrl}/categories/${category?.dir}/latest-updates/1/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`${category?.title}: Latest videos`);
    expect(html.match(/<article/g)?.length).toBeGreaterThan(0);
  });

  it('redirects the short forms and answers 404 for unknown or too many categories', async () => {
    const [a, b, c] = await firstCategories(3);
    expect(await status(`/categories/${a?.dir}/`)).toEqual({
      status: 302,
      location: `/categories/${a?.dir}/latest-updates/1/`,
    });
    expect(await status(`/categories/${a?.dir}/3/`)).toEqual({
      status: 302,
      location: `/categories/${a?.dir}/latest-updates/3/`,
    });
    expect((await status('/categories/no-such-category/latest-updates/1/')).status).toBe(404);
    const four = [a, b, c, a].map((x) => x?.dir).join(',');
    expect((await status(`/categories/${four}/latest-updates/1/`)).status).toBe(404);
  });
});

describe('category index', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`lets a visitor search and choose up to three categories at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/categories/`);
      await waitForHydration(page);
      const boxes = page.locator('#category-list input[type=checkbox]');
      await expect.poll(() => boxes.count()).toBeGreaterThan(4);
      for (let i = 0; i < 3; i++) await boxes.nth(i).check();
      // The fourth is disabled once three are chosen, and says why.
      expect(await boxes.nth(3).isDisabled()).toBe(true);
      expect(await boxes.nth(3).getAttribute('title')).toContain('up to 3');
      await boxes.nth(0).uncheck();
      expect(await boxes.nth(3).isDisabled()).toBe(false);

      const [first] = await firstCategories(1);
      await page
        .locator('main')
        .getByRole('searchbox')
        .fill(first?.title.slice(0, 4) ?? '');
      await expect
        .poll(() => page.locator('#category-list li').first().textContent())
        .toContain(first?.title);

      await page.locator('main').getByRole('searchbox').fill('');
      await page.getByRole('button', { name: /Show videos/ }).click();
      await page.waitForURL(/\/categories\/[a-z0-9-]+,[a-z0-9-]+\/latest-updates\/1\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toContain('+');
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
