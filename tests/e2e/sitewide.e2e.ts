import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SCREEN_SIZES, SCREENS, type ScreenSize, SiteLookup } from '../support/screens.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { signInAsDemo } from './site.ts';

// Issue 14's bar for every screen at a phone (375x812, touch) and a desktop (1366x768):
// what a person sees does not jump while the page loads (CLS at most 0.05), every text is
// readable (contrast at least 4.5:1, axe color-contrast) and every control can be hit
// (targets at least 24 px or spaced as WCAG 2.2 2.5.8 allows, axe target-size).

const baseUrl = inject('baseUrl');
const site = new SiteLookup(baseUrl);
const SIZES = SCREEN_SIZES;

let browser: Browser;
const memberContexts = new Map<string, Promise<BrowserContext>>();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Sums layout shifts not caused by input, from the first paint on (as Lighthouse's CLS), and
 * keeps what moved (element, when, from where to where) for a failure to name.
 */
const CLS_OBSERVER = `
  window.__cls = 0;
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__cls += entry.value;
      const moved = (entry.sources || []).map((source) => {
        const node = source.node;
        const name = node && node.nodeType === 1
          ? node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '')
          : String(node && node.nodeName);
        const box = (r) => Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height);
        return name + ' ' + box(source.previousRect) + ' -> ' + box(source.currentRect);
      });
      window.__shifts.push(entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms: ' + moved.join('; '));
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function contextFor(size: ScreenSize, member: boolean): Promise<BrowserContext> {
  if (!member) {
    const context = await browser.newContext(SIZES[size]);
    await context.addInitScript(CLS_OBSERVER);
    return context;
  }
  let signedIn = memberContexts.get(size);
  if (!signedIn) {
    signedIn = (async () => {
      const context = await browser.newContext(SIZES[size]);
      await context.addInitScript(CLS_OBSERVER);
      const page = await context.newPage();
      await signInAsDemo(page);
      await page.close();
      return context;
    })();
    memberContexts.set(size, signedIn);
  }
  return signedIn;
}

/** Waits until what loads with the page has loaded: images in view, fonts, quiet network. */
async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await page.waitForLoadState('load');
  // Every picture the browser loads now: eager ones, and lazy ones shown inside the window
  // (a lazy one in a carousel beyond the right edge, or in a closed menu, waits for a scroll).
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((img) => {
        if (img.loading !== 'lazy') return true;
        const box = img.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.bottom > 0 &&
          box.right > 0 &&
          box.top < innerHeight &&
          box.left < innerWidth
        );
      })
      .every((img) => img.complete),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Media players keep fetching: a quiet network is waited for, not required.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
}

function describeNodes(violation: {
  id: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}): string {
  return `${violation.id}: ${violation.nodes
    .slice(0, 4)
    .map(
      (node) => `${node.target.join(' ')} (${(node.failureSummary ?? '').split('\n')[1]?.trim()})`,
    )
    .join('; ')}`;
}

describe('every screen at both sizes', () => {
  for (const size of Object.keys(SIZES) as ScreenSize[]) {
    for (const screen of SCREENS.filter((s) => s.sizes?.includes(size) ?? true)) {
      it(`${screen.name} at ${size} size: no layout shift, readable text, targets to hit`, {
        timeout: 300_000,
      }, async () => {
        const context = await contextFor(size, screen.member === true);
        const page = await context.newPage();
        try {
          await page.goto(`${baseUrl}${await screen.path(site)}`);
          await settle(page);
          const { cls, shifts } = await page.evaluate(() => {
            const seen = window as unknown as { __cls: number; __shifts: string[] };
            return { cls: seen.__cls, shifts: seen.__shifts };
          });
          await screen.open?.(page);
          const result = await new AxeBuilder({ page })
            .withRules(['color-contrast', 'target-size'])
            .analyze();
          expect(result.violations.map(describeNodes)).toEqual([]);
          expect(
            cls,
            `cumulative layout shift while loading (${shifts.join(' | ')})`,
          ).toBeLessThanOrEqual(0.05);
        } finally {
          await page.close();
          if (!screen.member) await context.close();
        }
      });
    }
  }
});
