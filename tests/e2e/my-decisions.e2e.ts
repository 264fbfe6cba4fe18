import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
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

// The member's other moderation decisions in Debian's Chromium (DSA art. 20): a member's
// comment is taken down by a moderator; on their own profile, above their uploads, the member
// reads the decision (what, why, when) in "Moderation decisions", appeals it in the dialog
// (on screen, not covered) and the row says "Appeal sent", also after a reload; at a phone's
// size with touch and at a laptop's. Another member's view of the profile shows none of it.

type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

const PASSWORD = 'seeded-password1';
let site: RunningServer;
let browser: Browser;
let staff: StaffAccount;
const members = new Map<string, { userId: number; published: number }>();
const sessions = new Map<string, Session>();
const COMMENTS: Record<string, string> = {
  phonemember: 'Cheap watches at my shop, phone edition',
  laptopmember: 'Cheap watches at my shop, laptop edition',
};

beforeAll(async () => {
  const started = await startStaffSite({
    name: 'my-decisions',
    env: { DEMO_VIDEOS: '12', DEMO_PLAYABLE: '0' },
    staff: { decisionsmod: 'moderator' },
    prepare: async (dataDir) => {
      for (const username of Object.keys(COMMENTS)) {
        members.set(username, await seedModerationMember(dataDir, username, PASSWORD));
      }
    },
  });
  site = started.site;
  staff = started.accounts.get('decisionsmod') as StaffAccount;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A POST from the page, with its CSRF token, as the site's own forms send it. */
async function post(page: Page, url: string, fields: Record<string, string>) {
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

describe('the member’s moderation decisions', () => {
  it('each member comments and a moderator takes both comments down', {
    timeout: 120_000,
  }, async () => {
    // Each member comments (signed in at a laptop's size, where the header shows "Log in").
    const ids: number[] = [];
    for (const [username, text] of Object.entries(COMMENTS)) {
      const context = await browser.newContext(SHELL_SIZES.laptop);
      const page = await context.newPage();
      await signInByModal(site, page, username, PASSWORD);
      const answer = await post(page, '/api/stat.php', {
        act: 'comm',
        section: 'video',
        object_id: String(members.get(username)?.published),
        msg: text,
      });
      expect(answer.status).toBe(200);
      ids.push(Number(JSON.parse(answer.body).comment_id));
      sessions.set(username, await context.storageState());
      await context.close();
    }
    // The moderator takes both down, as the console does.
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    await signInByModal(site, page, 'decisionsmod', staff.password, staff.secret);
    for (const id of ids) {
      const res = await post(page, '/api/admin/takedowns', {
        object_type: 'comment',
        object_id: String(id),
        reason: 'spam',
        note: 'Advertising a shop',
      });
      expect(res.status).toBe(200);
    }
    await context.close();
  });

  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    const touch = 'hasTouch' in options;
    const username = touch ? 'phonemember' : 'laptopmember';
    const text = COMMENTS[username] ?? '';

    it(`shows a removed comment’s decision and takes its appeal at ${size} size`, {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext({
        ...options,
        storageState: sessions.get(username),
      });
      await acknowledgeCookieNotice(context, site.url);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const profile = `/members/${members.get(username)?.userId}/`;
      await openOn(site, page, profile);

      const section = page.getByRole('region', { name: 'Moderation decisions' });
      await section.waitFor();
      const row = section
        .locator('li')
        .filter({ has: page.getByRole('heading', { name: `“${text}”` }) });
      await row.getByText('Comment removed', { exact: true }).waitFor();
      await row.getByText('Reason: spam or advertising', { exact: true }).waitFor();
      await row.getByText('Note from the moderator: Advertising a shop').waitFor();
      await expectOnScreen(page, section.getByRole('heading', { name: 'Moderation decisions' }));
      // The member's uploads follow below, as before.
      await page.getByText('Black screen clip').first().waitFor();

      const appeal = row.getByRole('button', { name: 'Appeal' });
      await pressSeen(page, appeal, touch);
      const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
      await dialog.waitFor();
      await dialog.getByText(`“${text}”`).waitFor();
      const field = dialog.getByLabel('Why is this decision wrong?');
      const send = dialog.getByRole('button', { name: 'Send appeal' });
      await expectOnScreen(page, field);
      await expectOnScreen(page, send);
      await field.fill('It was a joke between regulars, not an advert.');
      await pressSeen(page, send, touch);
      await dialog.waitFor({ state: 'detached' });

      await row.getByText('Appeal sent: another moderator will look at it').waitFor();
      expect(await row.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
      await expectOnScreen(page, row.getByText('Appeal sent: another moderator will look at it'));

      // The site has it so: read again, the appeal is open and cannot be sent twice.
      await page.reload();
      await waitForHydration(page);
      const again = page
        .getByRole('region', { name: 'Moderation decisions' })
        .locator('li')
        .filter({ has: page.getByRole('heading', { name: `“${text}”` }) });
      await again.getByText('Appeal sent: another moderator will look at it').waitFor();
      expect(await again.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('shows nothing of it to another member visiting the profile', async () => {
    const context = await browser.newContext({
      ...SHELL_SIZES.laptop,
      storageState: sessions.get('phonemember'),
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openOn(site, page, `/members/${members.get('laptopmember')?.userId}/`);
    expect(await page.getByRole('region', { name: 'Moderation decisions' }).count()).toBe(0);
    expect(await page.getByText(COMMENTS.laptopmember ?? '').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
