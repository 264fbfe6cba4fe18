import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import { type RunningServer, startServer } from './server.ts';

// The visitor's country from their address (decision 0053), in Debian's Chromium: a site with
// no country header behind a trusted proxy (TRUST_PROXY), which a browser context stands in
// for by sending X-Forwarded-For with every request. The packaged GeoLite2 database places
// the addresses: heise.de's in Germany, the BBC's in the UK.

const GERMANY = '193.99.144.80';
const UK = '212.58.244.20';
let browser: Browser;
let site: RunningServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser(),
    startServer({
      TRUST_PROXY: '1',
      UNKNOWN_COUNTRY_GATE: 'general',
      DEMO_VIDEOS: '120',
      DEMO_PLAYABLE: '0',
    }),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

function contextFrom(
  address: string | null,
  size: keyof typeof SHELL_SIZES,
): Promise<BrowserContext> {
  return browser.newContext({
    ...SHELL_SIZES[size],
    extraHTTPHeaders: address ? { 'x-forwarded-for': address } : {},
  });
}

describe('a visitor from Germany, by address', () => {
  it('meets the German general gate, then gets Germany’s top videos and German offers', async () => {
    const context = await contextFrom(GERMANY, 'phone');
    const page = await context.newPage();
    const errors = watchErrors(page);
    const adsAsked: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/json/ads/')) adsAsked.push(path);
    });
    await page.goto(`${site.url}/top-country/1/`);
    await waitForHydration(page);
    const gate = page.getByRole('dialog', { name: 'Dies ist eine Website für Erwachsene' });
    await expectOnScreen(page, gate.getByRole('button', { name: /Ich bin 18/ }));
    await gate.getByRole('button', { name: /Ich bin 18/ }).tap();
    await gate.waitFor({ state: 'detached' });

    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Top videos in Germany');
    expect(await page.getByLabel('Country').inputValue()).toBe('de');
    // The offers the page asks for are Germany's.
    await expect.poll(() => adsAsked.length).toBeGreaterThan(0);
    expect(adsAsked.every((path) => path.endsWith('/de.json'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a visitor from the UK, by address', () => {
  it('meets the UK gate over a page that holds no video', async () => {
    const context = await contextFrom(UK, 'laptop');
    const page = await context.newPage();
    const response = await page.goto(`${site.url}/top-country/1/`);
    expect(response?.status()).toBe(403);
    await waitForHydration(page);
    const gate = page.getByRole('dialog', { name: 'Age verification required' });
    await expectOnScreen(page, gate.getByRole('link', { name: 'Sign in' }));
    expect(await page.locator('main a[href^="/videos/"]').count()).toBe(0);
    expect(await page.locator('main img').count()).toBe(0);
    await context.close();
  });
});

describe('a visitor whose address names no country', () => {
  it('meets the general gate in English (fail closed)', async () => {
    const context = await contextFrom(null, 'laptop');
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    const gate = page.getByRole('dialog', { name: 'This is an adult website' });
    await expectOnScreen(page, gate.getByRole('button', { name: /I am 18/ }));
    await context.close();
  });
});
