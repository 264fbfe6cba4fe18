import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFETIME } from '../../src/contracts/constants.ts';
import { videoPath } from '../../src/contracts/paths.ts';
import { recordDocuments } from '../support/factories.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import { acknowledgeCookieNotice } from './site.ts';
import {
  AJAX,
  openOn,
  pressSeen,
  type StaffAccount,
  seedModerationMember,
  signInByModal,
  startStaffSite,
} from './staff.ts';

// A 2257 record filed after the upload (decision 0055), in Debian's Chromium against the built
// site. Two members each have an upload waiting for review with no record, as uploads queued
// before records existed (tests/e2e/seed-moderation.ts `no-record`). Their uploads tab says the
// record is missing and offers "File record"; one files performers with their documents on a
// phone by touch, the other an exemption on a laptop; the tab then says the record is filed.
// A moderator on a laptop finds the record on the review screen and approves both: public.

const PASSWORD = 'seeded-password1';
const WAITING_TITLE = 'Evening walk by the sea';
const MISSING = '2257 record missing: it cannot be approved until you file it';
let site: RunningServer;
let accounts: Map<string, StaffAccount>;
let browser: Browser;
const members = new Map<string, { userId: number; waiting: number }>();
let documents: { idDocument: Buffer; release: Buffer };

beforeAll(async () => {
  ({ site, accounts } = await startStaffSite({
    name: 'records-late',
    env: { DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0' },
    staff: { latemod: 'moderator' },
    async prepare(dataDir) {
      for (const username of ['latephone', 'latelaptop']) {
        members.set(username, await seedModerationMember(dataDir, username, PASSWORD, 'en', true));
      }
    },
  }));
  browser = await launchBrowser();
  documents = await recordDocuments();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const card = (page: Page) =>
  page.locator('main li').filter({ has: page.getByRole('heading', { name: WAITING_TITLE }) });

async function publicStatus(id: number): Promise<number> {
  const response = await fetch(`${site.url}${videoPath(LIFETIME.video, id)}`, { headers: AJAX });
  return response.status;
}

describe('filing a missing 2257 record from the uploads tab', () => {
  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    const touch = 'hasTouch' in options;
    const username = touch ? 'latephone' : 'latelaptop';

    it(`the member files it at ${size} size`, { timeout: 120_000 }, async () => {
      const seeded = members.get(username) ?? { userId: 0, waiting: 0 };
      const context = await browser.newContext(options);
      await acknowledgeCookieNotice(context, site.url);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInByModal(site, page, username, PASSWORD);
      await openOn(site, page, `/members/${seeded.userId}/`);

      const waiting = card(page);
      await waiting.getByText('In review', { exact: true }).waitFor();
      await expectOnScreen(page, waiting.getByText(MISSING, { exact: true }));
      expect(await waiting.getByText('2257 record filed').count()).toBe(0);
      // The other uploads have theirs (published) or are not waiting for one.
      expect(await page.getByTestId('record-missing').count()).toBe(1);

      await pressSeen(page, waiting.getByRole('button', { name: 'File record' }), touch);
      const dialog = page.getByRole('dialog', { name: 'File the 2257 record' });
      await dialog.waitFor();
      await dialog.getByText(WAITING_TITLE, { exact: true }).waitFor();
      const send = dialog.getByRole('button', { name: 'File record' });

      // Nothing chosen: the form's own rules answer, nothing is sent.
      await pressSeen(page, send, touch);
      await dialog.getByText('Confirm this to publish the video.').waitFor();

      await pressSeen(page, dialog.getByRole('checkbox'), touch);
      if (touch) {
        await pressSeen(page, dialog.getByLabel('People perform in this video'), touch);
        await dialog.getByLabel('Date of production').fill('2024-06-01');
        await dialog.getByLabel('Legal name').fill('Ottilie Brackenridge');
        await dialog.getByLabel('Date of birth').fill('1993-04-11');
        await dialog
          .getByLabel('ID document', { exact: true })
          .setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: documents.idDocument });
        await dialog.getByLabel('Signed model release', { exact: true }).setInputFiles({
          name: 'release.pdf',
          mimeType: 'application/pdf',
          buffer: documents.release,
        });
      } else {
        await pressSeen(page, dialog.getByLabel('This video is exempt'), touch);
        await dialog.getByLabel('Why it is exempt').selectOption('no_real_people');
      }
      await pressSeen(page, send, touch);

      await dialog.waitFor({ state: 'detached' });
      await waiting.getByText('2257 record filed').waitFor();
      expect(await page.getByTestId('record-missing').count()).toBe(0);
      // The site has it so: read again, still filed and still waiting for a moderator.
      await page.reload();
      await waitForHydration(page);
      await card(page).getByText('2257 record filed').waitFor();
      await card(page).getByText('In review', { exact: true }).waitFor();
      expect(await page.getByText(MISSING).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a moderator on a laptop sees both filed and approves them', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { password, secret } = accounts.get('latemod') ?? { password: '', secret: '' };
    await signInByModal(site, page, 'latemod', password, secret);
    const phone = members.get('latephone')?.waiting ?? 0;
    const laptop = members.get('latelaptop')?.waiting ?? 0;
    for (const [id, kind] of [
      [phone, /Filed .*: 1 performer declared/],
      [laptop, /Filed .*: exempt \(no real people/],
    ] as const) {
      expect(await publicStatus(id)).toBe(404);
      await openOn(site, page, `/admin/review/${id}/`);
      await page.getByTestId('review-record').getByText(kind).waitFor();
      expect(await page.getByText(/^No 2257 record/).count()).toBe(0);
      const approve = page.getByRole('button', { name: /^Approve/ });
      await expectOnScreen(page, approve);
      expect(await approve.isDisabled()).toBe(false);
      await approve.click();
      await page.getByText(`Approved “${WAITING_TITLE}”`).first().waitFor();
      await expect.poll(() => publicStatus(id)).toBe(200);
    }
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();
  });
});
