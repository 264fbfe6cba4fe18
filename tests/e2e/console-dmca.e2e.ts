import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoPath } from '../../src/contracts/paths.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import { acknowledgeCookieNotice } from './site.ts';
import {
  openOn,
  pressSeen,
  type StaffAccount,
  seedModerationMember,
  signInByModal,
  startStaffSite,
} from './staff.ts';

// DMCA notices in Debian's Chromium (issue 16, decision 0049), walked end to end: a moderator
// (made by the real CLI while the site is stopped, signed in with a TOTP code) records a
// notice naming two members' videos and acts on it; a visitor at once finds both gone; each
// member sends a counter-notice from their uploads tab (one at a phone's size by touch, one
// at a laptop's), every control checked on screen and not covered; the site runs with the
// waiting period at 0 days, so the restore job brings both back and a visitor sees them.

const PASSWORD = 'seeded-password1';
let site: RunningServer;
let browser: Browser;
let staff: StaffAccount;
let moderatorState: Awaited<ReturnType<BrowserContext['storageState']>>;
const members = new Map<string, { userId: number; published: number }>();

beforeAll(async () => {
  const started = await startStaffSite({
    name: 'dmca',
    env: {
      DEMO_VIDEOS: '30',
      DEMO_PLAYABLE: '0',
      // The restore is due as soon as the counter-notice is in.
      DMCA_RESTORE_BUSINESS_DAYS: '0',
    },
    staff: { dmcamod: 'moderator' },
    prepare: async (dataDir) => {
      for (const username of ['phonecounter', 'laptopcounter']) {
        members.set(username, await seedModerationMember(dataDir, username, PASSWORD));
      }
    },
  });
  site = started.site;
  staff = started.accounts.get('dmcamod') as StaffAccount;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (page: Page, pathname: string) => openOn(site, page, pathname);

/** The video's state as a visitor's request gets it: '1' published, '5' gone. */
async function publicState(id: number): Promise<string> {
  const res = await fetch(`${site.url}${videoPath(300, id)}`);
  return ((await res.json()) as { video: { status_id: string } }).video.status_id;
}

const signInModerator = (page: Page) =>
  signInByModal(site, page, 'dmcamod', staff.password, staff.secret);

async function signInMember(page: Page, username: string) {
  await acknowledgeCookieNotice(page.context(), site.url);
  await open(page, '/signin/');
  const form = page.locator('main form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site.url}/`);
  await open(page, `/members/${members.get(username)?.userId}/`);
}

let noticeId = 0;

describe('DMCA notices, counter-notices and restores', () => {
  it('a moderator records a notice naming two videos and acts on it', {
    timeout: 120_000,
  }, async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    // The password step answers 400 (a code is needed): watched from the signed-in page on.
    await signInModerator(page);
    const errors = watchErrors(page);
    moderatorState = await context.storageState();

    await open(page, '/admin/dmca/');
    await page.getByText('No notice waiting').waitFor();
    await page.getByRole('link', { name: 'New notice' }).click();
    await page.getByRole('heading', { name: 'New DMCA notice' }).waitFor();

    // Incomplete: refused with the fields named, nothing recorded.
    await page.getByRole('button', { name: 'Record notice' }).click();
    await page.getByText('Required.').first().waitFor();

    const phone = members.get('phonecounter')?.published ?? 0;
    const laptop = members.get('laptopcounter')?.published ?? 0;
    await page.getByLabel('Claimant’s full name').fill('Rita Rights');
    await page.getByLabel('Company (optional)').fill('Rights Films LLC');
    await page.getByLabel('E-mail').fill('legal@rights.test');
    await page.getByLabel('The copyrighted works').fill('The film “Sunset Rider” (2021)');
    await page
      .getByLabel('URLs of the infringing videos, one per line')
      .fill(
        [
          `${site.url}/videos/${phone}/clip/`,
          `${site.url}/videos/${laptop}/clip/`,
          'https://elsewhere.test/videos/1/x/',
        ].join('\n'),
      );
    await page.getByRole('checkbox').check();
    await page.getByLabel('Signature (as on the notice)').fill('/Rita Rights/');
    await page.getByRole('button', { name: 'Record notice' }).click();

    await page.waitForURL(/\/admin\/dmca\/\d+\/$/);
    noticeId = Number(/\/admin\/dmca\/(\d+)\//.exec(page.url())?.[1]);
    await page
      .getByText(/1 URL\(s\) name no video of the site/)
      .first()
      .waitFor();
    await page.getByText('Names no video of this site.').waitFor();
    const act = page.getByRole('button', { name: 'Take down 2 video(s)' });
    await expectOnScreen(page, act);
    await act.click();
    const dialog = page.getByRole('dialog', { name: 'Take down 2 video(s)' });
    await dialog.getByRole('button', { name: /Take down/ }).click();
    await page.getByText(`Notice #${noticeId}: 2 video(s) taken down`).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The notice's rows show the new state once its data is read again after the toast.
    await expect.poll(() => page.locator('[data-state="taken_down"]').count()).toBe(2);

    // A visitor: both are gone at once.
    expect(await publicState(phone)).toBe('5');
    expect(await publicState(laptop)).toBe('5');

    await open(page, '/admin/dmca/?state=actioned');
    await page.locator(`[data-notice="${noticeId}"]`).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    const touch = 'hasTouch' in options;
    const username = touch ? 'phonecounter' : 'laptopcounter';

    it(`the member counters from their uploads at ${size} size and the video comes back`, {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInMember(page, username);
      const videoId = members.get(username)?.published ?? 0;

      const card = page.locator('main li').filter({ hasText: 'Rights Films LLC' });
      await card.getByText('Removed', { exact: true }).waitFor();
      const counter = card.getByRole('button', { name: 'Send counter-notice' });
      await pressSeen(page, counter, touch);
      const dialog = page.getByRole('dialog', { name: 'Counter-notice' });
      await dialog.waitFor();
      await dialog.getByText(`/videos/${videoId}/clip/`).waitFor();
      const send = dialog.getByRole('button', { name: 'Send counter-notice' });

      // Nothing ticked or written: refused in the dialog, nothing sent.
      await pressSeen(page, send, touch);
      await dialog.getByText('This field is required').first().waitFor();

      await dialog.getByLabel('Full legal name').fill('Upton Loader');
      await dialog.getByLabel('Postal address').fill('5 Main St, Springfield');
      await dialog.getByLabel('Phone number').fill('+1 555 0199');
      for (const box of await dialog.getByRole('checkbox').all()) {
        await expectOnScreen(page, box);
        await press(box, touch);
      }
      await dialog.getByLabel('Signature (type your full name)').fill('Upton Loader');
      await pressSeen(page, send, touch);
      await page.getByText('Counter-notice sent').first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The waiting period is 0 days here: the restore job brings it back.
      await expect.poll(() => publicState(videoId), { timeout: 30_000 }).toBe('1');
      await page.reload();
      await waitForHydration(page);
      const back = page
        .locator('main li')
        .filter({ has: page.locator(`a[href^="/videos/${videoId}/"]`) });
      await expect.poll(() => back.getByText('Published', { exact: true }).count()).toBe(1);
      await expectOnScreen(page, back.getByText('Restored after your counter-notice.'));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('the notice shows both restored, at a phone’s size too', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({
      ...SHELL_SIZES.phone,
      storageState: moderatorState,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, `/admin/dmca/${noticeId}/`);
    expect(await page.locator('[data-state="restored"]').count()).toBe(2);
    await open(page, '/admin/dmca/?state=all');
    await expectOnScreen(page, page.getByRole('link', { name: 'New notice' }));
    await open(page, '/admin/dmca/new');
    await expectOnScreen(page, page.getByLabel('Claimant’s full name'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
