import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS } from './browser.ts';
import { openPage, submitSignIn } from './site.ts';

// The built client under the site's own Content-Security-Policy (no 'unsafe-eval'): no
// script of ours may even try what the policy forbids. zod's `new Function` probe did, on
// every page load, and browsers report a caught attempt all the same (decision 0022).

const baseUrl = inject('baseUrl');
let browser: Browser;

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

declare global {
  interface Window {
    cspViolations?: Violation[];
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A page that records every CSP violation from its first script on. */
async function watchedPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        window.cspViolations?.push({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
        });
      },
      { capture: true },
    );
  });
  return page;
}

const violations = (page: Page) => page.evaluate(() => window.cspViolations ?? []);

/** The page path of the newest listed video. */
async function firstVideoPath(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/1/..1.all..all.json`);
  const { videos } = (await res.json()) as { videos: { video_id: string; dir: string }[] };
  const [video] = videos;
  if (!video) throw new Error('the demo catalogue lists no video');
  return `/videos/${video.video_id}/${video.dir}/`;
}

describe('Content-Security-Policy', () => {
  it('is strict: scripts of our own origin and this answer only, no eval', async () => {
    const res = await fetch(`${baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    // This request's nonce, or, on a page kept for visitors, its inline scripts' hashes
    // (decision 0058): never a nonce another visitor was sent.
    expect(csp).toMatch(/script-src 'self'( '(nonce|sha256)-[^']+')+;/);
    expect(csp).not.toContain('unsafe-eval');
  });

  it('is never violated on a listing page', async () => {
    const page = await watchedPage();
    // The Permissions-Policy beside it names only features this browser knows.
    const policyComplaints: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Permissions-Policy')) policyComplaints.push(message.text());
    });
    await openPage(page, '/');
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    expect(await violations(page)).toEqual([]);
    expect(policyComplaints).toEqual([]);
    await page.close();
  });

  it('is never violated on a video page', async () => {
    const page = await watchedPage();
    await openPage(page, await firstVideoPath());
    await page.locator('main h1').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('is never violated on the sign-in form, its refusal included', async () => {
    const page = await watchedPage();
    await submitSignIn(page, 'nobody-here', 'wrong-password');
    await page.getByText('Invalid username or password').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
