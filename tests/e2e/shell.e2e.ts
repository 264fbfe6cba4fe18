import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { onScreen, SHELL_SIZES } from './on-screen.ts';
import { openLoginModal, signInAsDemo } from './site.ts';

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
  it('shows the sidebar and the network on wide screens, full width on the 404 page', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/videos/latest-updates/1/`);
    await waitForHydration(page);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await sidebar.getByRole('link', { name: 'Models' }).click();
    await page.waitForURL('**/models/most-popular/1/');
    await expect
      .poll(() => sidebar.getByRole('link', { name: 'Models' }).getAttribute('aria-current'))
      .toBe('page');
    const network = page.locator('header details').last();
    await network.locator('summary').click();
    expect(await network.getByRole('link').count()).toBeGreaterThan(10);
    expect(errors).toEqual([]);
    // The 404 page (its own status logs one console error, so errors are checked before).
    await page.goto(`${baseUrl}/no-such-page/`);
    await waitForHydration(page);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).isVisible()).toBe(false);
    const main = await page.locator('main').boundingBox();
    expect(main?.x ?? 999).toBeLessThan(20);
    await page.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens the Login modal, checks the sign-in rules and closes it at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/videos/latest-updates/1/`);
      await waitForHydration(page);
      const dialog = await openLoginModal(page);
      expect(page.url()).toBe(`${baseUrl}/videos/latest-updates/1/`);
      // SPEC.md §5: both fields required; short values never reach the server.
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => dialog.getByText('This field is required').count()).toBe(2);
      await dialog.getByLabel('Username').fill('ab');
      await dialog.getByLabel('Password').fill('secret');
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => dialog.getByText('Invalid username or password').count()).toBe(1);
      expect(await dialog.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Every route change closes the modal.
      await page.locator('header').getByRole('link', { name: 'Log in' }).click();
      await dialog.waitFor();
      await dialog.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.waitForURL('**/restore-password/');
      await dialog.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await page.close();
    });
  }

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
    await page.locator('header').getByRole('link', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('link', { name: 'Emberlight' }).getAttribute('href')).toBe(
      'https://emberlight.example',
    );
    await menu.getByRole('link', { name: 'Models' }).click();
    await page.waitForURL('**/models/most-popular/1/');
    await menu.waitFor({ state: 'hidden' });
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
    // The server renders the notice with the page until the acknowledgement cookie exists.
    const fresh = await (await fetch(`${baseUrl}/categories/`)).text();
    expect(fresh).toContain('/information/cookies_policy/"');
    expect(fresh).toContain('aria-label="Cookies"');
    const known = await (
      await fetch(`${baseUrl}/categories/`, { headers: { cookie: 'cookie_notice=1' } })
    ).text();
    expect(known).not.toContain('aria-label="Cookies"');
  });

  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    it(`keeps the end of the page and the controls a key reaches clear of the cookie notice at ${size} size`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/videos/latest-updates/1/`);
      await waitForHydration(page);
      const notice = page.getByRole('region', { name: 'Cookies' });
      await expect.poll(() => notice.count()).toBe(1);
      // Scrolled to the end, the footer's last link stands above the notice.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = page.locator('footer a').last();
      await expect.poll(async () => (await onScreen(last)).uncovered).toBe(true);
      const [linkBox, noticeBox] = [await last.boundingBox(), await notice.boundingBox()];
      expect((linkBox?.y ?? 0) + (linkBox?.height ?? 0)).toBeLessThanOrEqual(noticeBox?.y ?? 0);
      // From the top, a control brought into view (as Tab and Playwright do) is not under it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const pager = page.getByRole('navigation', { name: /pag/i }).getByRole('link').last();
      await pager.scrollIntoViewIfNeeded();
      expect(await onScreen(pager)).toMatchObject({ inWindow: true, uncovered: true });
      await context.close();
    });
  }

  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    it(`lays the header out once, with targets of 24 px or more, at ${size} size`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      // A member's header has the most in it (icons and the user menu come in their own chunk).
      await signInAsDemo(page);
      await page.reload();
      await waitForHydration(page);
      // Shifts since the page began to load (buffered), of anything inside the header.
      await page.evaluate(() => {
        const shifts: string[] = [];
        (window as unknown as { headerShifts: string[] }).headerShifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            sources?: { node?: Node | null }[];
          })[]) {
            for (const source of entry.sources ?? []) {
              const node = source.node;
              if (node && document.querySelector('header')?.contains(node)) {
                shifts.push(node.nodeName);
              }
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Everything of the header is there (the member's parts hydrate in place).
      await page.locator('header').getByRole('button', { name: /demo/ }).waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { headerShifts: string[] }).headerShifts),
      ).toEqual([]);
      const controls = page.locator('header').locator('a, button, select, summary');
      for (const control of await controls.all()) {
        if (!(await control.isVisible())) continue;
        const look = await onScreen(control);
        const name = await control.evaluate((el) => el.outerHTML.slice(0, 60));
        expect(look.width, name).toBeGreaterThanOrEqual(24);
        expect(look.height, name).toBeGreaterThanOrEqual(24);
      }
      await context.close();
    });
  }
});
