import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import { type RunningServer, startServer } from './server.ts';
import { acknowledgeCookieNotice } from './site.ts';
import { tempDir } from './temp-dirs.ts';

// The member's side of moderation in Debian's Chromium (issue 16, decision 0045): members
// whose uploads wait for review or were rejected (seeded by seed-moderation.ts on the stopped
// site's data directory) see each state on their uploaded-videos tab with the reason in their
// language, appeal the rejection in a dialog that is on screen and not covered, and see it go
// back to review; at a phone's size with touch and at a laptop's. Others see the published
// video only.

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'seeded-password1';
let dataDir: string;
let site: RunningServer;
let browser: Browser;

interface Seeded {
  userId: number;
  published: number;
  waiting: number;
  rejected: number;
}
const members = new Map<string, Seeded>();

async function seed(username: string, lang: string) {
  const { stdout } = await promisify(execFile)(
    path.join(ROOT, 'node_modules/.bin/node'),
    ['tests/e2e/seed-moderation.ts', dataDir, username, PASSWORD, lang],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' } },
  );
  members.set(username, JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Seeded);
}

beforeAll(async () => {
  dataDir = await tempDir('uploads');
  const env = { DATA_DIR: dataDir, DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0' };
  // The first start seeds the demo catalogue; the members are added with the site stopped.
  await (await startServer(env)).stop();
  await seed('phoneuploader', 'en');
  await seed('laptopuploader', 'en');
  await seed('deutschuploader', 'de');
  site = await startServer(env);
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function signIn(page: Page, username: string, lang = 'en') {
  // The cookie notice would cover the bottom of a phone's screen until a person answers it.
  await acknowledgeCookieNotice(page.context(), site.url);
  await page.goto(`${site.url}/signin/`);
  await waitForHydration(page);
  const form = page.locator('main form');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site.url}/`);
  const back = `/members/${members.get(username)?.userId}/`;
  // The language picker's address: the choice is kept in a cookie, as a person's would be.
  await page.goto(`${site.url}/language/?lang=${lang}&back=${encodeURIComponent(back)}`);
  await page.waitForURL(`${site.url}${back}`);
  await waitForHydration(page);
}

const card = (page: Page, title: string) =>
  page.locator('main li').filter({ has: page.getByRole('heading', { name: title }) });

describe('the member’s uploaded videos', () => {
  for (const [size, options] of Object.entries(SHELL_SIZES)) {
    const touch = 'hasTouch' in options;
    const username = touch ? 'phoneuploader' : 'laptopuploader';

    it(`shows each state, the reason, and takes an appeal at ${size} size`, {
      timeout: 90_000,
    }, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signIn(page, username);

      const rejected = card(page, 'Black screen clip');
      const waiting = card(page, 'Evening walk by the sea');
      await rejected.getByText('Rejected', { exact: true }).waitFor();
      await waiting.getByText('In review', { exact: true }).waitFor();
      expect(await page.locator('main li').getByText('Published', { exact: true }).count()).toBe(1);
      await rejected
        .getByText('Reason: the video is broken, unwatchable or misleading', { exact: true })
        .waitFor();
      await rejected
        .getByText('Note from the moderator: The picture is black for most of the video.')
        .waitFor();
      await page.screenshot({ path: `/tmp/my-uploads-${size}-tab.png`, fullPage: true });

      const appeal = rejected.getByRole('button', { name: 'Appeal' });
      await expectOnScreen(page, appeal);
      await press(appeal, touch);
      const dialog = page.getByRole('dialog', { name: 'Appeal this decision' });
      await dialog.waitFor();
      const text = dialog.getByLabel('Why should this video be published?');
      const send = dialog.getByRole('button', { name: 'Send appeal' });
      await expectOnScreen(page, text);
      await expectOnScreen(page, send);
      await dialog.getByText('Black screen clip').waitFor();
      await page.screenshot({ path: `/tmp/my-uploads-${size}-dialog.png` });

      // Nothing written: refused in the dialog, nothing sent.
      await press(send, touch);
      await dialog.getByText('This field is required').waitFor();
      await text.fill('It is a night scene: the picture is dark on purpose, not broken.');
      await press(send, touch);

      await page.getByText('Appeal sent: another moderator will look at it').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await rejected.getByText('In review', { exact: true }).waitFor();
      expect(await rejected.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
      // The site has it so: read again, it stays in review with the appeal open.
      await page.reload();
      await waitForHydration(page);
      await card(page, 'Black screen clip').getByText('In review', { exact: true }).waitFor();
      await card(page, 'Black screen clip')
        .getByText('Appeal sent: another moderator will look at it')
        .waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('reads the reason in the member’s language', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, 'deutschuploader', 'de');
    const rejected = card(page, 'Black screen clip');
    await rejected.getByText('Abgelehnt', { exact: true }).waitFor();
    await card(page, 'Evening walk by the sea').getByText('In Prüfung', { exact: true }).waitFor();
    await rejected
      .getByText('Grund: das Video ist defekt, nicht anschaubar oder irreführend', { exact: true })
      .waitFor();
    await press(rejected.getByRole('button', { name: 'Einspruch' }), false);
    await page.getByRole('dialog', { name: 'Einspruch gegen diese Entscheidung' }).waitFor();
    await page.screenshot({ path: '/tmp/my-uploads-de-dialog.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows others the published video only', { timeout: 60_000 }, async () => {
    const seeded = members.get('laptopuploader') as Seeded;
    const page = await browser.newPage();
    await page.goto(`${site.url}/members/${seeded.userId}/`);
    await waitForHydration(page);
    await page.locator(`main a[href^="/videos/${seeded.published}/"]`).first().waitFor();
    expect(await page.locator(`main a[href^="/videos/${seeded.rejected}/"]`).count()).toBe(0);
    expect(await page.locator(`main a[href^="/videos/${seeded.waiting}/"]`).count()).toBe(0);
    expect(await page.getByText('Rejected', { exact: true }).count()).toBe(0);
    await page.close();
  });
});
