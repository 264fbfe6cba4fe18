import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { mailTo } from './outbox.ts';

// Accounts in Debian's Chromium (issue 6): sign up, confirm by the mailed link, sign in,
// the member header and menu, sign out, and a password reset by mail.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const unique = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
}

async function signIn(page: Page, usr: string, pwd: string) {
  await open(page, '/signin/');
  const form = page.locator('main form');
  await form.getByLabel('Username').fill(usr);
  await form.getByLabel('Password').fill(pwd);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** A path of this site from a mailed absolute link. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

describe('accounts', () => {
  it('signs up, confirms by mail, signs in and out', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    const username = unique();
    const email = `${username}@mail.test`;

    await open(page, '/signup/');
    const form = page.locator('main form');
    await form.getByRole('button', { name: 'Create account' }).click();
    // The rules of SPEC.md §5 are checked before any call.
    expect(await form.getByText('This field is required').count()).toBe(3);
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('1234');
    await form.getByRole('button', { name: 'Create account' }).click();
    await form.getByText('Must be at least 5 characters long').waitFor();
    await form.getByLabel('Password').fill('first-pass');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();

    // Not confirmed yet: the server says so under the form.
    await signIn(page, username, 'first-pass');
    await page.getByText('Please confirm your email and try again').waitFor();

    const mail = await mailTo(dataDir, email, { subject: /Confirm your email/ });
    await open(page, pathOf(mail.link));
    expect(new URL(page.url()).pathname).toBe('/signin/');
    await page.getByText('Your email is confirmed. You can log in now.').waitFor();

    await signIn(page, username, 'first-pass');
    await page.waitForURL(`${baseUrl}/`);
    await waitForHydration(page);
    const menu = page.getByRole('button', { name: new RegExp(username) });
    await menu.waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);
    // Account screens send a member home.
    await open(page, '/signup/');
    expect(new URL(page.url()).pathname).toBe('/');

    await menu.click();
    await page.getByRole('link', { name: 'Favourite videos' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByRole('button', { name: new RegExp(username) }).count()).toBe(0);
    // The session is gone on the server too, not only in this tab.
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();
  });

  it('resets a forgotten password by the mailed link and signs the member in', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const username = unique();
    const email = `${username}@mail.test`;
    await open(page, '/signup/');
    const form = page.locator('main form');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('forgotten');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();

    await open(page, '/restore-password/');
    await page.locator('main form').getByLabel('Email').fill('nobody-at-all@mail.test');
    await page.locator('main form').getByRole('button', { name: 'Send link' }).click();
    await page.getByText('There is no account with this email').waitFor();
    await page.locator('main form').getByLabel('Email').fill(email);
    await page.locator('main form').getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`We sent a link to reset your password to ${email}`).waitFor();

    const mail = await mailTo(dataDir, email, { subject: /Reset your password/ });
    await open(page, pathOf(mail.link));
    await page.locator('main form').getByLabel('New password').fill('remembered');
    await page.locator('main form').getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await waitForHydration(page);
    // Signed in (the reset also proved the mailbox): the header shows the member.
    expect(await page.getByRole('link', { name: 'Log in' }).count()).toBe(0);

    // The link works once.
    const second = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await open(second, pathOf(mail.link));
    await second.locator('main form').getByLabel('New password').fill('another-one');
    await second.locator('main form').getByRole('button', { name: 'Save password' }).click();
    await second.getByText('This link has expired or has already been used').waitFor();
    await second.close();
    await page.close();
  });
});
