import type { BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { COOKIE_NOTICE_COOKIE } from '../../src/contracts/constants.ts';
import { waitForHydration } from './browser.ts';
import { mailTo } from './outbox.ts';

// Steps the browser tests share on the test site: opening a page, signing in.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

/** A name no other test run has used (usernames, emails). */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * The cookie notice answered before any page opens, as its Ok button leaves it: the server
 * then renders no notice to cover the bottom of a phone's screen. (Looking for the button
 * after a page opens races its hydration.) `url` is a site of a test's own.
 */
export async function acknowledgeCookieNotice(
  context: BrowserContext,
  url: string = baseUrl,
): Promise<void> {
  await context.addCookies([{ name: COOKIE_NOTICE_COOKIE, value: '1', url }]);
}

/** Opens a path of the test site and waits until the page is hydrated. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

/** Opens the Login modal from the header's link; answers the dialog once it is there. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.locator('header').getByRole('link', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.waitFor();
  return dialog;
}

/** Fills and sends the sign-in screen's form (the answer is the caller's to check). */
export async function submitSignIn(page: Page, usr: string, pwd: string): Promise<void> {
  await openPage(page, '/signin/');
  const form = page.locator('main form');
  await form.getByLabel('Username').fill(usr);
  await form.getByLabel('Password').fill(pwd);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Ticks a form's "I'm not a robot" check (sign-up, the contact form) and waits until the
 * device has solved it; a tap on a touch page, a click otherwise.
 */
export async function proveHuman(form: Locator, opts: { tap?: boolean } = {}): Promise<void> {
  const check = form.getByRole('checkbox', { name: "I'm not a robot" });
  if (opts.tap) await check.tap();
  else await check.click();
  // Done, or failed (the challenge did not come): a failure is said, not waited out. A busy
  // machine may take a while to solve it; a timeout names the phase the widget was left in
  // (idle: the tick was not taken; solving: still working).
  const box = form.locator('[data-phase="done"], [data-phase="failed"]');
  try {
    await box.waitFor({ timeout: 40_000 });
  } catch (error) {
    const phase = await form.locator('[data-phase]').first().getAttribute('data-phase');
    throw new Error(`the captcha stayed "${phase}" for 40 s`, { cause: error });
  }
  if ((await box.getAttribute('data-phase')) === 'failed') {
    throw new Error(`the captcha failed: ${await box.getByRole('status').textContent()}`);
  }
  await form.getByText('Checked: you are not a robot').waitFor();
}

/** Signs the demo member in and waits for the main page it lands on. */
export async function signInAsDemo(page: Page): Promise<void> {
  await submitSignIn(page, 'demo', 'demo-password');
  await page.waitForURL(`${baseUrl}/`);
}

/**
 * A new member as a person becomes one: the sign-up form (its captcha ticked by a tap with
 * `tap`), the mailed confirmation link, then the Log in form that link opens. Signed in on
 * `page`, on the main page; answers the username (its address is `<username>@mail.test`).
 */
export async function signUpConfirmed(
  page: Page,
  opts: { prefix: string; password: string; tap?: boolean },
): Promise<string> {
  const username = uniqueName(opts.prefix);
  const email = `${username}@mail.test`;
  await openPage(page, '/signup/');
  const signup = page.locator('main form');
  await signup.getByLabel('Username').fill(username);
  await signup.getByLabel('Email').fill(email);
  await signup.getByLabel('Password').fill(opts.password);
  await proveHuman(signup, { tap: opts.tap ?? false });
  await signup.getByRole('button', { name: 'Create account' }).click();
  await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
  const link = new URL((await mailTo(dataDir, email)).link);
  await openPage(page, `${link.pathname}${link.search}`);
  const form = page.locator('main form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(opts.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await waitForHydration(page);
  return username;
}
