import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFETIME } from '../../src/contracts/constants.ts';
import { videoPath } from '../../src/contracts/paths.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { onScreen, SHELL_SIZES } from './on-screen.ts';
import { type RunningServer, startServer } from './server.ts';
import { AJAX, addStaffAccount, signInStaffByApi } from './staff.ts';
import { tempDir } from './temp-dirs.ts';

// The staff console (issue 16, decision 0043) in Debian's Chromium against the built site:
// staff made by the real CLI on the site's data directory while it is stopped, 50 demo
// uploads waiting for review (DEMO_REVIEW). A member meets the site's 404; a moderator
// clears the whole queue with the keyboard alone; the phone layout reaches every section and
// keeps the decision on screen; only an administrator marks a member trusted.

const WAITING = 50;
let dataDir: string;
let site: RunningServer;
let browser: Browser;
const accounts = new Map<string, { password: string; secret: string }>();

async function addStaff(username: string, role: 'admin' | 'moderator') {
  accounts.set(username, await addStaffAccount(dataDir, username, role));
}

beforeAll(async () => {
  dataDir = await tempDir('console');
  const env = {
    DATA_DIR: dataDir,
    DEMO_VIDEOS: '60',
    DEMO_PLAYABLE: '0',
    // One more than the keyboard test clears: the race test decides one first.
    DEMO_REVIEW: String(WAITING + 1),
  };
  // The demo loads into a database without accounts: start once, then add the staff with
  // the site stopped (PGlite lets one process open it), as an operator would.
  await (await startServer(env)).stop();
  await addStaff('queuemod', 'moderator');
  await addStaff('phonemod', 'moderator');
  await addStaff('readmod', 'moderator');
  await addStaff('siteadmin', 'admin');
  await addStaff('racemod', 'moderator');
  await addStaff('fastmod', 'moderator');
  await addStaff('editmod', 'moderator');
  await addStaff('editphone', 'moderator');
  site = await startServer(env);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const signInStaff = (context: BrowserContext, username: string) =>
  signInStaffByApi(context, site.url, username, accounts.get(username));

async function open(page: Page, pathname: string) {
  const response = await page.goto(`${site.url}${pathname}`);
  await waitForHydration(page);
  return response;
}

/** The visitor's JSON answer for a video: 200 when it is public. */
async function publicStatus(id: number): Promise<{ status: number; url?: string }> {
  const response = await fetch(`${site.url}${videoPath(LIFETIME.video, id)}`, { headers: AJAX });
  const body = (await response.json()) as { video?: { url?: string } };
  return { status: response.status, url: body.video?.url };
}

describe('the staff console', () => {
  it('is the site’s 404 page for a visitor and for a member', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    for (const pathname of ['/admin/', '/admin/review/', '/admin/audit/']) {
      const response = await open(page, pathname);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page unavailable' }).waitFor();
      expect(await page.getByText('Review queue').count()).toBe(0);
    }
    // A member (the demo account) too.
    const login = await context.request.post(`${site.url}/api/login.php`, {
      form: { usr: 'demo', pwd: 'demo-password' },
      headers: AJAX,
    });
    expect(login.status()).toBe(200);
    const response = await open(page, '/admin/review/');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page unavailable' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.getByText('Review queue').count()).toBe(0);
    await context.close();
  });

  it('on a phone: the menu reaches every section and the decision stays on screen', async () => {
    const context = await browser.newContext(SHELL_SIZES.phone);
    await signInStaff(context, 'phonemod');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, '/admin/review/');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByRole('heading', { name: 'Review queue' }).waitFor();

    // "Menu", and "Close" while it is open.
    const menu = page.locator('header button[aria-expanded]');
    const nav = page.getByRole('navigation', { name: 'Console' });
    for (const [section, heading, url] of [
      ['Members', 'Members', '/admin/members/'],
      ['Audit log', 'Audit log', '/admin/audit/'],
      ['Review queue', 'Review queue', '/admin/review/'],
    ] as const) {
      expect((await onScreen(menu)).uncovered).toBe(true);
      await menu.tap();
      const link = nav.getByRole('link', { name: section });
      await link.waitFor();
      expect(await onScreen(link)).toMatchObject({ inWindow: true, uncovered: true });
      await link.tap();
      await page.waitForURL(`${site.url}${url}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    // Who is signed in, and the way back, are in the menu too.
    await menu.tap();
    await nav.getByText('phonemod').waitFor();
    expect(await onScreen(nav.getByRole('link', { name: '← Back to site' }))).toMatchObject({
      inWindow: true,
      uncovered: true,
    });
    await menu.tap();

    await page.locator('ol a').first().tap();
    await page.waitForURL(/\/admin\/review\/\d+\/$/);
    for (const key of ['a', 'r']) {
      const button = page.locator(`main button[aria-keyshortcuts="${key}"]`);
      await button.waitFor();
      expect(await onScreen(button)).toMatchObject({ inWindow: true, uncovered: true });
    }
    // Scrolled down to the details, the decision is still under the thumb.
    await page.getByRole('heading', { name: 'Uploader' }).scrollIntoViewIfNeeded();
    expect(await onScreen(page.locator('main button[aria-keyshortcuts="a"]'))).toMatchObject({
      inWindow: true,
      uncovered: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves on when another moderator decided the video first', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    await signInStaff(context, 'racemod');
    const page = await context.newPage();
    const queue = await context.request.get(`${site.url}/api/admin/review`, { headers: AJAX });
    const [first, second] = ((await queue.json()) as { items: { id: number }[] }).items;
    await open(page, `/admin/review/${first?.id}/`);
    await page.getByRole('button', { name: /^Approve/ }).waitFor();

    // Meanwhile another moderator approves it.
    const other = await browser.newContext(SHELL_SIZES.laptop);
    await signInStaff(other, 'fastmod');
    const otherPage = await other.newPage();
    await open(otherPage, '/admin/review/');
    const csrf = await otherPage.evaluate(() => window.__AFTERGLOW__.globals.csrf);
    const approved = await other.request.post(`${site.url}/api/admin/review/${first?.id}`, {
      form: { decision: 'approve' },
      headers: { ...AJAX, 'x-csrf-token': csrf },
    });
    expect(approved.status()).toBe(200);
    await other.close();

    await page.keyboard.press('a');
    await page.getByText('Already decided by someone else: active now').waitFor();
    await page.waitForURL(`${site.url}/admin/review/${second?.id}/`);
    await context.close();
  });

  it('fixes an upload’s details from the review screen, and p goes back a video', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    await signInStaff(context, 'editmod');
    const page = await context.newPage();
    const errors = watchErrors(page);
    const queue = await context.request.get(`${site.url}/api/admin/review`, { headers: AJAX });
    const [first, second] = ((await queue.json()) as { items: { id: number; title: string }[] })
      .items;
    const heading = (title = '') => page.getByRole('heading', { level: 1, name: title });

    // Opened directly (no skip trail), p goes to the video waiting before this one.
    await open(page, `/admin/review/${second?.id}/`);
    await heading(second?.title).waitFor();
    await page.keyboard.press('p');
    await page.waitForURL(`${site.url}/admin/review/${first?.id}/`);
    // The first video's screen, not the second's still shown while it loads.
    await heading(first?.title).waitFor();

    await page.keyboard.press('e');
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.waitFor();
    const title = dialog.getByLabel('Title');
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await title.fill('');
    await page.keyboard.press('Enter');
    // The upload form's rules, before anything is sent.
    await dialog.getByText('Required.').waitFor();
    await title.fill('A title a moderator fixed');
    await dialog.getByLabel(/^Tags/).fill('fixed, by hand');
    await page.keyboard.press('Enter');
    await page.getByText('Details saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await heading('A title a moderator fixed').waitFor();
    await page.getByText('by hand').first().waitFor();
    // Still waiting: fixing the details decides nothing.
    expect(await page.locator('main button[aria-keyshortcuts="a"]').count()).toBe(1);
    await open(page, `/admin/audit/?action=video.edit`);
    await page.locator('tr[data-action="video.edit"]').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // On a phone the button and the dialog's Save are on screen and under the thumb.
    const phone = await browser.newContext(SHELL_SIZES.phone);
    await signInStaff(phone, 'editphone');
    const phonePage = await phone.newPage();
    await open(phonePage, `/admin/review/${first?.id}/`);
    const editButton = phonePage.getByRole('button', { name: /^Edit details/ });
    await editButton.waitFor();
    await editButton.scrollIntoViewIfNeeded();
    expect(await onScreen(editButton)).toMatchObject({ inWindow: true, uncovered: true });
    await editButton.tap();
    const save = phonePage.getByRole('dialog', { name: 'Edit details' }).getByRole('button', {
      name: /^Save/,
    });
    await save.scrollIntoViewIfNeeded();
    expect(await onScreen(save)).toMatchObject({ inWindow: true, uncovered: true });
    await phone.close();
  });

  it('a moderator clears 50 pending uploads with the keyboard alone', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    await signInStaff(context, 'queuemod');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, '/admin/review/');
    await page.getByRole('heading', { name: `Review queue ${WAITING} waiting` }).waitFor();

    await page.keyboard.press('j');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('href') ?? ''))
      .toMatch(/^\/admin\/review\/\d+\/$/);
    await page.keyboard.press('Enter');

    let last = 0;
    const approved: number[] = [];
    const rejected: number[] = [];
    for (let n = 0; n < WAITING; n++) {
      await page.waitForURL(/\/admin\/review\/\d+\/$/);
      const id = Number(/\/review\/(\d+)\/$/.exec(page.url())?.[1]);
      const title = page.getByRole('heading', { level: 1 });
      await page.locator('main button[aria-keyshortcuts="a"]').waitFor();
      const name = (await title.textContent()) ?? '';
      last = id;
      if (n % 3 === 2) {
        await page.keyboard.press('r');
        const dialog = page.getByRole('dialog', { name: /^Reject/ });
        await dialog.waitFor();
        await page.keyboard.press('7'); // Spam or advertising
        await expect.poll(() => dialog.getByLabel('Spam or advertising').isChecked()).toBe(true);
        await page.keyboard.press('Enter');
        rejected.push(id);
        await page.getByText(`Rejected “${name}”`).first().waitFor();
      } else {
        await page.keyboard.press('a');
        approved.push(id);
        await page.getByText(`Approved “${name}”`).first().waitFor();
      }
      // Straight on to the next video, or back to the emptied queue.
      await page.waitForURL((url) => url.pathname !== `/admin/review/${id}/`);
    }
    await page.waitForURL(`${site.url}/admin/review/`);
    await page.getByText('The queue is empty').waitFor();
    expect(new Set([...approved, ...rejected]).size).toBe(WAITING);

    // What was approved is public; what was rejected is not.
    for (const id of approved) expect((await publicStatus(id)).status).toBe(200);
    for (const id of rejected) expect((await publicStatus(id)).status).toBe(404);
    const first = await publicStatus(approved[0] ?? 0);
    const visitor = await fetch(`${site.url}${first.url}`);
    expect(visitor.status).toBe(200);

    // The audit log lists the acts, newest first, filtered by what was done.
    await open(page, '/admin/audit/?action=video.reject');
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    expect(await page.locator('tr[data-action="video.reject"]').count()).toBe(rejected.length);
    await expect
      .poll(() => page.locator('tbody').getByText('Spam or advertising').count())
      .toBe(rejected.length);
    await open(page, '/admin/audit/?actor=queuemod');
    expect(await page.locator('tbody tr').count()).toBe(WAITING);
    // Newest first: the last decision heads the log.
    await page
      .locator('tbody tr')
      .first()
      .getByRole('link', { name: `video #${last}` })
      .waitFor();
    // No control in the log changes a row.
    expect(await page.locator('tbody').getByRole('button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('an administrator marks a member trusted and takes it back; a moderator cannot', async () => {
    const moderator = await browser.newContext(SHELL_SIZES.laptop);
    // Its own account: a TOTP code is good once (decision 0038), and phonemod's was used.
    await signInStaff(moderator, 'readmod');
    const modPage = await moderator.newPage();
    await open(modPage, '/admin/members/?q=demo');
    const demoRow = modPage.locator('tr[data-member="demo"]');
    await demoRow.waitFor();
    expect(await demoRow.getByRole('switch').count()).toBe(0);
    // Nor does the call work for them, with the session's CSRF token.
    const csrf = await modPage.evaluate(() => window.__AFTERGLOW__.globals.csrf);
    const refused = await moderator.request.post(`${site.url}/api/admin/members/1/trusted`, {
      form: { trusted: '1' },
      headers: { ...AJAX, 'x-csrf-token': csrf },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('no_permission');
    await moderator.close();

    const admin = await browser.newContext(SHELL_SIZES.laptop);
    await signInStaff(admin, 'siteadmin');
    const page = await admin.newPage();
    const errors = watchErrors(page);
    await open(page, '/admin/members/?q=demo');
    const toggle = page.locator('tr[data-member="demo"]').getByRole('switch');
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await page.getByText('demo is trusted: their uploads publish without review').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await page.getByText('demo is no longer trusted').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);

    await open(page, '/admin/audit/?object_type=member');
    await page.locator('tr[data-action="member.trust"]').first().waitFor();
    await page.locator('tr[data-action="member.untrust"]').first().waitFor();
    expect(errors).toEqual([]);
    await admin.close();
  });
});
