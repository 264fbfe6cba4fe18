import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import { type RunningServer, startServer } from './server.ts';

// "Sign in with Google" in Debian's Chromium: a site of its own with Google sign-in pointed
// at a local OpenID Connect provider (oidc-provider in this process). The link on the
// account screens and in the Login modal, the round trip through the provider back to the
// page the visitor came from, and the message when it fails. An account made with Google has
// no password: deleting it asks for its username typed instead (decision 0057).

let provider: TestOidcProvider;
let site: RunningServer;
let browser: Browser;

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri: () => `${site.url}/api/login.g.php` });
  site = await startServer({
    DEMO_VIDEOS: '30',
    DEMO_PLAYABLE: '0',
    GOOGLE_CLIENT_ID: provider.clientId,
    GOOGLE_CLIENT_SECRET: provider.clientSecret,
    OIDC_ISSUER: provider.issuer,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await provider?.close();
});

async function open(page: Page, path: string) {
  await page.goto(`${site.url}${path}`);
  await waitForHydration(page);
}

describe('sign in with Google', () => {
  it('signs a new member in from the sign-in screen and returns to the page it came from', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    await open(page, '/signin/?back=%2Fcategories%2F');
    provider.signInAs({
      sub: 'e2e-google-1',
      email: 'gina@gmail.test',
      email_verified: true,
      name: 'Gina Example',
      given_name: 'Gina',
    });
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(`${site.url}/categories/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: /Gina/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('offers the link in the Login modal and on the sign-up screen, back to where it was opened', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await open(page, '/categories/');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    const dialog = page.getByRole('dialog');
    const link = dialog.getByRole('link', { name: 'Sign in with Google' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/api/login.g.php?back=%2Fcategories%2F');
    await open(page, '/signup/');
    await page.getByRole('link', { name: 'Sign up with Google' }).waitFor();
    await page.close();
  });

  it('comes back to the sign-in screen with a message when the visitor declines', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await open(page, '/signin/');
    provider.deny();
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/signin\/\?google=sign_in_failed/);
    await page.getByText('Signing in with Google failed, please try again').waitFor();
    expect((await page.context().cookies()).find((c) => c.name === 'sid')).toBeUndefined();
    await page.close();
  });

  it('deletes an account made with Google on a phone, confirmed by typing its username', async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, '/signin/');
    provider.signInAs({
      sub: 'e2e-google-delete',
      email: 'dora@gmail.test',
      email_verified: true,
      name: 'Dora Example',
      given_name: 'Dora',
    });
    await press(page.getByRole('link', { name: 'Sign in with Google' }), true);
    await page.waitForURL(`${site.url}/`);
    await waitForHydration(page);

    await open(page, '/edit/');
    const section = page.getByRole('region', { name: 'Your data and account' });
    const remove = section.getByRole('button', { name: 'Delete my account' });
    await expectOnScreen(page, remove);
    await press(remove, true);
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const typed = dialog.getByLabel(/^Type your username \(.+\) to confirm$/);
    await typed.waitFor();
    expect(await dialog.getByLabel('Your password, to confirm').count()).toBe(0);
    const label =
      (await dialog.locator(`label[for="${await typed.getAttribute('id')}"]`).textContent()) ?? '';
    const username = /\((.+)\)/.exec(label)?.[1] ?? '';
    expect(username).not.toBe('');
    const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });

    await typed.fill('someone-else');
    await press(confirm, true);
    await expectOnScreen(page, dialog.getByText('Not your username'));

    await typed.fill(username);
    await press(confirm, true);
    const done = page.getByRole('dialog', { name: 'Your account has been deleted' });
    const home = done.getByRole('button', { name: 'Go to the home page' });
    await expectOnScreen(page, home);
    await press(home, true);
    await page.waitForURL(`${site.url}/`);
    await waitForHydration(page);
    await page.locator('header').getByRole('link', { name: 'Log in' }).waitFor();
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});
