import { randomBytes } from 'node:crypto';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { albumPath } from '../../src/contracts/playlists.paths.ts';
import { fetchStatus, launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { openPage, signInAsDemo, uniqueName } from './site.ts';

// Photo albums as people use them (docs/decisions/0032): a member creates an album on their
// Albums tab, uploads two photos and watches the progress, sees them in the grid and goes
// through them in the viewer (buttons, keys, Escape, Back); a visitor on a phone opens a
// demo album and swipes through its photos.

const baseUrl = inject('baseUrl');
let browser: Browser;

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** On screen and not covered: the element (or one inside it) is what its centre shows. */
async function expectReachable(locator: Locator): Promise<void> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error('no box');
  const viewport = locator.page().viewportSize();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport?.width ?? 0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport?.height ?? 0);
  const hit = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && (top === element || element.contains(top));
  });
  expect(hit).toBe(true);
}

const counter = (page: Page) => page.locator('dialog p[aria-live]');

/**
 * A horizontal swipe on a touch screen as Chromium gets it from a finger: a move every
 * frame (16 ms), then the finger rests a moment before it lifts. Lifted at full speed it
 * is a flick, and Chromium spends the next tap on stopping the fling (on any page).
 */
async function swipe(session: CDPSession, page: Page, fromX: number, toX: number) {
  const y = (page.viewportSize()?.height ?? 800) / 2;
  let time = Date.now() / 1000;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) => {
    time += 0.016;
    return session.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: x === undefined ? [] : [{ x, y, id: 1 }],
      timestamp: time,
    });
  };
  await touch('touchStart', fromX);
  for (let step = 1; step <= 5; step++)
    await touch('touchMove', fromX + ((toX - fromX) * step) / 5);
  time += 0.12;
  await touch('touchEnd');
}

describe('albums', () => {
  it('creates an album, uploads two photos with progress and views them', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInAsDemo(page);
    await waitForHydration(page);
    const userId = await page.evaluate(
      () =>
        (window as unknown as { __AFTERGLOW__: { globals: { user: { id: number } } } })
          .__AFTERGLOW__.globals.user.id,
    );
    await openPage(page, `/members/${userId}/albums/1/`);
    await page
      .getByRole('link', { name: 'Albums' })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();

    const title = uniqueName('Harbour walk ');
    const create = page.getByRole('button', { name: 'Create album' });
    await expectReachable(create);
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'New album' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Two colours at dusk.');
    await dialog.getByRole('button', { name: 'Create album' }).click();
    await page.waitForURL(/\/albums\/\d+\/harbour-walk-[a-z0-9]+\/$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // Every state the upload status passes through, as the member would read them.
    await page
      .locator('main [role="status"]')
      .first()
      .evaluate((status) => {
        const seen: string[] = [];
        (window as unknown as { uploadStates: string[] }).uploadStates = seen;
        new MutationObserver(() => {
          const text = status.textContent ?? '';
          if (text && seen.at(-1) !== text) seen.push(text);
        }).observe(status, { subtree: true, childList: true, characterData: true });
      });
    // Noise does not compress: each photo is about a megabyte, so its upload takes a while.
    const picture = (colour: string) =>
      sharp(randomBytes(1200 * 800 * 3), { raw: { width: 1200, height: 800, channels: 3 } })
        .composite([
          {
            input: { create: { width: 600, height: 400, channels: 3, background: colour } },
            gravity: 'centre',
          },
        ])
        .jpeg()
        .toBuffer();
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await picture('#d2553a') },
      { name: 'second.jpg', mimeType: 'image/jpeg', buffer: await picture('#3a62d2') },
    ]);
    await page.getByText('2 photos added').waitFor();
    const states = await page.evaluate(
      () => (window as unknown as { uploadStates: string[] }).uploadStates,
    );
    expect(states.some((text) => /Uploading photo 1 of 2… \d+%/.test(text))).toBe(true);
    expect(states.some((text) => /photo 2 of 2/.test(text))).toBe(true);

    const thumbs = page.locator('a[data-photo]');
    await expect.poll(() => thumbs.count()).toBe(2);
    await expect
      .poll(() =>
        thumbs.evaluateAll((links) =>
          links.every((link) => (link.querySelector('img') as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expectReachable(thumbs.first());
    const albumUrl = page.url();
    // The owner's tools pass axe as the visitors' page does (a11y.e2e.ts).
    const axe = await new AxeBuilder({ page }).analyze();
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);

    await thumbs.first().click();
    const viewer = page.getByRole('dialog');
    await expect.poll(() => counter(page).textContent()).toBe('1 / 2');
    const [firstId, secondId] = await thumbs.evaluateAll((links) =>
      links.map((link) => link.getAttribute('data-photo')),
    );
    expect(page.url()).toBe(`${albumUrl}${firstId}/`);
    await expectReachable(viewer.getByRole('img'));
    const next = viewer.getByRole('button', { name: 'Next photo' });
    await expectReachable(next);
    await next.click();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 2');
    expect(page.url()).toBe(`${albumUrl}${secondId}/`);
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => counter(page).textContent()).toBe('1 / 2');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(albumUrl);
    // The photo it showed has the focus back.
    expect(await thumbs.first().evaluate((link) => link === document.activeElement)).toBe(true);

    // Back closes the viewer, and the photo's address opens it again.
    await thumbs.nth(1).click();
    await expect.poll(() => counter(page).textContent()).toBe('2 / 2');
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(albumUrl);
    await openPage(page, `${new URL(albumUrl).pathname}${secondId}/`);
    await expect.poll(() => counter(page).textContent()).toBe('2 / 2');
    await viewer.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(albumUrl);

    // The album is on the member's Albums tab with its count.
    await openPage(page, `/members/${userId}/albums/1/`);
    const card = page.locator('article', { hasText: title });
    await expect.poll(() => card.textContent()).toContain('2 photos');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a visitor on a phone swipe through a demo album', async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/json/albums/0/str/most-photos/60/..1.json`)
    ).json()) as { albums: { album_id: string; dir: string; photos_amount: string }[] };
    const album = list.albums.find((item) => Number(item.photos_amount) >= 3);
    if (!album) throw new Error('no demo album with photos');
    const total = Number(album.photos_amount);

    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await openPage(page, `/albums/${album.album_id}/${album.dir}/`);
    const thumbs = page.locator('a[data-photo]');
    await expect.poll(() => thumbs.count()).toBe(total);
    await expectReachable(thumbs.first());
    await thumbs.first().tap();
    const viewer = page.getByRole('dialog');
    await expect.poll(() => counter(page).textContent()).toBe(`1 / ${total}`);
    const image = viewer.getByRole('img');
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectReachable(image);

    const session = await context.newCDPSession(page);
    await swipe(session, page, 300, 60);
    await expect.poll(() => counter(page).textContent()).toBe(`2 / ${total}`);
    await swipe(session, page, 300, 60);
    await expect.poll(() => counter(page).textContent()).toBe(`3 / ${total}`);
    await swipe(session, page, 60, 300);
    await expect.poll(() => counter(page).textContent()).toBe(`2 / ${total}`);
    expect(page.url()).toMatch(new RegExp(`/albums/${album.album_id}/${album.dir}/\\d+/$`));

    for (const name of ['Previous photo', 'Next photo', 'Close']) {
      await expectReachable(viewer.getByRole('button', { name }));
    }
    await viewer.getByRole('button', { name: 'Close' }).tap();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${baseUrl}/albums/${album.album_id}/${album.dir}/`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves album addresses from the server: canonical, a linked photo open, 404s', async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/json/albums/0/str/latest/60/..1.json`)
    ).json()) as { albums: { album_id: string; dir: string; title: string }[] };
    const album = list.albums[0];
    if (!album) throw new Error('no demo album');
    const detail = (await (
      await fetch(`${baseUrl}${albumPath(0, Number(album.album_id))}`)
    ).json()) as { album: { photos: { photo_id: string }[] } };
    const photo = detail.album.photos[0]?.photo_id ?? '';
    const page = `/albums/${album.album_id}/${album.dir}/`;

    const html = await (await fetch(`${baseUrl}${page}`)).text();
    expect(html).toContain(`href="${page}${photo}/"`);
    expect(html).not.toMatch(/<dialog/);
    // A linked photo shows at first paint, before any script runs.
    const linked = await (await fetch(`${baseUrl}${page}${photo}/`)).text();
    expect(linked).toMatch(/<dialog[^>]* open=""/);
    expect(await fetchStatus(baseUrl, `/albums/${album.album_id}/wrong-dir/${photo}/`)).toEqual({
      status: 301,
      location: `${page}${photo}/`,
    });
    expect((await fetchStatus(baseUrl, `${page}999999999/`)).status).toBe(404);
    expect((await fetchStatus(baseUrl, '/albums/999999/nothing/')).status).toBe(404);
  });
});
