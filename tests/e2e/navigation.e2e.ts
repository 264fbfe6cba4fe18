import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { onScreen, PHONE_AND_LAPTOP, press, pressInPlace, SHELL_SIZES, seen } from './on-screen.ts';
import { openPage, signInAsDemo } from './site.ts';

// Getting around (issue 14): the mobile menu as a modal drawer at the full height of the
// screen, pages that open at their top while Back returns to where the visitor was, Upload
// asking a visitor to log in, and a member's own pages in the phone's menu.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SECTIONS = ['Home', 'Videos', 'Categories', 'Models', 'Channels', 'Playlists', 'Community'];

/** Sizes with the ☰ menu: a phone with touch, and a small tablet or window. */
const MENU_SIZES: [string, BrowserContextOptions, boolean][] = [
  ['375 px with touch', SHELL_SIZES.phone, true],
  ['800 px', { viewport: { width: 800, height: 900 } }, false],
];

function menuOf(page: Page) {
  return page.getByRole('dialog', { name: 'Menu' });
}

async function openMenu(page: Page, touch: boolean) {
  await pressInPlace(page, page.locator('header').getByRole('link', { name: 'Open menu' }), touch);
  const menu = menuOf(page);
  await menu.waitFor();
  return menu;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe('mobile menu', () => {
  for (const [size, options, touch] of MENU_SIZES) {
    it(`opens at the full height of the screen with every entry usable at ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openPage(page, '/');
      const viewport = page.viewportSize() ?? { width: 0, height: 0 };
      const toggle = page.locator('header').getByRole('link', { name: 'Open menu' });
      const toggleSize = await onScreen(toggle);
      expect(toggleSize.width).toBeGreaterThanOrEqual(24);
      expect(toggleSize.height).toBeGreaterThanOrEqual(24);
      // Down the page, with the header back after a little scroll up, the page behind stays
      // where it was.
      const headerTop = () =>
        page
          .locator('header')
          .first()
          .evaluate((el) => el.getBoundingClientRect().top);
      await page.evaluate(() => window.scrollTo(0, 450));
      await expect.poll(headerTop).toBeLessThan(-40);
      await page.evaluate(() => window.scrollTo(0, 400));
      // Back in place (it slides in).
      await expect.poll(headerTop).toBe(0);
      expect(await scrollY(page)).toBe(400);

      const menu = await openMenu(page, touch);
      // Once it has slid in.
      await expect.poll(async () => (await menu.boundingBox())?.x).toBe(0);
      const box = await menu.boundingBox();
      expect(box?.y).toBe(0);
      expect(box?.height).toBeGreaterThanOrEqual(viewport.height - 1);
      expect(box?.width).toBeGreaterThanOrEqual(260);
      // Focus moved into the dialog, and Tab never reaches the page behind (past the last
      // entry it leaves the document for the browser's own controls, then comes back).
      const focusAt = () =>
        menu.evaluate((el) =>
          el.contains(document.activeElement)
            ? 'menu'
            : document.activeElement === document.body
              ? 'browser'
              : 'page',
        );
      expect(await focusAt()).toBe('menu');
      const stops = await menu.locator('a, button, select').count();
      for (let i = 0; i < stops + 2; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusAt()).not.toBe('page');
      }
      expect(await focusAt()).toBe('menu');

      const entries = [
        ...SECTIONS.map((name) =>
          menu.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }),
        ),
        menu.getByRole('link', { name: 'Upload' }),
        menu.getByRole('link', { name: 'Log in' }),
        menu.getByRole('navigation', { name: 'Section' }).getByRole('link', { name: 'Gay' }),
        menu.getByRole('link', { name: 'Emberlight' }),
        menu.getByRole('button', { name: 'Close menu' }),
      ];
      for (const entry of entries) {
        const look = await seen(entry);
        expect(look, await entry.evaluate((el) => el.outerHTML.slice(0, 80))).toMatchObject({
          inWindow: true,
          uncovered: true,
        });
        expect(look.height).toBeGreaterThanOrEqual(24);
        expect(look.width).toBeGreaterThanOrEqual(24);
      }

      // Scrolling over the backdrop moves nothing behind it.
      await page.mouse.move(viewport.width - 10, viewport.height / 2);
      await page.mouse.wheel(0, 600);
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow))
        .toBe('hidden');
      expect(await scrollY(page)).toBe(400);

      // The close button, Escape and the backdrop close it; focus returns to the ☰.
      await press(menu.getByRole('button', { name: 'Close menu' }), touch);
      await menu.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await openMenu(page, touch);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await openMenu(page, touch);
      if (touch) await page.touchscreen.tap(viewport.width - 10, viewport.height / 2);
      else await page.mouse.click(viewport.width - 10, viewport.height / 2);
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
        'visible',
      );
      expect(await scrollY(page)).toBe(400);

      // Each section opens from it, at the top of its page, and the menu closes.
      for (const name of SECTIONS.slice(1)) {
        const open = await openMenu(page, touch);
        const link = open
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name });
        const href = (await link.getAttribute('href')) ?? '';
        await press(link, touch);
        await page.waitForURL((url) => url.pathname.startsWith(href));
        await open.waitFor({ state: 'hidden' });
        await expect.poll(() => scrollY(page)).toBe(0);
        // The menu marks the section shown.
        await expect
          .poll(() =>
            page.locator('dialog nav a[aria-current="page"]').filter({ hasText: name }).count(),
          )
          .toBe(1);
      }
      // A link to the page already shown closes it too.
      const again = await openMenu(page, touch);
      await press(
        again.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
          name: 'Community',
        }),
        touch,
      );
      await again.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('has no ☰ on a laptop, where the sidebar lists the sections', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await openPage(page, '/');
    expect(await page.locator('header').getByRole('link', { name: 'Open menu' }).isVisible()).toBe(
      false,
    );
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of SECTIONS) {
      expect(await seen(sidebar.getByRole('link', { name }))).toMatchObject({
        inWindow: true,
        uncovered: true,
      });
    }
    await context.close();
  });
});

/** Marks the document, so that sameDocument tells a router's navigation from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { documentMark?: number }).documentMark = 1;
  });
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { documentMark?: number }).documentMark === 1);
}

describe('links a listing repeats', () => {
  for (const [size, options, touch] of PHONE_AND_LAPTOP) {
    it(`open a video and a tag's search in the page at ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openPage(page, '/videos/most-popular/1/');
      await markDocument(page);
      // The picture's link (a block: the title's is a line of text whose middle may be gap).
      const title = page.locator('main article a:has(img)').first();
      const href = (await title.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/videos\/\d+\//);
      const look = await seen(title);
      expect(look.inWindow && look.uncovered).toBe(true);
      await press(title, touch);
      await page.waitForURL(`${baseUrl}${href}`);
      await page.locator('main h1').first().waitFor();
      expect(await sameDocument(page)).toBe(true);

      await page.goBack();
      await page.waitForURL(`${baseUrl}/videos/most-popular/1/`);
      const tag = page
        .getByRole('navigation', { name: 'Popular searches and categories' })
        .locator('a[href^="/search/"]')
        .first();
      const tagHref = (await tag.getAttribute('href')) ?? '';
      expect(tagHref).toMatch(/^\/search\/1\/\?s=/);
      const tagLook = await seen(tag);
      expect(tagLook.inWindow && tagLook.uncovered).toBe(true);
      await press(tag, touch);
      await page.waitForURL(`${baseUrl}${tagHref}`);
      const keyword = new URL(tagHref, baseUrl).searchParams.get('s') ?? '';
      // The search's heading: the page's results depend on what other tests took down.
      await page.locator('main h1', { hasText: keyword }).waitFor();
      expect(await sameDocument(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('leaves a click with Ctrl to the browser: a new tab, the listing stays', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await openPage(page, '/videos/most-popular/1/');
    const title = page.locator('main article h2 a').first();
    const href = (await title.getAttribute('href')) ?? '';
    const opened = context.waitForEvent('page');
    await title.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForURL(`${baseUrl}${href}`);
    expect(new URL(page.url()).pathname).toBe('/videos/most-popular/1/');
    await context.close();
  });
});

describe('scroll position on navigation', () => {
  for (const [size, options, touch] of PHONE_AND_LAPTOP) {
    it(`opens a video at its top and Back returns to the same place at ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openPage(page, '/');
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => scrollY(page)).toBe(1500);
      // A thumbnail the visitor can see there.
      const thumbs = await page.locator('main a[href^="/videos/"]:has(img)').all();
      let target = thumbs[0];
      for (const thumb of thumbs) {
        const look = await onScreen(thumb);
        if (look.inWindow && look.uncovered) {
          target = thumb;
          break;
        }
      }
      if (!target) throw new Error('no thumbnail on the home page');
      const href = (await target.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/videos\/\d+\//);
      await markDocument(page);
      // Tapped where it is, without anything scrolling it into view first.
      await pressInPlace(page, target, touch);
      await page.waitForURL(`${baseUrl}${href}`);
      await page.locator('main h1').first().waitFor();
      // The router's: the same document, no page load.
      expect(await sameDocument(page)).toBe(true);
      await expect.poll(() => scrollY(page)).toBe(0);
      const header = page.locator('header').first();
      await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);

      await page.goBack();
      await page.waitForURL(`${baseUrl}/`);
      await expect.poll(() => scrollY(page)).toBe(1500);
      // The header comes back with the page rather than hiding for the jump.
      await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      await page.goForward();
      await page.waitForURL(`${baseUrl}${href}`);
      await expect.poll(() => scrollY(page)).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`opens the next page of a listing at its top at ${size}`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await openPage(page, '/videos/latest-updates/1/');
      const next = page.locator('main').getByRole('link', { name: /next/i }).first();
      await next.scrollIntoViewIfNeeded();
      expect(await scrollY(page)).toBeGreaterThan(500);
      await press(next, touch);
      await page.waitForURL('**/videos/latest-updates/2/');
      await expect.poll(() => scrollY(page)).toBe(0);
      await context.close();
    });
  }
});

describe('upload', () => {
  it('asks a visitor to log in from the sidebar, then goes on to the upload screen', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await openPage(page, '/videos/latest-updates/1/');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    expect(page.url()).toBe(`${baseUrl}/videos/latest-updates/1/`);
    await dialog.getByLabel('Username').fill('demo');
    await dialog.getByLabel('Password').fill('demo-password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/upload-video/`);
    await waitForHydration(page);
    expect(await page.locator('main h1').textContent()).toMatch(/upload/i);
    await context.close();
  });

  it('asks a visitor to log in from the phone’s menu', async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    const page = await context.newPage();
    await openPage(page, '/categories/');
    const menu = await openMenu(page, true);
    await menu.getByRole('link', { name: 'Upload' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${baseUrl}/categories/`);
    expect(await onScreen(dialog.getByLabel('Username'))).toMatchObject({
      inWindow: true,
      uncovered: true,
    });
    await context.close();
  });
});

describe('a member on a phone', () => {
  it('finds watch later, history and the account’s pages in the menu', async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAsDemo(page);
    await waitForHydration(page);
    let menu = await openMenu(page, true);
    expect(await seen(menu.getByRole('link', { name: 'demo' }))).toMatchObject({
      inWindow: true,
      uncovered: true,
    });
    const account = menu.getByRole('navigation', { name: 'Your account' });
    for (const name of [
      /^History/,
      'Watch later',
      /^Messages/,
      'Edit profile',
      'Uploaded videos',
      'Favourite videos',
      'Subscriptions',
      'Friends',
      'Upload',
    ]) {
      const look = await seen(account.getByRole('link', { name, exact: true }));
      expect(look, String(name)).toMatchObject({ inWindow: true, uncovered: true });
      expect(look.height).toBeGreaterThanOrEqual(24);
    }
    expect(await seen(account.getByRole('button', { name: 'Log out' }))).toMatchObject({
      inWindow: true,
      uncovered: true,
    });
    expect(await menu.getByRole('link', { name: 'Log in' }).count()).toBe(0);

    await account.getByRole('link', { name: 'Watch later' }).tap();
    await page.waitForURL(/\/watch_later_videos\/\d+\/1\/$/);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: /watch later/i }).waitFor();

    menu = await openMenu(page, true);
    await menu
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: /^History/ })
      .tap();
    await page.waitForURL('**/videos/history/1/');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Recently watched' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
