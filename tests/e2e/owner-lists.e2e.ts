import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { playableVideo } from './playable.ts';
import { openPage, signUpConfirmed, submitSignIn, uniqueName } from './site.ts';

// A member's own lists (SPEC.md §2 watch later, member tabs; §6 only the owner sees the
// remove, edit and delete buttons): watch later, favourites, playlists and history, seen by
// their owner and by another member (the demo account, which these tests only look with).

const baseUrl = inject('baseUrl');
let browser: Browser;

interface Member {
  context: BrowserContext;
  page: Page;
  id: number;
}

interface ListedVideo {
  video_id: string;
  dir: string;
  title: string;
}

let owner: Member;
let other: Member;
let videos: ListedVideo[];
let members: Promise<void> | undefined;

/**
 * The owner (a member made for these tests) and another member (demo), signed in once for
 * all tests, inside the first test that needs them (mail polling needs a running test).
 */
function signedInMembers(): Promise<void> {
  members ??= (async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/60/..1.all..all.json`)
    ).json()) as { videos: ListedVideo[] };
    videos = list.videos.slice(0, 3);
    owner = await newMember();
    other = await signedIn('demo', 'demo-password');
  })();
  return members;
}

const unique = () => uniqueName('own');
const open = openPage;

async function signIn(page: Page, usr: string, pwd: string) {
  await submitSignIn(page, usr, pwd);
  await page.waitForURL(`${baseUrl}/`);
  await waitForHydration(page);
}

/** The signed-in member's id, from the page constants. */
const userId = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __AFTERGLOW__: { globals: { user: { id: number } | null } } })
        .__AFTERGLOW__.globals.user?.id ?? 0,
  );

/** A member signed in in a browser context of their own. */
async function signedIn(usr: string, pwd: string): Promise<Member> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await signIn(page, usr, pwd);
  return { context, page, id: await userId(page) };
}

/** A new member through sign-up and the mailed confirmation link, signed in. */
async function newMember(): Promise<Member> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await signUpConfirmed(page, { prefix: 'own', password: 'owner-pass' });
  return { context, page, id: await userId(page) };
}

/** An input.php call from the page, as the web app makes it (session cookie and token). */
function input(page: Page, fields: Record<string, string>): Promise<Record<string, unknown>> {
  return page.evaluate(async (body) => {
    const { csrf } = (window as unknown as { __AFTERGLOW__: { globals: { csrf: string } } })
      .__AFTERGLOW__.globals;
    const res = await fetch('/api/input.php', {
      method: 'POST',
      headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams(body),
      credentials: 'same-origin',
    });
    return (await res.json()) as Record<string, unknown>;
  }, fields);
}

/** The page's HTML as the server renders it for this member (before any script runs). */
async function serverHtml(member: Member, path: string): Promise<string> {
  const res = await member.context.request.get(`${baseUrl}${path}`);
  expect(res.status()).toBe(200);
  return res.text();
}

/**
 * axe's serious and critical findings in the main area as it is now (a11y.e2e.ts's bar; the
 * layout around it is that suite's).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} ${violation.nodes[0]?.target.join(' ') ?? ''}`);
}

const thumbs = (page: Page) => page.locator('main article');
const removeButtons = (page: Page) => page.locator('main [data-owner-remove]');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('watch later', () => {
  it('sends visitors to the main page and other members to their own list', async () => {
    await signedInMembers();
    expect(await fetchStatus(baseUrl, '/watch_later_videos/1/1/')).toEqual({
      status: 302,
      location: '/',
    });
    const visitor = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await visitor.goto(`${baseUrl}/watch_later_videos/1/1/`);
    expect(new URL(visitor.url()).pathname).toBe('/');
    await visitor.close();

    // The owner's list is theirs alone: another member's id leads to one's own.
    await open(other.page, `/watch_later_videos/${owner.id}/1/`);
    expect(new URL(other.page.url()).pathname).toBe(`/watch_later_videos/${other.id}/1/`);
  });

  it('lists what the member saved and removes videos without a reload', async () => {
    await signedInMembers();
    const page = owner.page;
    const errors = watchErrors(page);
    const [first, second] = videos as [ListedVideo, ListedVideo];
    // One through the Add to dialog of the video page, one by the call the dialog makes.
    await open(page, `/videos/${first.video_id}/${first.dir}/`);
    await page.getByRole('button', { name: 'Add to' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Watch later' }).click();
    await page.getByText(/^Added to watch later: /).waitFor();
    expect(
      await input(page, { act: 'watch_later', section: 'add', video_id: second.video_id }),
    ).toEqual({ success: 1 });

    // The header's watch-later button leads to the list; newest added first.
    await page.getByRole('link', { name: 'Watch later' }).first().click();
    await page.waitForURL(`${baseUrl}/watch_later_videos/${owner.id}/1/`);
    await page.getByRole('heading', { level: 1, name: 'Watch later' }).waitFor();
    await expect.poll(() => thumbs(page).count()).toBe(2);
    expect(await thumbs(page).locator('h2').allTextContents()).toEqual([second.title, first.title]);
    await page.getByText('2 videos', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const html = await serverHtml(owner, `/watch_later_videos/${owner.id}/1/`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html.match(/data-owner-remove/g)?.length).toBe(2);

    // A failed call keeps the video and says so (SPEC.md §8: general_error).
    await page.route('**/api/input.php', (route) =>
      route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' }),
    );
    await page.getByRole('button', { name: `Remove “${first.title}” from watch later` }).click();
    await page.getByText('Something went wrong, please try again').waitFor();
    expect(await thumbs(page).count()).toBe(2);
    await page.unroute('**/api/input.php');

    const url = page.url();
    await page.getByRole('button', { name: `Remove “${second.title}” from watch later` }).click();
    await page.getByText('The video has been removed').waitFor();
    await expect.poll(() => thumbs(page).count()).toBe(1);
    await page.getByText('1 video', { exact: true }).waitFor();
    expect(page.url()).toBe(url);
    // The focus goes to the next remove button, and the keyboard removes the last video.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Remove “${first.title}” from watch later`);

    await page.reload();
    await waitForHydration(page);
    expect(await thumbs(page).locator('h2').allTextContents()).toEqual([first.title]);

    await removeButtons(page).first().focus();
    await page.keyboard.press('Enter');
    await page.getByText('This list is empty').waitFor();
    await page.getByText('0 videos', { exact: true }).waitFor();
    expect(page.url()).toBe(url);
    await page.reload();
    await waitForHydration(page);
    await page.getByText('This list is empty').waitFor();
    expect(await thumbs(page).count()).toBe(0);
    expect(errors.filter((e) => !/status of (4|503)/.test(e))).toEqual([]);
  });
});

describe('favourites tab', () => {
  it('gives the owner remove buttons and nobody else', async () => {
    await signedInMembers();
    const [video] = videos as [ListedVideo];
    const page = owner.page;
    await open(page, '/');
    expect(
      await input(page, { act: 'favourite', section: 'add', video_id: video.video_id }),
    ).toEqual({ success: 1 });
    const path = `/members/${owner.id}/favourite_videos/1/`;

    // Another member (and a visitor) sees the video, without the button, also in the HTML.
    await open(other.page, path);
    await other.page.locator('main').getByRole('link', { name: video.title }).first().waitFor();
    expect(await removeButtons(other.page).count()).toBe(0);
    expect(await serverHtml(other, path)).not.toContain('data-owner-remove');
    const visitorHtml = await (await fetch(`${baseUrl}${path}`)).text();
    expect(visitorHtml).toContain(video.title);
    expect(visitorHtml).not.toContain('data-owner-remove');

    expect(await serverHtml(owner, path)).toContain('data-owner-remove');
    await open(page, path);
    await page.getByRole('button', { name: `Remove “${video.title}” from favourites` }).click();
    await page.getByText('The video has been removed').waitFor();
    await page.getByText('Videos not found').waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.getByText('Videos not found').waitFor();
  });
});

describe('playlists', () => {
  it('lets the owner edit, empty and delete a playlist; others see no buttons', async () => {
    await signedInMembers();
    const page = owner.page;
    const errors = watchErrors(page);
    const [video] = videos as [ListedVideo];
    await open(page, '/');
    const title = `Owner list ${unique()}`;
    const created = await input(page, {
      act: 'playlist',
      section: 'new',
      title,
      desc: 'Kept for the owner tests',
      visible: '1',
      orientation: 'str',
      categories: '',
      video_id: video.video_id,
    });
    const playlistId = String(created.playlist_id);
    const tab = `/members/${owner.id}/playlists/1/`;

    await open(other.page, tab);
    await other.page.locator('main').getByText(title).waitFor();
    expect(await other.page.getByRole('button', { name: /playlist “/ }).count()).toBe(0);
    expect(await serverHtml(other, tab)).not.toContain('Edit playlist');
    const playlistHtml = await serverHtml(other, `/playlist/${playlistId}/1/`);
    expect(playlistHtml).toContain(video.title);
    expect(playlistHtml).not.toContain('data-owner-remove');
    expect(playlistHtml).not.toContain('Delete playlist');

    // Edit from the playlists tab: the form has the playlist's values; the card follows.
    await open(page, tab);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Edit playlist “${title}”` }).click();
    const form = page.getByRole('dialog').locator('form');
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    const renamed = `${title} renamed`;
    await form.getByLabel('Title').fill(renamed);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The playlist has been changed').waitFor();
    await page.locator('main').getByRole('heading', { name: renamed }).waitFor();
    expect(new URL(page.url()).pathname).toBe(tab);

    // Its page: the new title, and the owner takes the video out.
    await page.locator('main').getByRole('link', { name: renamed }).click();
    await page.waitForURL(`${baseUrl}/playlist/${playlistId}/1/`);
    await page.getByRole('heading', { level: 1, name: renamed }).waitFor();
    await page.getByText('1 video', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Remove “${video.title}” from this playlist` }).click();
    await page.getByText('The video has been removed').waitFor();
    await page.getByText('This list is empty').waitFor();
    await page.getByText('0 videos', { exact: true }).waitFor();

    // Delete asks first; Cancel keeps it.
    await page.getByRole('button', { name: `Delete playlist “${renamed}”` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`The playlist “${renamed}” will be deleted.`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete playlist “${renamed}”` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete playlist' }).click();
    await page.getByText('The playlist has been deleted').waitFor();
    await page.waitForURL(`${baseUrl}${tab}`);
    await page.getByText('Playlists not found').waitFor();
    expect(await page.locator('main').getByText(renamed).count()).toBe(0);
    expect((await fetchStatus(baseUrl, `/playlist/${playlistId}/1/`)).status).toBe(404);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
  });
});

describe('history tab', () => {
  it('shows the owner the videos they watched, and nobody else', async () => {
    await signedInMembers();
    const page = owner.page;
    const video = await playableVideo();
    const view = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/stat.php') &&
        new URLSearchParams(response.request().postData() ?? '').get('act') === 'view',
      { timeout: 60_000 },
    );
    await open(page, `/videos/${video.video_id}/${video.dir}/`);
    await page.getByTestId('player').getByRole('button', { name: 'Play' }).first().click();
    expect((await view).status()).toBe(200);

    // Views are written in batches: the history call lists it once its batch is written.
    const historyApi = `/api/json/videos2/0/str/history/60/history.${owner.id}.1.all...json`;
    await expect
      .poll(
        () =>
          page.evaluate(async (url) => {
            const res = await fetch(url, { credentials: 'same-origin' });
            const body = (await res.json()) as { videos?: { video_id: string }[] };
            return (body.videos ?? []).map((v) => v.video_id);
          }, historyApi),
        { timeout: 30_000 },
      )
      .toContain(video.video_id);

    const path = `/members/${owner.id}/history/1/`;
    await open(page, path);
    await page.locator('main').getByRole('link', { name: video.title }).first().waitFor();
    expect(await page.getByText('You have no permission to view this').count()).toBe(0);

    // The header's history screen is the same server history.
    await open(page, '/videos/history/1/');
    await page.locator('main').getByRole('link', { name: video.title }).first().waitFor();

    await open(other.page, path);
    await other.page.getByText('You have no permission to view this').waitFor();
    expect(await other.page.locator('main article').count()).toBe(0);
    const html = await serverHtml(other, path);
    expect(html).not.toContain(video.title);
  }, 300_000);

  it('keeps a visitor’s history in the browser, newest first, without repeats', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    const played = await playableVideo();
    const list = (await (
      await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/60/..1.all..all.json`)
    ).json()) as { videos: ListedVideo[] };
    const earlier = list.videos.find((v) => v.video_id !== played.video_id) as ListedVideo;
    const remembered = () =>
      page.evaluate(() =>
        (
          JSON.parse(localStorage.getItem('watch_history') ?? '[]') as {
            params: { video_id: number };
          }[]
        ).map((entry) => entry.params.video_id),
      );
    // Watched before: the earlier video, then (further back) the one about to be played.
    await open(page, '/');
    await page.evaluate(
      (ids) =>
        localStorage.setItem(
          'watch_history',
          JSON.stringify(ids.map((id) => ({ type: 'video', params: { video_id: id } }))),
        ),
      [Number(earlier.video_id), Number(played.video_id)],
    );
    await open(page, `/videos/${played.video_id}/${played.dir}/`);
    await page.getByTestId('player').getByRole('button', { name: 'Play' }).first().click();
    // Remembered a second after the video loads (SPEC.md §4), moved to the front, once.
    await expect.poll(remembered).toEqual([Number(played.video_id), Number(earlier.video_id)]);

    await open(page, '/videos/history/1/');
    await page.locator('main').getByRole('link', { name: played.title }).first().waitFor();
    const order = await page
      .locator('main article')
      .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
    expect(order).toHaveLength(2);
    expect(order[0]).toContain(played.title);
    expect(order[1]).toContain(earlier.title);
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();
  }, 300_000);
});
