import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../src/media/exec.ts';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import { openOn, type StaffAccount, signInByModal, startStaffSite } from './staff.ts';
import { tempDir } from './temp-dirs.ts';

// Re-uploads caught by their fingerprint (issue 17, decision 0056) in Debian's Chromium: a
// clip's original was taken down for copyright (seed-fingerprint.ts, on the stopped site);
// a member uploads a rescaled copy of it through the upload form, the real pipeline refuses
// it, and their uploads tab says so with the reason, at a phone's size and a laptop's. A
// moderator sees a near match side by side with the video it is like.

const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'seeded-password1';
const MEMBER = 'reuploader';
let dir: string;
let site: RunningServer;
let browser: Browser;
let accounts: Map<string, StaffAccount>;
let copy: Buffer;
let seeded: { userId: number; original: number; waiting: number; alike: number };

/**
 * A clip of 6.5 minutes (an exclusive's least): coarse cells living at 1 fps, the same every
 * run (each run's site is new, so nothing it could match is left from the last).
 */
async function makeOriginal(file: string) {
  await runFfmpeg(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `cellauto=s=32x18:r=1:rule=30:seed=48271:start_full=1`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=500:sample_rate=8000'],
      ...['-vf', 'scale=128:72:flags=neighbor', '-t', '390', '-g', '30'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '16k', '-shortest', file],
    ],
    { timeoutMs: 60_000 },
  );
}

beforeAll(async () => {
  dir = await tempDir('reupload');
  const original = path.join(dir, 'original.mp4');
  await makeOriginal(original);
  // The copy: rescaled and re-encoded, so not one byte is the same.
  const copyFile = path.join(dir, 'copy.mp4');
  await runFfmpeg(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', original],
      ...['-vf', 'scale=160:90', '-c:v', 'libx264', '-crf', '30', '-preset', 'veryfast'],
      ...['-c:a', 'copy', copyFile],
    ],
    { timeoutMs: 60_000 },
  );
  copy = await readFile(copyFile);
  ({ site, accounts } = await startStaffSite({
    name: 'reupload',
    env: { DEMO_VIDEOS: '20', DEMO_PLAYABLE: '0' },
    staff: { fpmod: 'moderator' },
    prepare: async (dataDir) => {
      const { stdout } = await promisify(execFile)(
        path.join(ROOT, 'node_modules/.bin/node'),
        ['tests/e2e/seed-fingerprint.ts', dataDir, MEMBER, PASSWORD, original],
        { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'warn' } },
      );
      seeded = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    },
  }));
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('a re-upload of a taken-down video', () => {
  it('is refused, and the member’s uploads tab says why', { timeout: 300_000 }, async () => {
    const context = await browser.newContext(SHELL_SIZES.laptop);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInByModal(site, page, MEMBER, PASSWORD);
    await openOn(site, page, '/upload-video/');
    const name = `holiday${Date.now()}.mp4`;
    await page
      .getByLabel('Choose a file')
      .setInputFiles({ name, mimeType: 'video/mp4', buffer: copy });
    await page.getByText('Upload complete.').waitFor({ timeout: 60_000 });
    await page.getByRole('radio', { name: 'Frame 2' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Title').fill('My holiday film');
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox').first().check();
    await page.getByLabel('Exclusive to this site').check();
    await page.getByRole('radio', { name: 'Frame 2' }).check();
    // The upload's declarations (decision 0055): none of the forbidden content, no real people.
    await page
      .getByRole('group', { name: 'Forbidden content' })
      .getByRole('checkbox', { name: /I confirm that this video shows none/ })
      .check();
    await page.getByRole('radio', { name: 'This video is exempt' }).check();
    await page.getByLabel('Why it is exempt').selectOption('no_real_people');
    await page.getByRole('button', { name: 'Publish video' }).click();
    await page.waitForURL(/\/upload-video\/\?video=\d+$/);
    const videoId = Number(new URL(page.url()).searchParams.get('video'));

    // The pipeline fingerprints it, finds the taken-down original and stops.
    await page
      .getByRole('heading', { name: 'Your video could not be processed' })
      .waitFor({ timeout: 200_000 });
    await page.getByText('This video matches one taken down from the site').first().waitFor();

    // It never went public: nothing of it was encoded, and no list shows it to a visitor.
    const status = await context.request.get(
      `${site.url}/api/video_status.php?video_id=${videoId}`,
      { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
    );
    expect(await status.json()).toMatchObject({ failure: 'video_reupload_blocked', tasks: [] });
    const latest = await (await fetch(`${site.url}/latest-updates/`)).text();
    expect(latest).not.toContain('My holiday film');
    expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
    await context.close();

    for (const size of ['phone', 'laptop'] as const) {
      const seen = await browser.newContext(SHELL_SIZES[size]);
      const tab = await seen.newPage();
      const tabErrors = watchErrors(tab);
      await signInByModal(site, tab, MEMBER, PASSWORD);
      await openOn(site, tab, `/members/${seeded.userId}/`);
      const item = tab
        .locator('main li')
        .filter({ has: tab.getByRole('heading', { name: 'My holiday film' }) });
      const badge = item.getByText('Refused', { exact: true });
      await badge.waitFor();
      const why = item.getByText('This video matches one taken down from the site.');
      await why.scrollIntoViewIfNeeded();
      await expectOnScreen(tab, why);
      const reason = item.getByText('Reason: the video infringes someone’s copyright');
      await expectOnScreen(tab, reason);
      await expectOnScreen(tab, badge);
      expect(await item.getByRole('link', { name: 'Watch' }).count()).toBe(0);
      expect(tabErrors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      await seen.close();
    }
  });
});

describe('a near match in the review queue', () => {
  // Signed in once (a second factor's code is taken once), by the first test that needs it.
  let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  async function moderatorState() {
    if (signedIn) return signedIn;
    const account = accounts.get('fpmod');
    if (!account) throw new Error('no moderator');
    const context = await browser.newContext(SHELL_SIZES.laptop);
    await signInByModal(site, await context.newPage(), 'fpmod', account.password, account.secret);
    signedIn = await context.storageState();
    await context.close();
    return signedIn;
  }

  for (const size of ['phone', 'laptop'] as const) {
    it(`shows the upload and the video it is like side by side (${size})`, {
      timeout: 120_000,
    }, async () => {
      const context = await browser.newContext({
        ...SHELL_SIZES[size],
        storageState: await moderatorState(),
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await openOn(site, page, `/admin/review/${seeded.waiting}/`);
      await waitForHydration(page);
      const box = page.getByRole('region', { name: 'Looks like another video' });
      await box.scrollIntoViewIfNeeded();
      await expectOnScreen(page, box.getByText('52% alike'));
      const mine = box.getByRole('img', { name: 'This upload' });
      const theirs = box.getByRole('img', { name: /^Match: / });
      await expectOnScreen(page, mine);
      await expectOnScreen(page, theirs);
      // Side by side: one row, each half the box.
      const [a, b] = [await mine.boundingBox(), await theirs.boundingBox()];
      expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
      expect(a?.x ?? 0).toBeLessThan(b?.x ?? 0);
      for (const img of [mine, theirs]) {
        await expect
          .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth))
          .toBeGreaterThan(0);
      }
      await expectOnScreen(page, box.getByRole('link', { name: new RegExp(`#${seeded.alike} `) }));
      expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      await context.close();
    });
  }
});
