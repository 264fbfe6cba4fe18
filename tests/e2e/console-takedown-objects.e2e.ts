import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import { proveHuman } from './site.ts';
import { openOn, pressSeen, type StaffAccount, signInByModal, startStaffSite } from './staff.ts';

// Takedowns of other objects than videos (issue 16, decision 0047), walked in the browser:
// the demo member comments on a video; a visitor, with the video page (and so its comments
// answer) already loaded, reports the comment; a moderator takes it down from the report;
// the visitor's video page no longer shows it, the takedowns list shows its text to staff;
// restored, it is back. A video taken down says on its page that it was removed and why,
// on a phone by touch and on a laptop.

let site: RunningServer;
let browser: Browser;
let staff: StaffAccount;
let moderatorState: Awaited<ReturnType<BrowserContext['storageState']>>;
const COMMENT = 'Cheap pills and fake watches, visit my shop today';

beforeAll(async () => {
  const started = await startStaffSite({
    name: 'takedown-objects',
    env: { DEMO_VIDEOS: '12', DEMO_PLAYABLE: '0' },
    staff: { objectsmod: 'moderator' },
  });
  site = started.site;
  staff = started.accounts.get('objectsmod') as StaffAccount;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (page: Page, pathname: string) => openOn(site, page, pathname);

/** Signs in through the Login modal; staff answer a TOTP code too. */
const signIn = (page: Page, username: string, password: string, secret?: string) =>
  signInByModal(site, page, username, password, secret);

/** The comments a visitor's video page lists. */
async function commentsShown(page: Page, videoPath: string): Promise<string[]> {
  await open(page, videoPath);
  // The comments load as the visitor scrolls down to them (issue 18).
  await page.locator('#comments-heading').scrollIntoViewIfNeeded();
  const section = page.locator('section[aria-labelledby="comments-heading"]');
  // The comments answer has arrived when the heading shows their count.
  await expect.poll(() => page.locator('#comments-heading').textContent()).toMatch(/\(\d+\)/);
  return section.locator('ol li p:last-child').allTextContents();
}

/** A staff POST from the console's page, with the page's CSRF token (as the console sends it). */
async function staffPost(page: Page, url: string, fields: Record<string, string>) {
  return page.evaluate(
    async ({ url, fields }) => {
      const globals = (window as unknown as Record<string, { globals: { csrf: string } }>)
        .__AFTERGLOW__;
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrf-token': globals?.globals.csrf ?? '',
        },
        body: new URLSearchParams(fields).toString(),
      });
      return { status: res.status, body: await res.text() };
    },
    { url, fields },
  );
}

let videoPath = '';

describe('takedowns of comments and removed pages', () => {
  it('a member comments; a visitor, the page already loaded, reports the comment', async () => {
    const member = await browser.newContext(SHELL_SIZES.laptop);
    const page = await member.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'demo', 'demo-password');
    await open(page, '/videos/latest-updates/1/');
    const first = page.locator('main a[href^="/videos/"]').filter({ has: page.locator('img') });
    videoPath = (await first.first().getAttribute('href')) ?? '';
    expect(videoPath).toMatch(/^\/videos\/\d+\//);
    await open(page, videoPath);
    await page.locator('#comments-heading').scrollIntoViewIfNeeded();
    await page.getByLabel('Your comment').fill(COMMENT);
    await pressSeen(page, page.getByRole('button', { name: 'Post', exact: true }), false);
    await page.getByText(COMMENT).waitFor();
    expect(errors).toEqual([]);
    await member.close();

    const visitor = await browser.newContext(SHELL_SIZES.laptop);
    const visitorPage = await visitor.newPage();
    const visitorErrors = watchErrors(visitorPage);
    // Twice: the second answer comes from the response cache.
    expect(await commentsShown(visitorPage, videoPath)).toContain(COMMENT);
    expect(await commentsShown(visitorPage, videoPath)).toContain(COMMENT);
    await pressSeen(
      visitorPage,
      visitorPage.getByRole('button', { name: 'Report the comment by demo' }),
      false,
    );
    const dialog = visitorPage.getByRole('dialog', { name: 'Report content' });
    await dialog.waitFor();
    await dialog.getByLabel('Your email').fill('reader@mail.test');
    await dialog.getByLabel('Message').fill('This comment is an advert for a shop.');
    await proveHuman(dialog);
    await pressSeen(visitorPage, dialog.getByRole('button', { name: 'Send' }), false);
    await visitorPage.getByText('Your message has been sent').waitFor();
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it('the moderator takes the comment down from the report; it is gone, and comes back', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await signIn(page, 'objectsmod', staff.password, staff.secret);
    moderatorState = await context.storageState();
    const errors = watchErrors(page);

    await open(page, '/admin/reports/');
    const row = page.locator('li[data-report]').filter({ hasText: 'an advert for a shop' });
    await pressSeen(page, row.getByRole('link', { name: /an advert for a shop/ }), false);
    await page.waitForURL(/\/admin\/reports\/\d+\/$/);
    const main = page.locator('main');
    await expectOnScreen(page, main.getByRole('link', { name: /comment by demo/ }));
    await pressSeen(page, main.getByRole('button', { name: 'Take down comment' }), false);
    const dialog = page.getByRole('dialog', { name: /Take down/ });
    await dialog.waitFor();
    // 7 is Spam; Enter confirms.
    await page.keyboard.press('7');
    expect(await dialog.getByRole('radio', { name: /Spam/ }).isChecked()).toBe(true);
    await expectOnScreen(page, dialog.getByRole('button', { name: /^Take down/ }));
    await page.keyboard.press('Enter');
    await page.getByText(/^Taken down: comment by demo/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await main.locator('header').getByText('Resolved', { exact: true }).waitFor();

    const visitor = await browser.newContext(SHELL_SIZES.laptop);
    const visitorPage = await visitor.newPage();
    expect(await commentsShown(visitorPage, videoPath)).not.toContain(COMMENT);

    // Staff read the removed comment's text in the takedowns list, with where it was.
    await open(page, '/admin/takedowns/');
    const takedown = page.locator('tr[data-takedown]').filter({ hasText: COMMENT });
    await expectOnScreen(page, takedown);
    expect(await takedown.textContent()).toContain('comment #');
    expect(await takedown.getByRole('link', { name: 'where it was' }).getAttribute('href')).toBe(
      videoPath,
    );
    await pressSeen(page, takedown.getByRole('button', { name: 'Restore' }), false);
    const restore = page.getByRole('dialog', { name: /Restore/ });
    await restore.waitFor();
    await pressSeen(page, restore.getByRole('button', { name: /^Restore/ }), false);
    await page.getByText(/^Restored “/).waitFor();
    await expect.poll(() => takedown.count()).toBe(0);
    await visitor.close();

    // A browser keeps what it fetched for the answer's lifetime: a new visitor, then.
    const later = await browser.newContext(SHELL_SIZES.laptop);
    expect(await commentsShown(await later.newPage(), videoPath)).toContain(COMMENT);
    await later.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a video taken down names the reason on its page, on a phone and a laptop', async () => {
    const context = await browser.newContext({
      ...SHELL_SIZES.laptop,
      storageState: moderatorState,
    });
    const page = await context.newPage();
    await open(page, '/admin/takedowns/');
    const id = Number(/^\/videos\/(\d+)\//.exec(videoPath)?.[1]);
    const done = await staffPost(page, '/api/admin/takedowns', {
      object_type: 'video',
      object_id: String(id),
      reason: 'copyright',
    });
    expect(done.status, done.body).toBe(200);
    await context.close();

    for (const size of [SHELL_SIZES.phone, SHELL_SIZES.laptop]) {
      const visitor = await browser.newContext(size);
      const visitorPage = await visitor.newPage();
      const errors = watchErrors(visitorPage);
      await open(visitorPage, videoPath);
      await expectOnScreen(
        visitorPage,
        visitorPage.getByText('This video has been removed: copyright claim'),
      );
      // Nothing of it plays or links on: no player, no comments.
      expect(await visitorPage.locator('video').count()).toBe(0);
      expect(await visitorPage.locator('#comments-heading').count()).toBe(0);
      expect(errors).toEqual([]);
      await visitor.close();
    }
  });
});
