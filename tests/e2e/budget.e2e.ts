import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { compressedSize } from '../support/compressed-size.ts';
import { launchBrowser, waitForHydration } from './browser.ts';
import { playableVideoPath } from './playable.ts';

// Issue 18's budget: a first load fetches at most 120 KB of compressed JavaScript on the home
// page, a listing, a model page and a video page (one with a player). Counted as
// bench/web.ts counts it: every script the page fetched until the network went quiet, at
// the size the server sends it (brotli), on a first visit at Lighthouse's phone size. Sizes
// of the built files, not timings: the same build always measures the same.

const baseUrl = inject('baseUrl');
const KB = 1024;
const BUDGET = 120 * KB;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Compressed bytes of the scripts a first visit to `path` fetches, and their addresses. */
async function firstLoadScripts(path: string): Promise<{ bytes: number; scripts: string[] }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(req.url());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    let bytes = 0;
    for (const url of scripts) bytes += await compressedSize(url);
    return { bytes, scripts: [...scripts] };
  } finally {
    await context.close();
  }
}

async function firstLink(listing: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${baseUrl}${listing}`)).text();
  const href = pattern.exec(html)?.[1];
  if (!href) throw new Error(`no link like ${pattern} on ${listing}`);
  return href;
}

describe('first-load JavaScript (issue 18)', () => {
  it.each([
    ['the home page', '/'],
    ['a listing', '/videos/most-popular/1/'],
  ])('keeps %s within 120 KB compressed', async (_name, path) => {
    const { bytes } = await firstLoadScripts(path);
    expect(bytes).toBeGreaterThan(50 * KB); // it did load the app
    expect(bytes).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps a model page within 120 KB compressed', async () => {
    const path = await firstLink('/models/most-popular/1/', /href="(\/model\/[a-z0-9-]+\/)"/);
    const { bytes } = await firstLoadScripts(path);
    expect(bytes).toBeGreaterThan(50 * KB);
    expect(bytes).toBeLessThanOrEqual(BUDGET);
  });

  it('keeps a video page with its player within 120 KB compressed', async () => {
    const path = await playableVideoPath();
    const { bytes, scripts } = await firstLoadScripts(path);
    // The player's code is part of it: the page measured is one a visitor can play.
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    expect(html).toContain('<video');
    expect(scripts.length).toBeGreaterThan(1);
    expect(bytes).toBeLessThanOrEqual(BUDGET);
  }, 300_000);
});
