import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import { mailTo } from './outbox.ts';
import type { RunningServer } from './server.ts';
import { proveHuman } from './site.ts';
import { openOn, pressSeen, type StaffAccount, signInByModal, startStaffSite } from './staff.ts';

// The console's reports inbox and takedowns (issue 16, decisions 0043 and 0046), walked as
// the done-when says: a visitor reports a video from its page (the listing it sits on
// already loaded, so the response cache holds it); a moderator (made by the real CLI while
// the site is stopped, signed in with a TOTP code) finds the report in the inbox, opens it
// and takes the video down with a reason; a visitor at once no longer finds it in the
// listing or the search and its page reads deleted; the moderator restores it from
// Takedowns and it is back. The laptop walk goes by keyboard, the phone walk by touch, and
// every control pressed is checked on screen and not covered.

const LISTING = '/videos/latest-updates/1/';
let site: RunningServer;
let browser: Browser;
let staff: StaffAccount;
/** The moderator's signed-in cookies, shared by both sizes (a TOTP code is good once). */
let moderatorState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  const started = await startStaffSite({
    name: 'reports',
    env: { DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0' },
    staff: { inboxmod: 'moderator' },
  });
  site = started.site;
  staff = started.accounts.get('inboxmod') as StaffAccount;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const open = (page: Page, pathname: string) => openOn(site, page, pathname);

/** The videos a listing or search page links, as a visitor gets it (server-rendered). */
async function linkedIds(pathname: string): Promise<number[]> {
  const html = await (await fetch(`${site.url}${pathname}`)).text();
  return [...html.matchAll(/href="\/videos\/(\d+)\/[a-z0-9-]+\/"/g)].map((m) => Number(m[1]));
}

const searchPath = (title: string) => `/search/1/?s=${encodeURIComponent(title)}`;

async function screenshotFile() {
  const buffer = await sharp({
    create: { width: 640, height: 400, channels: 3, background: '#2a6f97' },
  })
    .jpeg()
    .toBuffer();
  return { name: 'proof.jpg', mimeType: 'image/jpeg', buffer };
}

/** The moderator signs in through the Login modal; a code already used waits for the next. */
const signInModerator = (page: Page) =>
  signInByModal(site, page, 'inboxmod', staff.password, staff.secret);

/** A visitor sends the Report form of a video page; answers the message sent. */
async function reportVideo(page: Page, videoPath: string, touch: boolean, words: string) {
  await open(page, videoPath);
  await pressSeen(page, page.getByRole('button', { name: 'Report', exact: true }), touch);
  const dialog = page.getByRole('dialog', { name: 'Report content' });
  await dialog.waitFor();
  await dialog.getByLabel('Subject').selectOption('dmca');
  await dialog.getByLabel('Your email').fill('owner@studio.test');
  await dialog.getByLabel('Message').fill(words);
  await dialog.getByLabel('Picture (optional)').setInputFiles(await screenshotFile());
  await proveHuman(dialog, { tap: touch });
  await pressSeen(page, dialog.getByRole('button', { name: 'Send' }), touch);
  await page.getByText('Your message has been sent').waitFor();
}

/** What a visitor sees of the video at once: listed, found, its page. */
async function visitorSees(id: number, title: string) {
  return {
    listed: (await linkedIds(LISTING)).includes(id),
    found: (await linkedIds(searchPath(title))).includes(id),
  };
}

let video: { id: number; path: string; title: string };

describe('reports inbox and takedowns', () => {
  it('a visitor reports a video from its page, the listing already cached', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    // A visitor loads the listing: its answer is now in the response cache.
    await open(page, LISTING);
    const first = page.locator('main a[href^="/videos/"]').filter({ has: page.locator('img') });
    const href = (await first.first().getAttribute('href')) ?? '';
    const id = Number(/^\/videos\/(\d+)\//.exec(href)?.[1]);
    expect(id).toBeGreaterThan(0);
    await open(page, href);
    video = { id, path: href, title: ((await page.locator('h1').textContent()) ?? '').trim() };
    // The search is warmed too.
    expect(await visitorSees(id, video.title)).toEqual({ listed: true, found: true });

    await reportVideo(page, href, false, 'This is our studio’s clip, uploaded without a licence.');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a moderator at a laptop finds it by keyboard and takes the video down; it is gone at once', async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await signInModerator(page);
    moderatorState = await context.storageState();
    // From here on (the password step answers 400 to ask for the code).
    const errors = watchErrors(page);

    await open(page, '/admin/reports/');
    const nav = page.getByRole('navigation', { name: 'Console' });
    const reportsLink = nav.getByRole('link', { name: /^Reports/ });
    await expectOnScreen(page, reportsLink);
    await expect.poll(() => reportsLink.textContent()).toMatch(/Reports\s*1\s*new/);
    await expectOnScreen(page, nav.getByRole('link', { name: 'Takedowns' }));

    const row = page.locator('li[data-report]').filter({ hasText: 'uploaded without a licence' });
    await expectOnScreen(page, row);
    await expect.poll(() => row.textContent()).toContain('owner@studio.test');
    expect(await row.textContent()).toContain('picture');
    expect(await row.getByRole('link', { name: video.title }).getAttribute('href')).toBe(
      video.path,
    );
    // The filters live in the URL: another subject shows none, clearing brings it back,
    // and the search finds it by its sender.
    await page.getByLabel('Subject').selectOption('support');
    await page.waitForURL(/subject=support/);
    await page.getByText('No report matches these filters').waitFor();
    await pressSeen(page, page.getByRole('link', { name: 'Clear the filters' }), false);
    await page.waitForURL(/\/admin\/reports\/$/);
    // The unfiltered inbox is drawn (its filters' form anew) before the key is pressed.
    await row.waitFor();
    await expect.poll(() => page.getByLabel('Subject').inputValue()).toBe('');
    const search = page.getByLabel('Search reports');
    await page.keyboard.press('/');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('owner@studio');
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=owner%40studio/);
    await expectOnScreen(page, row);
    // Escape leaves the search box; j puts the focus on the first row, Enter opens it.
    await page.keyboard.press('Escape');
    await page.keyboard.press('j');
    await expect.poll(() => row.getAttribute('data-current')).toBe('');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/reports\/\d+\/$/);
    const reportUrl = page.url();

    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: /DMCA \/ copyright report #\d+/ }).waitFor();
    await expectOnScreen(page, main.getByText('uploaded without a licence'));
    // The picture is shown inline, loaded.
    const picture = main.getByRole('img', { name: 'Sent with the report' });
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(640);
    await expectOnScreen(page, main.getByRole('link', { name: `video “${video.title}”` }));
    await expect.poll(() => main.getByText('Published', { exact: true }).count()).toBe(1);

    // Take it: confirmed by a toast, the screen says so and the history records it.
    await pressSeen(page, main.getByRole('button', { name: 'Take it' }), false);
    await page.getByText(/Report #\d+ is yours/).waitFor();
    await main.getByText('Assigned to you').waitFor();
    await main.locator('[data-action="report.assign"]').waitFor();

    // An answer goes to the sender by mail and onto the record.
    const answer = main.getByLabel(/^To owner@studio\.test/);
    await answer.fill('Thank you: we are looking at it now.');
    await pressSeen(page, main.getByRole('button', { name: 'Send' }), false);
    await page.getByText('Answer sent to owner@studio.test').waitFor();
    await expect.poll(() => answer.inputValue()).toBe('');
    await main.locator('[data-action="report.answer"]').waitFor();
    const mail = await mailTo(site.dataDir, 'owner@studio.test', {
      subject: /^Re: your dmca report/,
    });
    expect(mail.subject).toContain('Afterglow');

    await pressSeen(page, main.getByRole('button', { name: 'Take down video' }), false);
    const dialog = page.getByRole('dialog', { name: /Take down/ });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: /^Take down/ });
    await expectOnScreen(page, confirm);
    // "Other" needs a note: refused in the dialog before any call.
    await page.keyboard.press('0');
    await page.keyboard.press('Enter');
    await dialog.getByText('Write a note for “Other”.').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await pressSeen(page, main.getByRole('button', { name: 'Take down video' }), false);
    await dialog.waitFor();
    // 8 is Copyright; the note goes to the uploader; Enter confirms.
    await page.keyboard.press('8');
    expect(await dialog.getByRole('radio', { name: /Copyright/ }).isChecked()).toBe(true);
    const note = dialog.getByLabel(/Note to the uploader/);
    await note.fill('The rights holder asked for it.');
    await expectOnScreen(page, dialog.getByRole('checkbox', { name: /resolved/ }));
    await page.keyboard.press('Enter');
    await page.getByText(/^Taken down: video “/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await main.getByText('The video is taken down.').waitFor();
    // The report was closed with it (the box was ticked by default).
    await main.locator('header').getByText('Resolved', { exact: true }).waitFor();
    expect(await main.getByRole('button', { name: 'Take down video' }).count()).toBe(0);

    // A visitor, at once: not in the cached listing, not found, the page reads deleted.
    expect(await visitorSees(video.id, video.title)).toEqual({ listed: false, found: false });
    const visitor = await browser.newContext(SHELL_SIZES.laptop);
    const visitorPage = await visitor.newPage();
    await open(visitorPage, video.path);
    await expectOnScreen(
      visitorPage,
      visitorPage.getByText('This video has been removed: copyright claim'),
    );
    await visitor.close();

    // Taking it down again from the same report is not offered; the API says why anyway.
    await page.goto(reportUrl);
    await main.getByText('The video is taken down.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the moderator restores it from Takedowns and it is back for visitors', async () => {
    const context = await browser.newContext({
      ...SHELL_SIZES.laptop,
      storageState: moderatorState,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, '/admin/takedowns/');
    const row = page.locator('tr[data-takedown]').filter({ hasText: video.title });
    await expectOnScreen(page, row);
    expect(await row.textContent()).toContain('Copyright');
    expect(await row.textContent()).toContain('The rights holder asked for it.');
    expect(await row.textContent()).toContain('inboxmod');
    expect(await row.getByRole('link', { name: /^#\d+$/ }).getAttribute('href')).toMatch(
      /^\/admin\/reports\/\d+\/$/,
    );
    await pressSeen(page, row.getByRole('button', { name: 'Restore' }), false);
    const dialog = page.getByRole('dialog', { name: /Restore/ });
    await dialog.waitFor();
    await dialog.getByLabel(/Why, for the record/).fill('Licence shown after all.');
    await pressSeen(page, dialog.getByRole('button', { name: /^Restore/ }), false);
    await page.getByText(/^Restored “/).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Gone from those in force; under All, restored with its note.
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('link', { name: 'All', exact: true }).click();
    await page.waitForURL(/show=all/);
    await expect.poll(() => row.textContent()).toContain('Licence shown after all.');

    expect(await visitorSees(video.id, video.title)).toEqual({ listed: true, found: true });
    const visitor = await browser.newContext(SHELL_SIZES.laptop);
    const visitorPage = await visitor.newPage();
    await open(visitorPage, video.path);
    expect((await visitorPage.locator('h1').textContent())?.trim()).toBe(video.title);
    await visitor.close();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works by touch on a phone: the inbox, a report, both dialogs', async () => {
    const context = await browser.newContext({
      ...SHELL_SIZES.phone,
      storageState: moderatorState,
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await open(page, '/admin/reports/?state=all');
    // The sections are in the menu.
    await pressSeen(page, page.getByRole('button', { name: 'Menu' }), true);
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expectOnScreen(page, nav.getByRole('link', { name: 'Takedowns' }));
    await expectOnScreen(page, nav.getByRole('link', { name: /^Reports/ }));
    await pressSeen(page, page.getByRole('button', { name: 'Close' }), true);

    // The state tabs and filters are in reach; the row opens with a tap.
    await expectOnScreen(page, page.getByRole('link', { name: 'Resolved', exact: true }));
    await expectOnScreen(page, page.getByLabel('Search reports'));
    const row = page.locator('li[data-report]').filter({ hasText: 'uploaded without a licence' });
    await pressSeen(page, row.getByRole('link', { name: /uploaded without a licence/ }), true);
    await page.waitForURL(/\/admin\/reports\/\d+\/$/);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: /report #\d+/ }).waitFor();
    await expectOnScreen(page, main.getByText('uploaded without a licence'));
    await expect.poll(() => main.getByText('Published', { exact: true }).count()).toBe(1);

    // Back to in progress with a note: the state buttons.
    await main.getByLabel('Note for the record (optional)').fill('Checking the licence again.');
    await pressSeen(page, main.getByRole('button', { name: 'In progress' }), true);
    await page.getByText(/Report #\d+: In progress/).waitFor();
    await main.getByText('Checking the licence again.').waitFor();

    // The takedown dialog fits the phone; its buttons stay in view while the list scrolls.
    await pressSeen(page, main.getByRole('button', { name: 'Take down video' }), true);
    const dialog = page.getByRole('dialog', { name: /Take down/ });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
    await pressSeen(page, dialog.getByText('Spam or advertising'), true);
    await expectOnScreen(page, dialog.getByRole('button', { name: 'Cancel' }));
    await pressSeen(page, dialog.getByRole('button', { name: /^Take down/ }), true);
    await page.getByText(/^Taken down: video “/).waitFor();
    await main.getByText('The video is taken down.').waitFor();
    expect(await visitorSees(video.id, video.title)).toEqual({ listed: false, found: false });

    // Restored from the list of takedowns, by touch.
    await open(page, '/admin/takedowns/');
    const takedown = page.locator('tr[data-takedown]').filter({ hasText: video.title });
    await pressSeen(page, takedown.getByRole('button', { name: 'Restore' }), true);
    const restore = page.getByRole('dialog', { name: /Restore/ });
    await restore.waitFor();
    await pressSeen(page, restore.getByRole('button', { name: /^Restore/ }), true);
    await page.getByText(/^Restored “/).waitFor();
    await expect.poll(() => takedown.count()).toBe(0);
    expect(await visitorSees(video.id, video.title)).toEqual({ listed: true, found: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
