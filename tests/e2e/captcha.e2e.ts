import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { solvedCaptchaAt } from '../support/captcha.ts';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';
import { mailTo } from './outbox.ts';
import {
  acknowledgeCookieNotice,
  openLoginModal,
  openPage,
  proveHuman,
  uniqueName,
} from './site.ts';

// The captcha in the Login modal (decision 0023): a member whose account had wrong
// passwords is asked to prove they are not a robot, ticks the box on a phone (touch) and on
// a desktop, the device solves the challenge, and the sign-in goes through.

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;
const member = { username: uniqueName('robotless'), password: 'owner-password' };

let prepared: Promise<void> | undefined;

/**
 * The member, made once (inside a test: the outbox is polled): signed up, confirmed, and
 * guessed at five times, so their account asks for a captcha for the rest of the hour,
 * whoever signs in.
 */
function memberAskingForCaptcha(): Promise<void> {
  prepared ??= (async () => {
    const email = `${member.username}@mail.test`;
    const signup = await fetch(`${baseUrl}/api/signup.php`, {
      method: 'POST',
      body: new URLSearchParams({
        username: member.username,
        email,
        pwd: member.password,
        captcha: await solvedCaptchaAt(baseUrl, 'signup'),
      }),
    });
    expect(signup.status).toBe(200);
    const link = new URL((await mailTo(dataDir, email, { subject: /Confirm/ })).link);
    await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    for (let i = 0; i < 5; i++) {
      await fetch(`${baseUrl}/api/login.php`, {
        method: 'POST',
        body: new URLSearchParams({ usr: member.username, pwd: `guess-${i}` }),
      });
    }
  })();
  return prepared;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** True when the middle of `target` is on screen and a tap there reaches it. */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (x < 0 || y < 0 || x > viewport.width || y > viewport.height) return false;
  return target.evaluate(
    (element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === element || element.contains(hit) || hit.contains(element));
    },
    { x, y },
  );
}

/** Serious accessibility failures inside the open dialog. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('dialog').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const SIZES = [
  { name: 'phone', viewport: VIEWPORTS.mobile, touch: true },
  { name: 'desktop', viewport: VIEWPORTS.desktop, touch: false },
] as const;

describe('captcha in the Login modal', () => {
  for (const size of SIZES) {
    it(`asks, solves on a ${size.touch ? 'tap' : 'click'} and signs in at ${size.viewport.width} px`, async () => {
      await memberAskingForCaptcha();
      const context = await browser.newContext({
        viewport: size.viewport,
        hasTouch: size.touch,
        isMobile: size.touch,
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/videos/latest-updates/1/`);
      await waitForHydration(page);
      const dialog = await openLoginModal(page);
      await dialog.getByLabel('Username').fill(member.username);
      await dialog.getByLabel('Password').fill(member.password);
      await dialog.getByRole('button', { name: 'Log in' }).click();

      // The server asks; the check shows in the form, with what to do.
      const check = dialog.getByRole('checkbox', { name: "I'm not a robot" });
      await check.waitFor();
      await dialog.getByText('Please confirm that you are not a robot').waitFor();
      expect(await check.isChecked()).toBe(false);
      // The check is what to do next: it has the focus, its message read with it.
      await expect.poll(() => check.evaluate((box) => box === document.activeElement)).toBe(true);
      expect(await check.getAttribute('aria-invalid')).toBe('true');
      expect(await seriousViolations(page)).toEqual([]);
      await check.scrollIntoViewIfNeeded();
      expect(await reachable(page, check)).toBe(true);
      const label = dialog.locator('label', {
        has: page.getByRole('checkbox', { name: "I'm not a robot" }),
      });
      expect((await label.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

      await page.screenshot({ path: `/tmp/captcha-${size.viewport.width}-asked.png` });

      if (size.touch) await check.tap();
      else await check.click();
      await dialog.getByText('Checked: you are not a robot').waitFor();
      expect(await check.isChecked()).toBe(true);
      expect(await dialog.getByText('Please confirm that you are not a robot').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/captcha-${size.viewport.width}-done.png` });

      const submit = dialog.getByRole('button', { name: 'Log in' });
      expect(await reachable(page, submit)).toBe(true);
      await submit.click();
      // The page loads again for the member.
      await page.getByRole('button', { name: new RegExp(member.username) }).waitFor();
      await waitForHydration(page);
      expect(errors.filter((e) => !e.includes('status of 4'))).toEqual([]);
      await context.close();
    });
  }
});

describe('captcha on the sign-up page', () => {
  it('is greyed out until its code has arrived, then a tick is taken and solved', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await acknowledgeCookieNotice(context);
    const page = await context.newPage();
    // The widget's chunk held back, as on a slow connection, until the test lets it go.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('captcha.solving')) {
        held = true;
        await released;
      }
      await route.fulfill({ response, body });
    });
    await openPage(page, '/signup/');
    const form = page.locator('main form');
    const check = form.getByRole('checkbox', { name: "I'm not a robot" });
    // The rest of the page is live; the check is there, but cannot be ticked in vain.
    await check.waitFor();
    await expect.poll(() => held).toBe(true);
    expect(await check.isDisabled()).toBe(true);
    release();
    await proveHuman(form);
    expect(await check.isChecked()).toBe(true);
    await context.close();
  });
});
