import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS, SiteLookup } from '../support/screens.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

// The browser's first render must be the server's: React's development build names any
// attribute it finds different while hydrating (production React says nothing and leaves the
// server's value, so an id from `useId` that differs breaks aria-controls, labels and
// fragment links without a word). This site runs in development mode for that reason.

let site: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = await startServer({ NODE_ENV: 'development' });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const MISMATCH = /hydrat|did not match|didn't match/i;
/** Vite's development server transforms each module on first request: a cold screen is slow. */
const DEV_HYDRATION_MS = 120_000;

describe('hydration', () => {
  for (const member of [false, true]) {
    it(`renders every screen in the browser as the server did (${member ? 'member' : 'visitor'})`, {
      timeout: 600_000,
    }, async () => {
      const lookup = new SiteLookup(site.url);
      const context: BrowserContext = await browser.newContext();
      const page = await context.newPage();
      if (member) {
        await page.goto(`${site.url}/signin/`);
        await waitForHydration(page, DEV_HYDRATION_MS);
        const form = page.locator('main form');
        await form.getByLabel('Username').fill('demo');
        await form.getByLabel('Password').fill('demo-password');
        await form.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(`${site.url}/`);
      }
      const problems: string[] = [];
      let current = '';
      page.on('console', (message) => {
        if (MISMATCH.test(message.text())) problems.push(`${current}: ${message.text()}`);
      });
      page.on('pageerror', (error) => {
        if (MISMATCH.test(error.message)) problems.push(`${current}: ${error.message}`);
      });
      for (const screen of SCREENS.filter((s) => member || !s.member)) {
        current = screen.name;
        await page.goto(`${site.url}${await screen.path(lookup)}`);
        await waitForHydration(page, DEV_HYDRATION_MS);
      }
      await context.close();
      expect(problems.map((problem) => problem.slice(0, 400))).toEqual([]);
    });
  }
});
