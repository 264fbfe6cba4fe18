import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { mailTo } from './outbox.ts';
import { openPage, proveHuman, submitSignIn, uniqueName } from './site.ts';

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

const unique = () => uniqueName('e2e');
const open = openPage;
const signIn = submitSignIn;

/** A path of this site from a mailed absolute link. */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** A playable demo video's page path (any listed video will do for lists and comments). */
async function someVideoPath(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/videos/most-popular/1/`)).text();
  const match = /href="(\/videos\/\d+\/[a-z0-9-]+\/)"/.exec(html);
  if (!match?.[1]) throw new Error('no video link on the listing');
  return match[1];
}

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
    await proveHuman(form);
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
    await proveHuman(form);
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

  it('lets a new member add to lists, comment, subscribe, befriend and message, then sign out', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    const username = unique();
    const email = `${username}@mail.test`;
    await open(page, '/signup/');
    const signup = page.locator('main form');
    await signup.getByLabel('Username').fill(username);
    await signup.getByLabel('Email').fill(email);
    await signup.getByLabel('Password').fill('member-pass');
    await proveHuman(signup);
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`We sent a confirmation link to ${email}`).waitFor();
    await open(page, pathOf((await mailTo(dataDir, email)).link));
    await signIn(page, username, 'member-pass');
    await page.waitForURL(`${baseUrl}/`);

    const videoPath = await someVideoPath();
    await open(page, videoPath);
    const addTo = async (choice: string | RegExp) => {
      await page.getByRole('button', { name: 'Add to' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: choice }).click();
    };
    await addTo('Favourites');
    await page.getByText(/^Added to favourites: /).waitFor();
    await addTo('Watch later');
    await page.getByText(/^Added to watch later: /).waitFor();
    await addTo('Favourites');
    await page.getByText('This video is already in your favourites').waitFor();

    // A refusal keeps the dialog open for another pick.
    await page.getByRole('dialog').getByRole('button', { name: 'New playlist' }).click();
    const form = page.getByRole('dialog').locator('form');
    await form.getByLabel('Title').fill('My evening list');
    await form.getByLabel('Description').fill('Videos for a quiet evening');
    await form.getByRole('button', { name: 'Create playlist' }).click();
    await page.getByText('Playlist “My evening list” created with this video in it').waitFor();
    // SPEC.md §4: then the member's playlists page opens, with the new playlist on it.
    await page.waitForURL(/\/members\/\d+\/playlists\/1\/$/);
    await page.locator('main').getByText('My evening list').waitFor();

    // The lists hold the video, on the server, for this member only.
    const id = Number(/^\/videos\/(\d+)\//.exec(videoPath)?.[1]);
    const member = await memberId(page);
    const listed = await page.evaluate(async (url) => {
      const res = await fetch(url, { credentials: 'same-origin' });
      return ((await res.json()) as { videos: { video_id: string }[] }).videos.map(
        (v) => v.video_id,
      );
    }, `/api/json/videos2/0/str/latest-updates/60/watch-later.${member}.1.all..all.json`);
    expect(listed).toEqual([String(id)]);

    await open(page, videoPath);
    // The comments load as the visitor scrolls down to them (issue 18).
    await page.locator('#comments-heading').scrollIntoViewIfNeeded();
    const comment = page.getByLabel('Your comment');
    await comment.fill('Nice');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.getByText('Must be at least 5 characters long').waitFor();
    await comment.fill('Lovely colours in this one');
    await page.getByRole('button', { name: 'Post' }).click();
    await page.locator('main').getByText('Lovely colours in this one').waitFor();
    await expect.poll(() => comment.inputValue()).toBe('');

    // Subscribe to the video's channel or model from its page.
    const profile = page.locator('main a[href^="/channel/"], main a[href^="/model/"]').first();
    await open(page, (await profile.getAttribute('href')) ?? '/');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await page.getByText(/^Subscribed to /).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();
    // Loaded again, the button knows the subscription.
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).waitFor();

    // Another member (the demo account): ask for friendship and write to them.
    const demo = await memberIdByName('demo');
    await open(page, `/members/${demo}/`);
    await page.getByRole('button', { name: 'Add friend' }).click();
    await page.getByText('Request sent').waitFor();
    await page.getByRole('button', { name: 'Cancel friend request' }).waitFor();
    await page.getByRole('link', { name: 'Send message' }).click();
    await page.waitForURL(`${baseUrl}/messages/${demo}/`);
    await page.getByLabel('Message to demo').fill('Hello from the walk');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Message sent').waitFor();
    await page
      .getByRole('list', { name: 'Conversation with demo' })
      .getByText('Hello from the walk')
      .waitFor();

    // Sign out: the member header is gone.
    await page.getByRole('button', { name: new RegExp(username) }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await page.close();

    // The other member sees the message and the request, reads one and accepts the other.
    const other = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const otherErrors = watchErrors(other);
    await signIn(other, 'demo', 'demo-password');
    await other.waitForURL(`${baseUrl}/`);
    await waitForHydration(other);
    await other.getByRole('link', { name: /^Messages: \d+ unread$/ }).click();
    await other.waitForURL(`${baseUrl}/messages/`);
    await other.getByRole('link', { name: new RegExp(username) }).click();
    await other.getByText('Hello from the walk').waitFor();
    await other.getByRole('link', { name: 'Messages', exact: true }).waitFor();
    await open(other, `/members/${demo}/friends/1/`);
    await other.getByRole('button', { name: `Accept the friend request of ${username}` }).click();
    await other.getByText(`You and ${username} are now friends`).waitFor();
    await other
      .locator('main')
      .getByRole('link', { name: new RegExp(username) })
      .first()
      .waitFor();
    expect(otherErrors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await other.close();
  }, 120_000);
});

/** A member's id by username, through the members search. */
async function memberIdByName(username: string): Promise<number> {
  const res = await fetch(
    `${baseUrl}/api/json/members/0/all/filt......./latest/96/1.json?q=${username}`,
  );
  const members = ((await res.json()) as { members: { user_id: string; username: string }[] })
    .members;
  const found = members.find((m) => m.username === username);
  if (!found) throw new Error(`no member ${username}`);
  return Number(found.user_id);
}

/** The signed-in member's id, from the user menu's links. */
async function memberId(page: Page): Promise<number | undefined> {
  await page.getByRole('button', { name: /e2e/ }).click();
  const href = await page.getByRole('link', { name: 'Favourite videos' }).getAttribute('href');
  await page.keyboard.press('Escape');
  const id = /\/members\/(\d+)\//.exec(href ?? '')?.[1];
  return id ? Number(id) : undefined;
}
