import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { waitForHydration } from './browser.ts';

// Steps the browser tests share on the test site: opening a page, signing in.

const baseUrl = inject('baseUrl');

/** A name no other test run has used (usernames, emails). */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

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
  // Done, or failed (the challenge did not come): a failure is said, not waited out.
  const box = form.locator('[data-phase="done"], [data-phase="failed"]');
  await box.waitFor();
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
