import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import { AJAX, type StaffAccount, signInStaffByApi, startStaffSite } from './staff.ts';

// 2257 records in the console (issue 17, decision 0055), in Debian's Chromium against the
// built site. Two demo uploads wait for review: one with no record, one filed with a
// performer and her documents (tests/e2e/seed-records.ts, through the records service on
// the stopped site). A moderator, on a phone, cannot approve the first (the button is off and
// says why) and sees of the second only that a record was filed; an administrator, on a
// laptop, opens the record, downloads the ID document, and finds both reads in the audit log.

const ROOT = path.resolve(import.meta.dirname, '../..');
let site: RunningServer;
let accounts: Map<string, StaffAccount>;
let browser: Browser;
let seeded: { bare: number; declared: number; idDocument: string };

beforeAll(async () => {
  ({ site, accounts } = await startStaffSite({
    name: 'records',
    env: { DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0', DEMO_REVIEW: '3' },
    staff: { recordsmod: 'moderator', recordsadmin: 'admin' },
    async prepare(dataDir) {
      const { stdout } = await promisify(execFile)(
        path.join(ROOT, 'node_modules/.bin/node'),
        ['tests/e2e/seed-records.ts', dataDir],
        { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' } },
      );
      seeded = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    },
  }));
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const signInStaff = (context: BrowserContext, username: string) =>
  signInStaffByApi(context, site.url, username, accounts.get(username));

async function open(page: Page, pathname: string) {
  await page.goto(`${site.url}${pathname}`);
  await waitForHydration(page);
}

describe('2257 records in the console', () => {
  it('a moderator on a phone cannot approve a video without a record, nor read one', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInStaff(context, 'recordsmod');

    await open(page, `/admin/review/${seeded.bare}/`);
    const approve = page.getByRole('button', { name: /^Approve/ });
    await approve.waitFor();
    expect(await approve.isDisabled()).toBe(true);
    // Said once, by the button it disables.
    const why = page.getByText(
      'No 2257 record: this video cannot be approved until its uploader files one.',
    );
    await expectOnScreen(page, why);
    expect(await approve.getAttribute('aria-describedby')).toBe('review-no-record');
    // Where the uploader files it (decision 0055): their uploads tab.
    const missing = page.getByTestId('review-record');
    await expectOnScreen(page, missing.getByText('Not filed yet: Approve stays off until it is.'));
    await missing
      .getByText(/The uploader files it from their uploads tab, which offers “File record”/)
      .waitFor();

    await open(page, `/admin/review/${seeded.declared}/`);
    const box = page.getByTestId('review-record');
    await box.getByText(/1 performer declared/).waitFor();
    await box.getByText('Only administrators read the record itself.').waitFor();
    expect(await box.getByRole('link', { name: /Open the record/ }).count()).toBe(0);
    expect(await page.content()).not.toContain('Quintavalle');
    const enabled = page.getByRole('button', { name: /^Approve/ });
    expect(await enabled.isDisabled()).toBe(false);

    // Typing the record's address leads nowhere, and the API refuses.
    await open(page, `/admin/records/${seeded.declared}/`);
    await page.getByRole('status').getByText('Administrators only', { exact: true }).waitFor();
    expect(await page.content()).not.toContain('Quintavalle');
    const api = await context.request.get(`${site.url}/api/admin/records/${seeded.declared}`, {
      headers: AJAX,
    });
    expect(api.status()).toBe(403);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });

  it('an administrator opens a record and a document, and both reads are in the audit log', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext({ ...SHELL_SIZES.laptop, acceptDownloads: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInStaff(context, 'recordsadmin');

    await open(page, `/admin/review/${seeded.declared}/`);
    const link = page.getByTestId('review-record').getByRole('link', { name: /Open the record/ });
    await expectOnScreen(page, link);
    await press(link, false);
    await page.waitForURL(`${site.url}/admin/records/${seeded.declared}/`);
    await page.getByRole('heading', { name: 'Marisol Quintavalle' }).waitFor();
    await page.getByText('1996-09-21').waitFor();
    await page.getByText('Mari Q').waitFor();
    await page
      .getByText(/Opening this record and each document is written to the audit log/)
      .waitFor();

    const document = page.getByRole('link', { name: /^ID document \(JPEG/ });
    await expectOnScreen(page, document);
    const [download] = await Promise.all([page.waitForEvent('download'), document.click()]);
    const saved = await download.path();
    expect((await readFile(saved)).equals(Buffer.from(seeded.idDocument, 'base64'))).toBe(true);

    const audit = await context.request.get(
      `${site.url}/api/admin/audit?object_type=video&object_id=${seeded.declared}`,
      {
        headers: AJAX,
      },
    );
    const actions = (
      (await audit.json()) as { items: { action: string; actor: { username: string } }[] }
    ).items.map((row) => row.action);
    expect(actions).toContain('records.read');
    expect(actions).toContain('records.read_document');
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);

    // The same record on a phone, with touch, in the same session: its heading and its
    // document are on screen, not covered.
    const phone = await browser.newContext({
      ...SHELL_SIZES.phone,
      storageState: await context.storageState(),
    });
    await context.close();
    const small = await phone.newPage();
    const smallErrors = watchErrors(small);
    await open(small, `/admin/records/${seeded.declared}/`);
    await expectOnScreen(small, small.getByRole('heading', { name: 'Marisol Quintavalle' }));
    await expectOnScreen(small, small.getByRole('link', { name: /^ID document \(JPEG/ }));
    expect(smallErrors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await phone.close();
  });
});
