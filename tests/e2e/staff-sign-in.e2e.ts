import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/server/staff/second-factor.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import { mailTo } from './outbox.ts';
import { type RunningServer, startServer } from './server.ts';
import { addStaffAccount } from './staff.ts';
import { tempDir } from './temp-dirs.ts';

// Staff sign-in in Debian's Chromium (decision 0038): accounts made by the real CLI
// (`npm run staff -- add --create`) on the site's data directory while the site is stopped
// (PGlite lets one process open it), then the Login modal's password step, the code step with a
// TOTP code computed here, a wrong code refused, and a recovery code, at phone and laptop
// sizes.

let dataDir: string;
let site: RunningServer;
let browser: Browser;
const accounts = new Map<string, { password: string; secret: string; recovery: string[] }>();

async function addStaff(username: string) {
  const account = await addStaffAccount(dataDir, username, 'admin');
  expect(account.recovery).toHaveLength(10);
  accounts.set(username, account);
}

beforeAll(async () => {
  dataDir = await tempDir('staff');
  const env = { DATA_DIR: dataDir, DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0' };
  // The first start seeds the demo catalogue (its members have fixed ids); the staff are
  // added after it, with the site stopped, as an operator would.
  await (await startServer(env)).stop();
  await addStaff('phonestaff');
  await addStaff('laptopstaff');
  await addStaff('resetstaff');
  site = await startServer(env);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The Login modal's password step for a staff account: answers the dialog at its code step. */
async function passwordStep(page: Page, username: string, touch: boolean) {
  await page.goto(`${site.url}/`);
  await waitForHydration(page);
  const login = page.locator('header').getByRole('link', { name: 'Log in' });
  if (touch) await login.tap();
  else await login.click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(accounts.get(username)?.password ?? '');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  return dialog;
}

const PERKS = /Members watch without ads/;

async function signedIn(page: Page) {
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sid'))
    .toBe(true);
  await waitForHydration(page);
  await expect
    .poll(() => page.locator('header').getByRole('link', { name: 'Log in' }).count())
    .toBe(0);
}

describe('staff sign-in', () => {
  it('asks a phone for the code, refuses a wrong one and signs in with the right one', async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const dialog = await passwordStep(page, 'phonestaff', true);

    const code = dialog.getByLabel('Code', { exact: true });
    await code.waitFor();
    await expectOnScreen(page, code);
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await expect.poll(() => code.evaluate((el) => el === document.activeElement)).toBe(true);
    // The members' perks belong to the password step, not to staff at their code.
    expect(await dialog.getByText(PERKS).count()).toBe(0);
    // No session before the code.
    expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false);

    const { secret } = accounts.get('phonestaff') ?? { secret: '' };
    const right = await totpCode(secret);
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    await code.fill(wrong);
    const verify = dialog.getByRole('button', { name: 'Verify' });
    await expectOnScreen(page, verify);
    await verify.tap();
    const refusal = dialog.getByText('This code is wrong or has been used already');
    await refusal.waitFor();
    await expectOnScreen(page, refusal);
    expect(await code.getAttribute('aria-invalid')).toBe('true');

    await code.fill(await totpCode(secret));
    await verify.tap();
    await signedIn(page);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('takes a recovery code on a laptop, once', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    const dialog = await passwordStep(page, 'laptopstaff', false);
    const code = dialog.getByLabel('Code', { exact: true });
    await code.waitFor();
    await expectOnScreen(page, code);

    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    const recovery = dialog.getByLabel('Recovery code');
    await recovery.waitFor();
    await expectOnScreen(page, recovery);
    const [first] = accounts.get('laptopstaff')?.recovery ?? [];
    await recovery.fill(first ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await signedIn(page);

    // Signed out, the same recovery code does not work again.
    await context.clearCookies();
    const again = await passwordStep(page, 'laptopstaff', false);
    await again.getByRole('button', { name: 'Use a recovery code' }).click();
    await again.getByLabel('Recovery code').fill(first ?? '');
    await again.getByRole('button', { name: 'Verify' }).click();
    await again.getByText('This code is wrong or has been used already').waitFor();
    expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false);
    await context.close();
  });

  it('after a password reset by mail asks for the code before signing in', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await page.goto(`${site.url}/restore-password/`);
    await waitForHydration(page);
    const form = page.locator('main form');
    await form.getByLabel('Email').fill('resetstaff@staff.test');
    await form.getByRole('button', { name: 'Send link' }).click();
    await page.getByText('We sent a link to reset your password').waitFor();

    const mail = await mailTo(dataDir, 'resetstaff@staff.test', { subject: /Reset your password/ });
    const link = new URL(mail.link);
    await page.goto(`${site.url}${link.pathname}${link.search}`);
    await waitForHydration(page);
    await form.getByLabel('New password').fill('a-new-staff-password');
    await form.getByRole('button', { name: 'Save password' }).click();

    const code = page.locator('main').getByLabel('Code', { exact: true });
    await code.waitFor();
    await expectOnScreen(page, code);
    expect((await context.cookies()).some((c) => c.name === 'sid')).toBe(false);
    await code.fill(await totpCode(accounts.get('resetstaff')?.secret ?? ''));
    await page.locator('main').getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${site.url}/`);
    await signedIn(page);
    await context.close();
  });
});
