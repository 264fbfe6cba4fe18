import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen } from './on-screen.ts';
import { mailTo } from './outbox.ts';
import { openPage, signUpConfirmed, submitSignIn, uniqueName } from './site.ts';

// The profile edit screen in Debian's Chromium (SPEC.md §2 /edit/, §6): a member changes
// their fields and sees them on their info tab, uploads an avatar and sees it in the
// header, is told when a cover is too small, and changes the password; a visitor is sent
// to the main page.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const unique = () => uniqueName('e2e');
const open = openPage;

/** A new confirmed member, signed in on `page`. */
const newMember = (page: Page, password: string) =>
  signUpConfirmed(page, { prefix: 'e2e', password });

/** Opens /edit/ and waits for the profile to load into the form. */
async function openEditor(page: Page) {
  await open(page, '/edit/');
  await page.getByRole('heading', { name: 'Edit profile', level: 1 }).waitFor();
  await page.getByLabel('City').waitFor();
}

function years(birth: Date, now = new Date()): number {
  const before =
    now.getUTCMonth() < birth.getUTCMonth() ||
    (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  return now.getUTCFullYear() - birth.getUTCFullYear() - (before ? 1 : 0);
}

describe('profile edit', () => {
  it('sends a visitor to the main page', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await open(page, '/edit/');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.close();
  });

  it('saves the profile fields and shows them on the member’s info tab', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    await newMember(page, 'profile-pass');
    await openEditor(page);

    await page.getByLabel('Gender').selectOption({ label: 'Woman' });
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('Relationship').selectOption({ label: 'Open relationship' });
    await page.getByLabel('Orientation').selectOption({ label: 'Bisexual' });
    await page.getByLabel('Country').selectOption({ label: 'Netherlands' });
    await page.getByLabel('City').fill('Utrecht');
    await page.getByLabel('Education').fill('Art academy');
    await page.getByLabel('Occupation').fill('Illustrator');
    await page.getByLabel('Interests').fill('Cycling and old films');
    await page.getByLabel('About me').fill('Drawing most days.');
    // A bad website is explained under its field and nothing is saved.
    const website = page.getByLabel('Website');
    await website.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('URL is invalid').waitFor();
    await expect.poll(() => website.getAttribute('aria-invalid')).toBe('true');
    await website.fill('utrecht-drawings.example');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile has been changed').waitFor();
    // The server's form of the address comes back into the field.
    await expect.poll(() => website.inputValue()).toBe('https://utrecht-drawings.example/');

    await page.getByRole('link', { name: 'See your profile' }).click();
    await page.waitForURL(/\/members\/\d+\/info\/$/);
    const facts = () =>
      page
        .locator('main dl > div')
        .evaluateAll((rows) =>
          Object.fromEntries(
            rows.map((row) => [
              row.querySelector('dt')?.textContent ?? '',
              row.querySelector('dd')?.textContent ?? '',
            ]),
          ),
        );
    const expected = {
      Gender: 'Woman',
      Age: String(years(new Date(Date.UTC(1990, 4, 17)))),
      Country: 'Netherlands',
      City: 'Utrecht',
      Relationship: 'Open relationship',
      Orientation: 'Bisexual',
      Education: 'Art academy',
      Occupation: 'Illustrator',
      Interests: 'Cycling and old films',
      Website: 'https://utrecht-drawings.example/',
    };
    await expect.poll(facts).toMatchObject(expected);
    // A fresh page load shows the same (the server's cached answer was dropped).
    await page.reload();
    await waitForHydration(page);
    await expect.poll(facts).toMatchObject(expected);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();
  });

  it('uploads an avatar shown in the header at once, refuses a small cover, changes the password', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    const username = await newMember(page, 'picture-pass');
    await openEditor(page);
    const header = page.locator('header');
    expect(await header.locator('img[src*="/avatar.webp"]').count()).toBe(0);

    const avatar = await sharp({
      create: { width: 600, height: 400, channels: 3, background: '#c0392b' },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload a new avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatar });
    await page.getByText('Your avatar has been changed').waitFor();
    const shown = header.locator('img[src*="/avatar.webp?v="]');
    await shown.waitFor();
    expect(await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src')).toMatch(
      /\/avatar\.webp\?v=1$/,
    );
    // The server renders it too (the session's cached member was refreshed).
    await page.reload();
    await waitForHydration(page);
    await header.locator('img[src*="/avatar.webp?v=1"]').waitFor();
    await page.getByRole('button', { name: 'Remove avatar' }).waitFor();

    const cover = await sharp({
      create: { width: 800, height: 200, channels: 3, background: '#2c3e50' },
    })
      .jpeg()
      .toBuffer();
    await page.getByLabel('City').waitFor();
    await page
      .getByLabel('Upload a new cover')
      .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: cover });
    await page.getByText('The image is too small: it must be at least 1250×250 pixels').waitFor();
    expect(await page.getByRole('img', { name: 'Your cover' }).count()).toBe(0);
    await page
      .getByLabel('Upload a new cover')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('The file must be an image').waitFor();

    // The email form asks for the current password too: this is the password's own card.
    const passwords = page.getByRole('region', { name: 'Password', exact: true });
    await passwords.getByLabel('Current password').fill('wrong-pass');
    await passwords.getByLabel('New password').fill('fresh-pass');
    await passwords.getByRole('button', { name: 'Change password' }).click();
    await passwords.getByText('Password is invalid').waitFor();
    await passwords.getByLabel('Current password').fill('picture-pass');
    await passwords.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    // This tab stays signed in.
    await open(page, '/edit/');
    await page.getByRole('button', { name: new RegExp(username) }).waitFor();
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();
  }, 90_000);

  it('changes the email by the link mailed to the new address, then signs in with it', async () => {
    const context = await browser.newContext({
      viewport: VIEWPORTS.mobile,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const username = await newMember(page, 'email-pass');
    const oldEmail = `${username}@mail.test`;
    const newEmail = `${unique()}@mail.test`;
    await openEditor(page);

    const card = page.getByRole('region', { name: 'Email address' });
    await card.getByText(oldEmail).waitFor();
    const address = card.getByLabel('New email address');
    const password = card.getByLabel('Current password');
    const submit = card.getByRole('button', { name: 'Change email' });
    // Refusals show under their fields and change nothing.
    await address.fill('not-an-address');
    await password.fill('email-pass');
    await submit.tap();
    await card.getByText('Email is invalid').waitFor();
    await address.fill(newEmail);
    await password.fill('wrong-pass');
    await submit.tap();
    await card.getByText('Password is invalid').waitFor();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await password.fill('email-pass');
    await submit.tap();

    // Waiting for the link: said on the card, the old address still in force.
    const pending = card.getByRole('status').filter({ hasText: newEmail });
    await pending.waitFor();
    expect(await pending.textContent()).toContain(oldEmail);
    await expectOnScreen(page, pending);
    await expectOnScreen(page, card.getByRole('button', { name: 'Cancel this change' }));
    const notice = await mailTo(dataDir, oldEmail, { subject: /about to change/ });
    expect(new URL(notice.link).pathname).toBe('/restore-password/');
    const { link } = await mailTo(dataDir, newEmail, { subject: /Confirm your new email/ });

    // The link changes it and comes back to this screen.
    await open(page, `${new URL(link).pathname}${new URL(link).search}`);
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(
      '/edit/?email=changed',
    );
    await page.getByText('Your email address has been changed.').waitFor();
    await card.getByText(newEmail).waitFor();
    expect(await card.getByText('Cancel this change').count()).toBe(0);
    // Opened again, it is used up.
    await open(page, `${new URL(link).pathname}${new URL(link).search}`);
    await page.getByText('This email change link has expired or has already been used.').waitFor();

    // Signed out, the new address signs in; the old one no longer does.
    await context.clearCookies();
    await submitSignIn(page, oldEmail, 'email-pass');
    await page.getByText('Invalid username or password').waitFor();
    await submitSignIn(page, newEmail, 'email-pass');
    await page.waitForURL(`${baseUrl}/`);
    await waitForHydration(page);
    await page.getByRole('button', { name: new RegExp(username) }).waitFor();
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  }, 90_000);
});
