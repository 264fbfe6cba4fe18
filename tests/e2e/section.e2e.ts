import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Gender } from '../../src/contracts/constants.ts';
import { modelsPath } from '../../src/contracts/models.paths.ts';
import { videoPath } from '../../src/contracts/paths.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { onScreen, PHONE_AND_LAPTOP, press, SHELL_SIZES, seen } from './on-screen.ts';
import { openPage } from './site.ts';

// The gender section switch (SPEC.md §1, issue 14): in the header of a laptop and in the
// phone's menu; a choice shows that section's videos on the same page, is remembered across
// visits (the app_gender cookie pages read) and can be undone.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const LABELS: Record<Gender, string> = { str: 'Straight', she: 'Trans', gay: 'Gay' };

/** The sections of the videos the page's thumbnails lead to, asked of the API. */
async function sectionsShown(page: Page): Promise<Set<string>> {
  const hrefs = await page
    .locator('main a[href^="/videos/"]:has(img)')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const ids = [
    ...new Set(hrefs.map((href) => /^\/videos\/(\d+)\//.exec(href)?.[1]).filter(Boolean)),
  ].slice(0, 12);
  expect(ids.length).toBeGreaterThan(3);
  const sections = new Set<string>();
  for (const id of ids) {
    const res = await fetch(`${baseUrl}${videoPath(0, Number(id))}`);
    const { video } = (await res.json()) as { video: { gender: string } };
    sections.add(video.gender);
  }
  return sections;
}

async function switchTo(page: Page, gender: Gender, touch: boolean): Promise<void> {
  let place = page.locator('header').getByRole('navigation', { name: 'Section' });
  if (touch) {
    await page.locator('header').getByRole('link', { name: 'Open menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    place = menu.getByRole('navigation', { name: 'Section' });
  }
  const link = place.getByRole('link', { name: LABELS[gender] });
  const look = await seen(link);
  expect(look).toMatchObject({ inWindow: true, uncovered: true });
  expect(look.height).toBeGreaterThanOrEqual(24);
  await press(link, touch);
  await page.waitForURL((url) => !url.pathname.startsWith('/section/'));
  await waitForHydration(page);
  await expect.poll(() => activeSection(page)).toBe(gender);
  if (touch) {
    // The phone's menu marks it too.
    await page.locator('header').getByRole('link', { name: 'Open menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const current = menu
      .getByRole('navigation', { name: 'Section' })
      .locator('[aria-current="true"]');
    expect(sectionOf(await current.getAttribute('href'))).toBe(gender);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  }
}

/** The section a switch link sets. */
function sectionOf(href: string | null): string | null {
  return new URL(href ?? '', baseUrl).searchParams.get('gender');
}

/** The section the header's switch marks as the one shown. */
async function activeSection(page: Page): Promise<string | null> {
  return sectionOf(
    await page.locator('header nav a[href^="/section/"][aria-current="true"]').getAttribute('href'),
  );
}

async function cookieOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'app_gender')?.value;
}

describe('section switch', () => {
  for (const [size, options, touch] of PHONE_AND_LAPTOP) {
    it(`shows the gay section on the home page, keeps it and switches back at ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openPage(page, '/');
      expect(await activeSection(page)).toBe('str');
      expect(await sectionsShown(page)).toEqual(new Set(['str']));

      await switchTo(page, 'gay', touch);
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(await cookieOf(context)).toBe('gay');
      expect(await sectionsShown(page)).toEqual(new Set(['gay']));

      // Remembered: a reload, and the next page, stay in the section.
      await page.reload();
      await waitForHydration(page);
      expect(await activeSection(page)).toBe('gay');
      expect(await sectionsShown(page)).toEqual(new Set(['gay']));

      await switchTo(page, 'str', touch);
      expect(await cookieOf(context)).toBe('str');
      expect(await sectionsShown(page)).toEqual(new Set(['str']));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('switches the listing and the models of the page shown, on the same page', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await openPage(page, '/videos/most-popular/1/');
    await switchTo(page, 'she', false);
    expect(page.url()).toBe(`${baseUrl}/videos/most-popular/1/`);
    expect(await sectionsShown(page)).toEqual(new Set(['she']));
    // Moving on inside the site keeps the section (the browser's data is of that section).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Models' })
      .click();
    await page.waitForURL('**/models/most-popular/1/');
    const shown = await page
      .locator('main a[href^="/model/"]')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')))]);
    const api = (await (
      await fetch(
        `${baseUrl}${modelsPath({ lifetime: 0, gender: 'she', filters: {}, sort: 'most-popular', count: 60, page: 1 })}`,
      )
    ).json()) as { models?: { dir: string }[] };
    expect(api.models?.length ?? 0).toBeGreaterThan(0);
    expect(shown.slice(0, 5)).toEqual(api.models?.slice(0, 5).map((m) => `/model/${m.dir}/`));
    await context.close();
  });

  it('keeps the switch’s targets large enough and the header in one row', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await openPage(page, '/');
    const header = page.locator('header').first();
    const height = await header.evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(62);
    for (const label of Object.values(LABELS)) {
      const look = await onScreen(
        header.getByRole('navigation', { name: 'Section' }).getByRole('link', { name: label }),
      );
      expect(look).toMatchObject({ inWindow: true, uncovered: true });
      expect(look.height).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });

  it('stores only a known section and returns only to this site', async () => {
    const ok = await fetch(
      `${baseUrl}/section/?gender=gay&back=${encodeURIComponent('/categories/')}`,
      {
        redirect: 'manual',
      },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/categories/');
    expect(ok.headers.get('set-cookie')).toMatch(/^app_gender=gay;/);
    for (const back of ['//evil.example/', 'https://evil.example/']) {
      const res = await fetch(`${baseUrl}/section/?gender=gay&back=${encodeURIComponent(back)}`, {
        redirect: 'manual',
      });
      expect(res.headers.get('location')).toBe('/');
    }
    const bad = await fetch(`${baseUrl}/section/?gender=men&back=/videos/`, { redirect: 'manual' });
    expect(bad.headers.get('location')).toBe('/videos/');
    expect(bad.headers.get('set-cookie')).toBeNull();
    // A page varies on the cookie that picks its section.
    const gay = await fetch(`${baseUrl}/`, { headers: { cookie: 'app_gender=gay' } });
    expect(gay.headers.get('vary')).toMatch(/\bCookie\b/);
    expect(gay.headers.get('cache-control')).toMatch(/no-cache|no-store|private/);
  });
});
