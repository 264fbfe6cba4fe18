import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { seen } from './on-screen.ts';
import { proveHuman } from './site.ts';

// The ContactUs modal (SPEC.md §2 Modals, §5 Contact form, §8 "contact message sent"): from
// the footer on a phone (touch) and a laptop screen, walked with the captcha and a picture;
// from a support page with the subject set; and from a video's Report button with the
// video filled in. What it sends lands in the operator's mail (the site's outbox).

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
let browser: Browser;

const SIZES = [
  { name: 'phone', viewport: { width: 375, height: 812 }, touch: true },
  { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false },
] as const;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function newPage(size: (typeof SIZES)[number]): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    viewport: size.viewport,
    hasTouch: size.touch,
    isMobile: size.touch,
  });
  return [context, await context.newPage()];
}

async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(`${baseUrl}${pathname}`);
  await waitForHydration(page);
}

async function press(target: Locator, touch: boolean): Promise<void> {
  // On screen, and a tap at its middle reaches it (off screen, nothing is hit there).
  expect((await seen(target)).uncovered).toBe(true);
  if (touch) await target.tap();
  else await target.click();
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include('dialog').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The site's contact address, as the support page shows it. */
async function contactAddress(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/information/support/`)).text();
  const match = /mailto:([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no contact address on the support page');
  return match[1];
}

/** The newest mail to the operator with this subject and text (waits for it). */
async function operatorMail(subject: RegExp, text: string): Promise<ParsedMail> {
  const to = await contactAddress();
  const dir = path.join(dataDir, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const name of names) {
          const mail = await simpleParser(await readFile(path.join(dir, name)));
          const rcpt = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (rcpt.includes(to) && subject.test(mail.subject ?? '') && mail.text?.includes(text)) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBe(true);
  if (!found) throw new Error('no mail');
  return found;
}

/** A screenshot-like picture with a camera's EXIF, as a person would attach it. */
async function screenshotFile(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width: 800, height: 500, channels: 3, background: '#2a6f97' },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' } })
    .toBuffer();
  return { name: 'screenshot.jpg', mimeType: 'image/jpeg', buffer };
}

describe('the contact form', () => {
  for (const size of SIZES) {
    it(`sends a message with a picture from the footer at ${size.viewport.width}x${size.viewport.height}`, async () => {
      const [context, page] = await newPage(size);
      const errors = watchErrors(page);
      await open(page, '/videos/latest-updates/1/');
      const opener = page.locator('footer').getByRole('button', { name: 'Contact us' });
      await press(opener, size.touch);

      const dialog = page.getByRole('dialog', { name: 'Contact us' });
      await dialog.waitFor();
      // The dialog fits the screen; its form scrolls inside it.
      const box = await dialog.boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.viewport.width);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(size.viewport.height);
      // Focus is in the dialog, and the page behind is out of reach.
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/contact-${size.viewport.width}-open.png` });

      // The rules before any call: what is required, and the robot check.
      const send = dialog.getByRole('button', { name: 'Send' });
      await press(send, size.touch);
      await dialog.getByText('This field is required').first().waitFor();
      expect(await dialog.getByText('This field is required').count()).toBe(2);
      await dialog.getByText('Please confirm that you are not a robot').waitFor();
      // The first field in error has the focus, its message read with it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
        .toBe('email');

      await dialog.getByLabel('Subject').selectOption('technical');
      await dialog.getByLabel('Your email').fill(`visitor-${size.name}@mail.test`);
      const message = `The player stalls at 0:42 on my ${size.name}.\nIt happens on every video.`;
      await dialog.getByLabel('Message').fill(message);
      await dialog.getByText(`${message.length} / 1500 characters`).waitFor();
      // A field typed in again no longer shows its old error.
      expect(await dialog.getByText('This field is required').count()).toBe(0);
      await dialog.getByLabel('Picture (optional)').setInputFiles(await screenshotFile());
      await dialog.getByRole('checkbox', { name: "I'm not a robot" }).scrollIntoViewIfNeeded();
      await proveHuman(dialog, { tap: size.touch });
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/contact-${size.viewport.width}-filled.png` });

      await press(send, size.touch);
      await page.getByText('Your message has been sent').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.screenshot({ path: `/tmp/contact-${size.viewport.width}-sent.png` });

      const mail = await operatorMail(/^\[Afterglow\] Technical problem \(report #\d+\)$/, message);
      expect(mail.text).toContain(`From: visitor-${size.name}@mail.test`);
      expect(mail.text).toContain('Sent from: ');
      expect(mail.text).toContain('/videos/latest-updates/1/');
      expect(mail.attachments[0]?.contentType).toBe('image/webp');
      expect(mail.attachments[0]?.content.includes('PhoneCam')).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('is reached by keyboard alone, keeps the focus inside and gives it back on Escape', async () => {
    const [context, page] = await newPage(SIZES[1]);
    await open(page, '/information/support/');
    const opener = page.getByRole('button', { name: 'Contact support' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.waitFor();
    // The support page's entry chose the subject.
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('support');
    // Tabbing goes round the dialog's controls, never to the page behind.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await dialog.evaluate(
        (d) => d.contains(document.activeElement) || document.activeElement === document.body,
      );
      expect(inside, `tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => opener.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await context.close();
  });
});

describe('Report on a video page', () => {
  it('opens the form about that video and sends it', async () => {
    const html = await (await fetch(`${baseUrl}/videos/most-popular/1/`)).text();
    const match = /href="(\/videos\/(\d+)\/[a-z0-9-]+\/)"/.exec(html);
    if (!match?.[1] || !match[2]) throw new Error('no video link on the listing');
    const [videoPath, videoId] = [match[1], match[2]];

    for (const size of SIZES) {
      const [context, page] = await newPage(size);
      const errors = watchErrors(page);
      await open(page, videoPath);
      const title = (await page.locator('h1').textContent()) ?? '';
      const report = page.getByRole('button', { name: 'Report', exact: true });
      await press(report, size.touch);

      const dialog = page.getByRole('dialog', { name: 'Report content' });
      await dialog.waitFor();
      await dialog.getByText(`“${title}”`).waitFor();
      expect(await dialog.getByLabel('Subject').inputValue()).toBe('inappropriate');
      expect(await dialog.locator('input[name="object_type"]').inputValue()).toBe('video');
      expect(await dialog.locator('input[name="object_id"]').inputValue()).toBe(videoId);
      expect(await dialog.locator('input[name="referrer"]').inputValue()).toBe(videoPath);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `/tmp/report-${size.viewport.width}-open.png` });

      await dialog.getByLabel('Your email').fill('viewer@mail.test');
      const message = `Reported at ${size.name} size: not consensual.`;
      await dialog.getByLabel('Message').fill(message);
      await proveHuman(dialog, { tap: size.touch });
      await press(dialog.getByRole('button', { name: 'Send' }), size.touch);
      await page.getByText('Your message has been sent').waitFor();

      const mail = await operatorMail(
        new RegExp(`^\\[Afterglow\\] Inappropriate content – video ${videoId} \\(report #\\d+\\)$`),
        message,
      );
      expect(mail.text).toContain(`Sent from: ${baseUrl}${videoPath}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
