import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeAdProvider, startFakeAdProvider } from '../support/ad-provider.ts';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';
import { tempDir } from './temp-dirs.ts';

// The operator's layout ads and the analytics of decision 0035, in a browser, on a site of
// their own configured against a stand-in provider on this machine (ADS_FILE, the counter,
// the page-view tag, AD_EVENTS): the promo banner by device and not on information pages,
// the header banner on phones only, the promo button and the strip's sponsored links, the
// carousel's 300 px steps, no layout shift, nothing for members; the counter and the tag
// load, the tag is tried again every second, ad events are sent. And on the shared test
// site, which configures none of it: not one request leaves the site.

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PHONE = {
  viewport: VIEWPORTS.mobile,
  hasTouch: true,
  isMobile: true,
  userAgent: PHONE_UA,
} as const;
const DESKTOP = { viewport: { width: 1366, height: 768 } } as const;

const sharedUrl = inject('baseUrl');
let browser: Browser;
let provider: FakeAdProvider;
let site: RunningServer;

beforeAll(async () => {
  browser = await launchBrowser();
  provider = await startFakeAdProvider();
  const dataDir = await tempDir('ads');
  site = await startServer({
    DATA_DIR: dataDir,
    DEMO_VIDEOS: '80',
    DEMO_PLAYABLE: '0',
    ...(await provider.siteEnv(path.join(dataDir, 'ads.json'))),
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  const code = await site?.stop();
  if (code !== 0 && site) console.error(`ads site exited with ${code}:\n${site.output()}`);
  await provider?.close();
});

interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Every request the page made. */
  requests: Request[];
  /** The ad events of every report the page sent, in order. */
  adEvents: string[][];
  errors: string[];
}

/** A page that records its requests, ad-event reports, CSP violations and layout shifts. */
async function watched(options: typeof PHONE | typeof DESKTOP): Promise<WatchedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const requests: Request[] = [];
  const adEvents: string[][] = [];
  page.on('request', (request) => {
    requests.push(request);
    if (request.url().endsWith('/api/ads/events')) {
      const events = new URLSearchParams(request.postData() ?? '').get('events') ?? '[]';
      adEvents.push(...(JSON.parse(events) as string[][]));
    }
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number; violations: string[] };
    w.shifts = 0;
    w.violations = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('securitypolicyviolation', (event) => {
      w.violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  // A provider that answers 503 is a console error the browser logs: not the page's.
  const errors = watchErrors(page);
  return { page, context, requests, adEvents, errors };
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** On screen, not covered by anything, at least `min` px each way (a tap target). */
async function expectReachable(locator: Locator, min = 24): Promise<void> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.width).toBeGreaterThanOrEqual(min);
  expect(box.height).toBeGreaterThanOrEqual(min);
  const viewport = locator.page().viewportSize();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport?.width ?? 0);
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit).toBe(true);
}

/** Every image inside has loaded (the creatives are the provider's). */
async function imagesLoaded(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        [...element.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

const promoBanner = (page: Page) => page.locator('aside[data-ad-slot="promo"]');
const headerBanner = (page: Page) => page.locator('aside[data-ad-slot="header"]');
const tagStrip = (page: Page) =>
  page.getByRole('navigation', { name: 'Popular searches and categories' });
const carousel = (page: Page) => page.getByRole('navigation', { name: 'Models and channels' });

async function axeSerious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('layout ads on a phone', () => {
  it('shows the header banner, the mobile promo creative and the promo button in the strip, sized before they load', async () => {
    const { page, context, errors } = await watched(PHONE);
    await open(page, `${site.url}/`);
    const header = headerBanner(page);
    const promo = promoBanner(page);
    // The mobile creatives, at their sizes (the server chose them by the device).
    expect(await header.locator('img').getAttribute('src')).toBe(
      `${provider.origin}/creative/header-320x50.svg`,
    );
    expect(await promo.locator('img').getAttribute('src')).toBe(
      `${provider.origin}/creative/mobile-320x100.svg`,
    );
    await imagesLoaded(header);
    await imagesLoaded(promo);
    const headerBox = await header.boundingBox();
    const promoBox = await promo.boundingBox();
    expect([headerBox?.width, headerBox?.height]).toEqual([320, 50]);
    expect([promoBox?.width, promoBox?.height]).toEqual([320, 100]);
    // Nothing moved while they loaded.
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
    ).toBeLessThan(0.01);
    await expectReachable(header.getByRole('link'));
    await expectReachable(promo.getByRole('link'));
    for (const banner of [header, promo]) {
      expect(await banner.getAttribute('aria-label')).toBe('Advertisement');
      await expect.poll(() => banner.getByText('Ad', { exact: true }).isVisible()).toBe(true);
      expect(await banner.getByRole('link').getAttribute('rel')).toBe('sponsored noopener');
    }
    // A phone's header has no room for the promo button: it leads the tag strip.
    expect(await page.locator('header a[data-ad-slot="button"]').isVisible()).toBe(false);
    const button = tagStrip(page).getByRole('link', { name: /Go Premium/ });
    await expectReachable(button);
    expect(await button.getAttribute('href')).toBe('https://premium.example/join?source=button');
    expect(await button.getAttribute('rel')).toBe('sponsored noopener');
    expect(await axeSerious(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the promo banner off information pages, the header banner on', async () => {
    const { page, context } = await watched(PHONE);
    await open(page, `${site.url}/information/terms/`);
    expect(await promoBanner(page).count()).toBe(0);
    await expectReachable(headerBanner(page).getByRole('link'));
    // Moving on to a listing within the app brings the promo banner.
    await page.locator('header').getByRole('link', { name: 'Afterglow' }).click();
    await page.waitForURL(`${site.url}/`);
    await expectReachable(promoBanner(page).getByRole('link'));
    await context.close();
  });

  it('scrolls the carousel by touch', async () => {
    const { page, context } = await watched(PHONE);
    await open(page, `${site.url}/`);
    const row = carousel(page).locator('ul');
    const box = await row.boundingBox();
    if (!box) throw new Error('no carousel');
    // A finger drags the row leftwards.
    const cdp = await context.newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    let x = Math.round(box.x + box.width - 20);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 0; i < 10; i++) {
      x -= 20;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    await expect
      .poll(() => carousel(page).getByRole('button', { name: 'Scroll left' }).isEnabled())
      .toBe(true);
    await context.close();
  });
});

describe('layout ads on a desktop', () => {
  it('shows the desktop promo creative, the header’s promo button, and no header banner', async () => {
    const { page, context, errors } = await watched(DESKTOP);
    await open(page, `${site.url}/`);
    const promo = promoBanner(page);
    expect(await promo.locator('img').getAttribute('src')).toBe(
      `${provider.origin}/creative/desktop-728x90.svg`,
    );
    await imagesLoaded(promo);
    const box = await promo.boundingBox();
    expect([box?.width, box?.height]).toEqual([728, 90]);
    expect(
      await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
    ).toBeLessThan(0.01);
    await expectReachable(promo.getByRole('link'));
    expect(await headerBanner(page).count()).toBe(0);
    const button = page.locator('header').getByRole('link', { name: /Go Premium/ });
    await expectReachable(button);
    expect(await button.getAttribute('target')).toBe('_blank');
    expect(
      await tagStrip(page)
        .getByRole('link', { name: /Go Premium/ })
        .isVisible(),
    ).toBe(false);
    expect(await axeSerious(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts the sponsored promo links first in the tag strip, marked as ads', async () => {
    const { page, context } = await watched(DESKTOP);
    await open(page, `${site.url}/videos/latest-updates/1/`);
    const links = tagStrip(page).locator('a[data-ad-slot="links"]');
    expect(await links.count()).toBe(2);
    for (const [index, [name, href]] of [
      ['Ad Live cams', 'https://live.example/'],
      ['Ad Dating', 'https://dating.example/'],
    ].entries()) {
      const link = links.nth(index);
      expect(await link.textContent()).toBe(name);
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('rel')).toBe('sponsored noopener');
      await expectReachable(link);
    }
    // Set apart from the site's own tags.
    const [promoBorder, tagBorder] = await Promise.all([
      links.first().evaluate((el) => getComputedStyle(el).borderTopStyle),
      tagStrip(page)
        .locator('a:not([data-ad-slot])')
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopStyle),
    ]);
    expect([promoBorder, tagBorder]).toEqual(['solid', 'none']);
    await context.close();
  });

  it('keeps the promo banner off information pages', async () => {
    const { page, context } = await watched(DESKTOP);
    await open(page, `${site.url}/information/terms/`);
    expect(await promoBanner(page).count()).toBe(0);
    expect(await headerBanner(page).count()).toBe(0);
    await open(page, `${site.url}/categories/`);
    await expectReachable(promoBanner(page).getByRole('link'));
    await context.close();
  });

  it('steps the model and channel carousel 300 px, its buttons disabled at the ends', async () => {
    const { page, context } = await watched(DESKTOP);
    await open(page, `${site.url}/`);
    const nav = carousel(page);
    const row = nav.locator('ul');
    const previous = nav.getByRole('button', { name: 'Scroll left' });
    const next = nav.getByRole('button', { name: 'Scroll right' });
    await expectReachable(previous);
    await expectReachable(next);
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(300);
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await next.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(600);
    await previous.click();
    await expect.poll(() => row.evaluate((el) => el.scrollLeft)).toBe(300);
    await row.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect.poll(() => next.isDisabled()).toBe(true);
    await expect.poll(() => previous.isEnabled()).toBe(true);
    await context.close();
  });
});

describe('analytics and ad events', () => {
  it('load the counter, try the page-view tag every second until it loads, and report views on moves', async () => {
    provider.failTags(2);
    const { page, context } = await watched(DESKTOP);
    const startedAt = Date.now();
    await open(page, `${site.url}/`);
    const home = `${site.url}/`;
    const tagsFor = (url: string) =>
      provider.on('/tag.js').filter((hit) => hit.at >= startedAt && hit.query.get('url') === url);
    // Two failures, then it loads: three requests about a second apart.
    await expect.poll(() => tagsFor(home).length).toBe(3);
    const [first, second, third] = tagsFor(home).map((hit) => hit.at);
    for (const gap of [(second ?? 0) - (first ?? 0), (third ?? 0) - (second ?? 0)]) {
      expect(gap).toBeGreaterThanOrEqual(900);
      expect(gap).toBeLessThan(5000);
    }
    expect(tagsFor(home)[0]?.query.get('id')).toBe('tag-42');
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { fakeTagViews?: string[] }).fakeTagViews),
      )
      .toEqual([home]);
    // The counter's script ran, with its id, and reported back to its own origin.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fakeCounter?: string }).fakeCounter))
      .toBe('counter-77');
    expect(provider.on('/counter-hit').some((hit) => hit.at >= startedAt)).toBe(true);
    // A move within the app is a page view of its own, with the page before as referrer.
    await page.getByRole('link', { name: 'Categories' }).first().click();
    await page.waitForURL('**/categories/');
    await expect.poll(() => tagsFor(`${site.url}/categories/`).length).toBe(1);
    expect(tagsFor(`${site.url}/categories/`)[0]?.query.get('ref')).toBe(home);
    // The counter loads once a page load, not once a view.
    expect(provider.on('/counter.js').filter((hit) => hit.at >= startedAt)).toHaveLength(1);
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
    await context.close();
  });

  it('report impressions of ads half in view and clicks on them', async () => {
    const { page, context, adEvents } = await watched(DESKTOP);
    await open(page, `${site.url}/`);
    const seen = (events: string[][]) => events.map((event) => event.join(' '));
    // The banners above the fold are in view: reported in one beacon a moment later.
    await expect
      .poll(() => seen(adEvents))
      .toEqual(
        expect.arrayContaining(['i promo promo-desktop', 'i button button', 'i links cams']),
      );
    // The footer's ad is not in view until scrolled to.
    expect(seen(adEvents).some((event) => event.startsWith('i footer'))).toBe(false);
    await page.locator('footer aside[data-ad-slot="footer"]').scrollIntoViewIfNeeded();
    await expect
      .poll(() => seen(adEvents).some((event) => event.startsWith('i footer sister-')))
      .toBe(true);
    // A click is reported at once (the visitor may be leaving).
    const popup = context.waitForEvent('page');
    await page.evaluate(() => window.scrollTo(0, 0));
    await tagStrip(page)
      .getByRole('link', { name: /Live cams/ })
      .click();
    await (await popup).close();
    await expect.poll(() => seen(adEvents)).toContain('c links cams');
    // Each ad is one impression per page view.
    expect(seen(adEvents).filter((event) => event === 'i promo promo-desktop')).toHaveLength(1);
    await context.close();
  });
});

describe('members', () => {
  it('see no layout ad and send no ad event', async () => {
    const { page, context, requests, adEvents } = await watched(PHONE);
    await open(page, `${site.url}/signin/`);
    const form = page.locator('main form');
    await form.getByLabel('Username').fill('demo');
    await form.getByLabel('Password').fill('demo-password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${site.url}/`);
    await waitForHydration(page);
    const from = requests.length;
    await open(page, `${site.url}/videos/latest-updates/1/`);
    await page.locator('main article').first().waitFor();
    expect(await page.locator('[data-ad-slot]').count()).toBe(0);
    expect(await page.getByText('Go Premium').count()).toBe(0);
    expect(await page.content()).not.toContain('premium.example');
    // Analytics still count a member's page views; no ad creative is even asked for.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fakeCounter?: string }).fakeCounter))
      .toBe('counter-77');
    const asked = requests.slice(from).map((request) => request.url());
    expect(asked.filter((url) => url.includes('/creative/'))).toEqual([]);
    expect(asked.filter((url) => /\/api\/(ads|json\/ads)\//.test(url))).toEqual([]);
    expect(adEvents).toEqual([]);
    await context.close();
  });
});

describe('with nothing configured', () => {
  it('makes no third-party request, shows no layout ad and keeps the policy strict', async () => {
    const res = await fetch(`${sharedUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    // Inline scripts by this request's nonce, or by hash on a page kept for visitors (0058).
    expect(csp).toMatch(/script-src 'self'( '(nonce|sha256)-[^' ]+')+;/);
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-src 'self';");
    for (const options of [PHONE, DESKTOP]) {
      const { page, context, requests } = await watched(options);
      await open(page, `${sharedUrl}/`);
      await page.locator('footer aside[data-ad-slot="footer"]').scrollIntoViewIfNeeded();
      await page.locator('footer aside[data-ad-slot="footer"]').getByRole('link').waitFor();
      await open(page, `${sharedUrl}/categories/`);
      expect(await page.locator('[data-ad-slot="promo"], [data-ad-slot="header"]').count()).toBe(0);
      expect(await page.locator('a[data-ad-slot="button"], a[data-ad-slot="links"]').count()).toBe(
        0,
      );
      const elsewhere = requests
        .map((request) => request.url())
        .filter((url) => !url.startsWith(`${sharedUrl}/`) && !/^(data|blob):/.test(url));
      expect(elsewhere).toEqual([]);
      expect(requests.some((request) => request.url().includes('/api/ads/events'))).toBe(false);
      await context.close();
    }
  });
});
