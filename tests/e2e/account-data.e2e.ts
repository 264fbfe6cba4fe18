import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import { openPage, signUpConfirmed, submitSignIn } from './site.ts';

// Download my data and delete my account (GDPR, decision 0057) in Debian's Chromium, at a
// phone's size with touch and at a laptop's: a new member downloads their data from the
// edit screen (a real download whose file parses), then deletes the account with their
// password; their profile page is gone and signing in with the old password fails.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

for (const [size, options] of Object.entries(SHELL_SIZES)) {
  const touch = size === 'phone';

  describe(`my data and account at the ${size} size`, () => {
    it('downloads the data, then deletes the account for good', async () => {
      const context = await browser.newContext({ ...options, acceptDownloads: true });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const password = 'gdpr-password';
      const username = await signUpConfirmed(page, { prefix: 'gdpr', password, tap: touch });

      await openPage(page, '/edit/');
      const section = page.getByRole('region', { name: 'Your data and account' });
      const download = section.getByRole('button', { name: 'Download my data' });
      await expectOnScreen(page, download);
      const [file] = await Promise.all([page.waitForEvent('download'), press(download, touch)]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`-data-${username}-.*\\.json$`));
      const saved = await file.path();
      const data = JSON.parse(await readFile(saved, 'utf8'));
      expect(data.profile).toMatchObject({ username, email: `${username}@mail.test` });
      expect(data).toHaveProperty('uploads');
      expect(data).toHaveProperty('messages.received');
      expect(JSON.stringify(data)).not.toContain('$argon2');
      await expect
        .poll(() => page.getByText('Your data has been downloaded').isVisible())
        .toBe(true);

      const profileLink = await page
        .getByRole('link', { name: 'See your profile' })
        .getAttribute('href');
      const memberId = /\/members\/(\d+)\//.exec(profileLink ?? '')?.[1];
      expect(memberId).toBeDefined();
      expect((await fetchStatus(baseUrl, `/members/${memberId}/`)).status).toBe(200);

      const remove = section.getByRole('button', { name: 'Delete my account' });
      await expectOnScreen(page, remove);
      await press(remove, touch);
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByText('within 30 days').isVisible()).toBe(true);
      const confirm = dialog.getByRole('button', { name: 'Delete my account for good' });
      await dialog.getByLabel('Your password, to confirm').fill('not-my-password');
      await expectOnScreen(page, confirm);
      await press(confirm, touch);
      await dialog.getByText('Password is invalid').waitFor();
      // Refused: still signed in, the profile is there.
      expect((await fetchStatus(baseUrl, `/members/${memberId}/`)).status).toBe(200);

      await dialog.getByLabel('Your password, to confirm').fill(password);
      await press(confirm, touch);
      const done = page.getByRole('dialog', { name: 'Your account has been deleted' });
      const home = done.getByRole('button', { name: 'Go to the home page' });
      await expectOnScreen(page, home);
      await press(home, touch);
      await page.waitForURL(`${baseUrl}/`);
      await waitForHydration(page);
      await page.locator('header').getByRole('link', { name: 'Log in' }).waitFor();

      expect((await fetchStatus(baseUrl, `/members/${memberId}/`)).status).toBe(404);
      await submitSignIn(page, username, password);
      await page.getByText('Invalid username or password').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/signin/');
      expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      await context.close();
    });
  });
}
