import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { expectOnScreen, press, SHELL_SIZES } from './on-screen.ts';
import type { RunningServer } from './server.ts';
import {
  openOn,
  pressSeen,
  type StaffAccount,
  seedModerationMember,
  signInByModal,
  startStaffSite,
} from './staff.ts';

// The UK age check decided by a moderator (issue 17, decision 0054), the way it happens: a
// member in the UK sends a photo from their phone by touch and sees "waiting for review",
// the page still holding its content back; a moderator (made by the real CLI, signed in with
// a TOTP code) sees the photo in the console's age-check queue on a laptop and approves it by
// keyboard; the member's gate opens by itself, and the photo file is gone from the disk.
// Another member's photo is rejected: their gate says so by itself and asks for another.

const COUNTRY_HEADER = 'x-test-country';
const PASSWORD = 'seeded-password1';
const MEMBER = 'ukphotomember';
const REJECTED = 'ukrejectedmember';
let site: RunningServer;
let browser: Browser;
let staff: StaffAccount;
let secondStaff: StaffAccount;

beforeAll(async () => {
  const started = await startStaffSite({
    name: 'age',
    env: { COUNTRY_HEADER, DEMO_VIDEOS: '30', DEMO_PLAYABLE: '0' },
    // One moderator a test: a TOTP code is taken once, and both sign in within its 30 s.
    staff: { agemod: 'moderator', agemod2: 'moderator' },
    prepare: async (dataDir) => {
      await seedModerationMember(dataDir, MEMBER, PASSWORD);
      await seedModerationMember(dataDir, REJECTED, PASSWORD);
    },
  });
  site = started.site;
  staff = started.accounts.get('agemod') as StaffAccount;
  secondStaff = started.accounts.get('agemod2') as StaffAccount;
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const evidenceDir = () => path.join(site.dataDir, 'private', 'age-checks');
const photosOnDisk = async () => (await readdir(evidenceDir()).catch(() => [])).length;

describe('UK age check reviewed by a moderator', () => {
  it('holds the member at “waiting for review” until a moderator approves, then opens; the photo is deleted', async () => {
    // The member, on a phone in the UK.
    const phone = await browser.newContext({
      ...SHELL_SIZES.phone,
      extraHTTPHeaders: { [COUNTRY_HEADER]: 'gb' },
    });
    const member = await phone.newPage();
    const memberErrors = watchErrors(member);
    await openOn(site, member, '/signin/');
    const form = member.locator('main form');
    await form.getByLabel('Username').fill(MEMBER);
    await form.getByLabel('Password').fill(PASSWORD);
    await press(form.getByRole('button', { name: 'Log in' }), true);
    await member.waitForURL(`${site.url}/`);
    await waitForHydration(member);
    const gate = member.getByRole('dialog', { name: 'Age verification required' });
    await gate.waitFor();
    const videoLinks = member.locator('main a[href^="/videos/"]');
    expect(await videoLinks.count()).toBe(0);

    const photo = await sharp({
      create: {
        width: 900,
        height: 1200,
        channels: 3,
        background: '#a07050',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    await gate
      .getByLabel('Your photo')
      .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pressSeen(member, gate.getByRole('button', { name: 'Verify my age' }), true);
    const waiting = gate
      .getByRole('status')
      .filter({ hasText: 'Your photo is waiting for review' });
    await waiting.waitFor();
    await expectOnScreen(member, waiting);
    expect(await photosOnDisk()).toBe(1);

    // Pending opens nothing: a new page load still comes gated and empty, and says so.
    const cookies = (await phone.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const html = await (
      await fetch(`${site.url}/videos/most-popular/1/`, {
        headers: { [COUNTRY_HEADER]: 'gb', cookie: cookies },
      })
    ).text();
    expect(html).toContain('data-age-gate="uk"');
    expect(html).not.toMatch(/href="\/videos\/\d+\//);
    await openOn(site, member, '/');
    await waiting.waitFor();
    expect(await videoLinks.count()).toBe(0);

    // The moderator, on a laptop (from a country without a gate), by keyboard.
    const laptop = await browser.newContext({
      ...SHELL_SIZES.laptop,
      extraHTTPHeaders: { [COUNTRY_HEADER]: 'ch' },
    });
    const moderator = await laptop.newPage();
    // The password step answers 400 second_factor_required: watched from the console on.
    await signInByModal(site, moderator, 'agemod', staff.password, staff.secret);
    const moderatorErrors = watchErrors(moderator);
    await openOn(site, moderator, '/admin/review/');
    const nav = moderator.getByRole('navigation', { name: 'Console' });
    const navLink = nav.getByRole('link', { name: /Age checks/ });
    await expect.poll(() => navLink.textContent()).toContain('1');
    await navLink.click();
    await moderator.getByRole('heading', { name: /Age checks/ }).waitFor();
    const picture = moderator.getByRole('img', { name: `Sent by ${MEMBER} for the age check` });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectOnScreen(moderator, picture);
    const photoUrl = new URL((await picture.getAttribute('src')) ?? '', site.url).href;
    const served = await moderator.request.get(photoUrl);
    expect(served.status()).toBe(200);
    expect(served.headers()['cache-control']).toContain('no-store');
    // The member's own session cannot open it.
    expect((await member.request.get(photoUrl)).status()).toBe(403);

    await expectOnScreen(moderator, moderator.getByRole('button', { name: /Approve/ }));
    await moderator.keyboard.press('a');
    await moderator.getByText(`Approved: ${MEMBER} is verified 18+`).waitFor();
    await moderator.getByText('No photo waiting').waitFor();

    // Decided: the file is gone at once and its address answers nothing.
    expect(await photosOnDisk()).toBe(0);
    expect((await moderator.request.get(photoUrl)).status()).toBe(404);

    // The member's gate opens by itself and the content loads.
    await gate.waitFor({ state: 'detached', timeout: 20_000 });
    await videoLinks.first().waitFor();
    await expectOnScreen(member, videoLinks.first());
    await openOn(site, member, '/videos/most-popular/1/');
    expect(await member.locator('[data-age-gate]').count()).toBe(0);
    expect(memberErrors.filter((e) => !e.includes('403'))).toEqual([]);
    expect(moderatorErrors).toEqual([]);
    await phone.close();
    await laptop.close();
  }, 120_000);

  it('tells the member by itself when a moderator rejects the photo, and takes another', async () => {
    const phone = await browser.newContext({
      ...SHELL_SIZES.phone,
      extraHTTPHeaders: { [COUNTRY_HEADER]: 'gb' },
    });
    const member = await phone.newPage();
    const memberErrors = watchErrors(member);
    await openOn(site, member, '/signin/');
    const form = member.locator('main form');
    await form.getByLabel('Username').fill(REJECTED);
    await form.getByLabel('Password').fill(PASSWORD);
    await press(form.getByRole('button', { name: 'Log in' }), true);
    await member.waitForURL(`${site.url}/`);
    await waitForHydration(member);
    const gate = member.getByRole('dialog', { name: 'Age verification required' });
    await gate.waitFor();
    const photo = await sharp({
      create: {
        width: 900,
        height: 1200,
        channels: 3,
        background: '#604030',
        noise: { type: 'gaussian', mean: 110, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    await gate
      .getByLabel('Your photo')
      .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: photo });
    await pressSeen(member, gate.getByRole('button', { name: 'Verify my age' }), true);
    await gate
      .getByRole('status')
      .filter({ hasText: 'Your photo is waiting for review' })
      .waitFor();

    const laptop = await browser.newContext({
      ...SHELL_SIZES.laptop,
      extraHTTPHeaders: { [COUNTRY_HEADER]: 'ch' },
    });
    const moderator = await laptop.newPage();
    await signInByModal(site, moderator, 'agemod2', secondStaff.password, secondStaff.secret);
    const moderatorErrors = watchErrors(moderator);
    await openOn(site, moderator, '/admin/review/');
    await moderator
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: /Age checks/ })
      .click();
    await moderator.getByRole('img', { name: `Sent by ${REJECTED} for the age check` }).waitFor();
    await pressSeen(moderator, moderator.getByRole('button', { name: /Reject/ }), false);
    await moderator.getByText(`Rejected: ${REJECTED} may send another photo`).waitFor();
    expect(await photosOnDisk()).toBe(0);

    // The member's gate learns it by itself (it asks every few seconds): the failure is said
    // on screen, the content stays held back, and the form takes another photo.
    const failed = gate.getByText(
      'Your last photo did not pass the check and has been deleted. Please send another clear photo of your face.',
    );
    await failed.waitFor({ timeout: 20_000 });
    await expectOnScreen(member, failed);
    expect(await member.locator('main a[href^="/videos/"]').count()).toBe(0);
    await expectOnScreen(member, gate.getByRole('button', { name: 'Verify my age' }));
    expect(memberErrors.filter((e) => !e.includes('403'))).toEqual([]);
    expect(moderatorErrors).toEqual([]);
    await phone.close();
    await laptop.close();
  }, 120_000);
});
