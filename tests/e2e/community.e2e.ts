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
    expect(await status('/community/')).toEqual({ status: 302, location: '/community/recent/1/' });
    expect((await status('/members/99999999/')).status).toBe(404);
    expect((await status(`/members/${id}/secret_tab/`)).status).toBe(404);
    expect((await status(`/members/${id}/info/2/`)).status).toBe(404);
    expect((await status(`/members/${id}/wall/999/`)).status).toBe(404);
    const history = await (await fetch(`${baseUrl}/members/${id}/history/1/`)).text();
    expect(history).toContain('You have no permission to view this');
  });

  it('sorts by recent by default (SPEC.md §2), newest members first, and old links follow', async () => {
    expect(await status('/community/')).toEqual({ status: 302, location: '/community/recent/1/' });
    expect(await status('/community/recent/')).toEqual({
      status: 302,
      location: '/community/recent/1/',
    });
    expect(await status('/community/latest/2/?gender=2')).toEqual({
      status: 301,
      location: '/community/recent/2/?gender=2',
    });
    const api = await fetch(`${baseUrl}/api/json/members/0/all/filt......./recent/96/1.json`);
    expect(api.status).toBe(200);
    const { members } = (await api.json()) as { members: { display_name: string }[] };
    expect(members.length).toBeGreaterThan(0);
    const res = await fetch(`${baseUrl}/community/recent/1/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Newest members');
    // The page may come from the cache (other test files sign members up meanwhile), the
    // API call (lifetime 0) never: the page's members are in the API's order, newest first.
    const names = [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*>([^<]+)<\/h2>/g)]
      .map((match) => match[1])
      .slice(0, 6);
    const first = names[0];
    expect(names.length).toBe(6);
    const places = names.map((name) => members.findIndex((m) => m.display_name === name));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));

    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/community/`);
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe('/community/recent/1/');
    expect(await page.getByLabel('Sort').inputValue()).toBe('recent');
    await expect.poll(() => page.locator('main article h2').first().textContent()).toBe(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters members by the member filters and keeps them across pages', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/community/alphabetical/1/`);
    await waitForHydration(page);
    await page.getByLabel('Gender').selectOption('2');
    await page.waitForURL(/\/community\/alphabetical\/1\/\?gender=2$/);
    const api = (await (
      await fetch(`${baseUrl}/api/json/members/0/all/filt..2...../alphabetical/96/1.json`)
    ).json()) as { members: { display_name: string }[] };
    expect(api.members.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.locator('main article h2').first().textContent())
      .toBe(api.members[0]?.display_name);
    await page.getByLabel('Relationship').selectOption('3');
    await page.waitForURL(/\?gender=2&relationship=3$/);
    expect(await page.getByLabel('Gender').inputValue()).toBe('2');
    expect(errors).toEqual([]);
    await page.close();
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
      await page.getByRole('link', { name: 'Subscriptions' }).click();
      await page.waitForURL(/\/members\/\d+\/subscriptions\/$/);
      await page.getByRole('link', { name: 'Wall' }).click();
      await page.waitForURL(/\/members\/\d+\/wall\/1\/$/);
      await page.getByRole('link', { name: 'Friends' }).click();
      await page.waitForURL(/\/members\/\d+\/friends\/1\/$/);
      await expect
        .poll(
          async () =>
            (await page.locator('main article').count()) +
            (await page.getByText('Members not found').count()),
        )
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
