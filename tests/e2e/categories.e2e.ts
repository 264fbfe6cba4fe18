import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { acknowledgeCookieNotice } from './site.ts';

// Category listings and the category index (SPEC.md §2 /categories/…).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function firstCategories(
  count: number,
): Promise<{ dir: string; title: string; description: string }[]> {
  const res = await fetch(`${baseUrl}/api/json/categories/0/str.popular.en.json`);
  const body = (await res.json()) as {
    categories: { dir: string; title: string; description: string }[];
  };
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

/** Titles of a category listing, as the API answers the page (same lifetime: same answer). */
async function apiTitles(dirs: string[], sort: string): Promise<string[]> {
  const res = await fetch(
    `${baseUrl}/api/json/videos2/600/str/${sort}/60/categories.${dirs.join(',')}.1.all..all.json`,
  );
  return ((await res.json()) as { videos: { title: string }[] }).videos.map((v) => v.title);
}

/** On screen and not covered: the element (or a part of it) is what a press there hits. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return (
      r.width > 0 &&
      r.top >= 0 &&
      r.bottom <= window.innerHeight &&
      hit !== null &&
      (el === hit || el.contains(hit) || hit.contains(el))
    );
  });
}

describe('categories panel of a listing', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const touch = name === 'mobile';
    it(`searches, chooses up to three and lists the videos in all of them at ${name} size`, async () => {
      const [a, b, c] = await firstCategories(3);
      if (!a || !b || !c) throw new Error('the demo has categories');
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      await acknowledgeCookieNotice(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/videos/most-popular/1/`);
      await waitForHydration(page);
      const panel = page.getByRole('region', { name: /^Categories/ });
      const toggle = panel.getByRole('button', { name: /^Categories/ });
      const open = async () => {
        if (!touch) return;
        await toggle.tap();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      };
      /** A tick opens another listing; on a phone its panel is open again, not folded. */
      const tick = async (box: Locator, url: string | RegExp) => {
        await box.click();
        await page.waitForURL(url);
        if (touch) await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      };
      // On a phone the panel is folded under the filters; on a wide screen it is a column.
      if (touch) {
        expect(await panel.getByRole('searchbox').isVisible()).toBe(false);
      }
      await open();
      const search = panel.getByRole('searchbox', { name: 'Search categories' });
      const box = (title: string) =>
        panel.getByRole('checkbox', { name: new RegExp(`^${title}\\b`) });

      await search.fill(a.title.slice(0, 4));
      await box(a.title).waitFor();
      await box(a.title).scrollIntoViewIfNeeded();
      expect(await reachable(box(a.title))).toBe(true);
      await tick(box(a.title), `**/categories/${a.dir}/most-popular/1/`);
      await expect
        .poll(() => page.locator('h1').textContent())
        .toBe(`${a.title}: Most popular videos`);

      // A chosen category stays in view (and chosen) whatever the search box holds.
      await search.fill('zzzz');
      await expect.poll(() => panel.getByText('No categories found').isVisible()).toBe(true);
      expect(await box(a.title).isVisible()).toBe(true);
      expect(await box(a.title).isChecked()).toBe(true);

      await search.fill(b.title.slice(0, 5));
      await tick(box(b.title), `**/categories/${a.dir},${b.dir}/most-popular/1/`);
      await expect
        .poll(() => page.locator('h1').textContent())
        .toBe(`${a.title} + ${b.title}: Most popular videos`);
      const both = await apiTitles([a.dir, b.dir], 'most-popular');
      await expect
        .poll(() =>
          page.locator('main article h2').evaluateAll((els) => els.map((el) => el.textContent)),
        )
        .toEqual(both);

      // A third one: the others cannot be ticked and say why.
      await search.fill('');
      await tick(box(c.title), `**/categories/${a.dir},${b.dir},${c.dir}/most-popular/1/`);
      const unticked = panel.getByRole('checkbox', { checked: false });
      await expect.poll(() => unticked.count()).toBeGreaterThan(0);
      await expect.poll(() => unticked.first().isDisabled()).toBe(true);
      const label = unticked.first().locator('xpath=ancestor::label');
      expect(await label.getAttribute('title')).toContain('up to 3');
      expect(await panel.getByText(/You can choose up to 3 categories/).isVisible()).toBe(true);
      expect(await box(a.title).getAttribute('disabled')).toBeNull();

      // Unticking one frees the others; unticking the last goes back to every video.
      await tick(box(a.title), `**/categories/${b.dir},${c.dir}/most-popular/1/`);
      await expect.poll(() => unticked.first().isDisabled()).toBe(false);
      await tick(box(b.title), `**/categories/${c.dir}/most-popular/1/`);
      await tick(box(c.title), /\/videos\/most-popular\/1\/$/);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`keeps the sort and filters when a category is chosen at ${name} size`, async () => {
      const [a] = await firstCategories(1);
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      await acknowledgeCookieNotice(context);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/videos/longest/1/?duration=2`);
      await waitForHydration(page);
      const panel = page.getByRole('region', { name: /^Categories/ });
      const toggle = panel.getByRole('button', { name: /^Categories/ });
      // On a phone the panel is folded: a tap opens it (a wide screen shows it as a column).
      if (touch) {
        await toggle.tap();
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
      }
      await panel.getByRole('searchbox').fill(a?.title ?? '');
      await panel.getByRole('checkbox', { name: new RegExp(`^${a?.title}`) }).click();
      await page.waitForURL(`**/categories/${a?.dir}/longest/1/?duration=2`);
      expect(await page.getByLabel('Duration').inputValue()).toBe('2');
      await context.close();
    });

    it(`folds a long description with a Show more button at ${name} size`, async () => {
      const [a] = await firstCategories(1);
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      await acknowledgeCookieNotice(context);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/categories/${a?.dir}/latest-updates/1/`);
      await waitForHydration(page);
      const button = page.locator('main').getByRole('button', { name: 'Show more' });
      const text = page.locator('main p', { hasText: a?.description.slice(0, 40) ?? '' });
      const full = await text.evaluate((el) => el.scrollHeight);
      await expect.poll(() => button.count()).toBe(full > 41 ? 1 : 0);
      if (full <= 41) {
        // SPEC.md §2: only a description taller than 40 px folds.
        expect(touch).toBe(false);
        await context.close();
        return;
      }
      expect((await text.boundingBox())?.height).toBeLessThanOrEqual(40);
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      const size = await button.boundingBox();
      expect(size?.height).toBeGreaterThanOrEqual(touch ? 44 : 24);
      expect(size?.width).toBeGreaterThanOrEqual(24);
      await button.click();
      const less = page.locator('main').getByRole('button', { name: 'Show less' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(async () => (await text.boundingBox())?.height).toBeGreaterThan(40);
      await less.click();
      await expect.poll(async () => (await text.boundingBox())?.height).toBeLessThanOrEqual(40);
      await context.close();
    });
  }
});
