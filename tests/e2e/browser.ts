import { type Browser, chromium, type Page } from 'playwright-core';

// Debian's Chromium, headless, with the flags a root sandbox on a closed network needs.
// Playwright gives every launch a fresh temporary profile.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1366, height: 900 },
} as const;

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Waits until React has hydrated the server-rendered page. `timeoutMs`: a development-mode
 * site compiles each module on its first request, so its first pages may take longer.
 */
export async function waitForHydration(page: Page, timeoutMs?: number): Promise<void> {
  await page.waitForSelector('html[data-hydrated="true"]', {
    state: 'attached',
    ...(timeoutMs ? { timeout: timeoutMs } : {}),
  });
}

/** Status and redirect target of a page, without following redirects. */
export async function fetchStatus(
  baseUrl: string,
  path: string,
): Promise<{ status: number; location: string | null }> {
  const res = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location') };
}
