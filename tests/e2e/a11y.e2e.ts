import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { thousandsFolder } from '../../src/contracts/folders.ts';
import { albumPath } from '../../src/contracts/playlists.paths.ts';
import { launchBrowser, VIEWPORTS, waitForHydration } from './browser.ts';
import { playableVideo, playableVideoPath } from './playable.ts';
import { signInAsDemo } from './site.ts';

// axe on every browsing screen, at a phone and a desktop size: no serious or critical
// violation (issue 4 quality bar).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function firstHref(listPath: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${baseUrl}${listPath}`)).text();
  const match = pattern.exec(html);
  if (!match?.[1]) throw new Error(`no link like ${pattern} on ${listPath}`);
  return match[1];
}

/** A video of the demo catalogue in a given state: private, or deleted (status 5). */
async function videoWhere(test: (video: { is_private: string; status_id: string }) => boolean) {
  for (let first = 1; first < 2000; first += 50) {
    const batch = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const id = first + i;
        const res = await fetch(`${baseUrl}/api/json/video/0/${thousandsFolder(id)}/${id}.json`);
        if (!res.ok) return undefined;
        return ((await res.json()) as { video: Video }).video;
      }),
    );
    const found = batch.find((video) => video && test(video));
    if (found) return `/videos/${found.video_id}/${found.dir}/`;
  }
  throw new Error('no such video in the demo catalogue');
}

interface Video {
  video_id: string;
  dir: string;
  is_private: string;
  status_id: string;
}

/** A playlist page's first video, watched from the playlist (the strip above the fold). */
async function playlistVideo(): Promise<string> {
  const html = await (await fetch(`${baseUrl}/playlists/most-videos/1/`)).text();
  const playlist = /href="\/playlist\/(\d+)\/1\/"/.exec(html)?.[1];
  if (!playlist) throw new Error('no playlist');
  return firstHref(
    `/playlist/${playlist}/1/`,
    new RegExp(`href="(\\/videos\\/\\d+\\/[a-z0-9-]+\\/\\?playlist=${playlist})"`),
  );
}

/** A listed demo album with several photos (the demo renders them at start-up). */
async function demoAlbum(): Promise<{ path: string; photo: string; owner: string }> {
  const list = (await (
    await fetch(`${baseUrl}/api/json/albums/0/str/most-photos/60/..1.json`)
  ).json()) as { albums: { album_id: string; dir: string; user: { id: string } }[] };
  const album = list.albums[0];
  if (!album) throw new Error('no demo album');
  const detail = (await (
    await fetch(`${baseUrl}${albumPath(0, Number(album.album_id))}`)
  ).json()) as { album: { photos: { photo_id: string }[] } };
  const path = `/albums/${album.album_id}/${album.dir}/`;
  return { path, photo: `${path}${detail.album.photos[1]?.photo_id}/`, owner: album.user.id };
}

/** Opens the categories panel of a listing (folded on a phone) and waits for its list. */
async function openCategoryPanel(page: Page): Promise<void> {
  const panel = page.getByRole('region', { name: /^Categories/ });
  const toggle = panel.getByRole('button', { name: /^Categories/ });
  // Folded under 1025 px (category-panel.tsx): open it and wait until it says so.
  if ((page.viewportSize()?.width ?? 0) < 1025) {
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  }
  await expect.poll(() => panel.getByRole('checkbox').count()).toBeGreaterThan(3);
}

describe('accessibility', () => {
  const screens: [string, () => Promise<string>, ((page: Page) => Promise<void>)?][] = [
    ['home', async () => '/'],
    ['video listing', async () => '/videos/most-popular/1/'],
    ['category index', async () => '/categories/'],
    [
      'category listing',
      async () =>
        firstHref('/categories/', /href="(\/categories\/[a-z0-9-]+\/latest-updates\/1\/)"/),
    ],
    ['search', async () => '/search/1/?s=summer'],
    ['models', async () => '/models/most-popular/1/'],
    ['model', async () => firstHref('/models/most-popular/1/', /href="(\/model\/[a-z0-9-]+\/)"/)],
    ['channels', async () => '/channels/most-popular/1/'],
    [
      'channel',
      async () => firstHref('/channels/most-popular/1/', /href="(\/channel\/[a-z0-9-]+\/)"/),
    ],
    ['playlists', async () => '/playlists/most-popular/1/'],
    [
      'model wall',
      async () =>
        `${await firstHref('/models/most-popular/1/', /href="(\/model\/[a-z0-9-]+\/)"/)}wall/`,
    ],
    ['community', async () => '/community/recent/1/'],
    [
      'member info',
      async () => `${await firstHref('/community/recent/1/', /href="(\/members\/\d+\/)"/)}info/`,
    ],
    [
      'member subscriptions',
      async () =>
        `${await firstHref('/community/most-videos/1/', /href="(\/members\/\d+\/)"/)}subscriptions/`,
    ],
    [
      'login modal',
      async () => '/categories/',
      async (page) => {
        await page.locator('header').getByRole('link', { name: 'Log in' }).click();
        await page.getByRole('dialog').waitFor();
      },
    ],
    ['video page', playableVideoPath],
    // Issue 14: the player's messages and overlays, and the strip of a playlist.
    ['private video', () => videoWhere((v) => v.is_private === '1' && v.status_id === '1')],
    ['deleted video', () => videoWhere((v) => v.status_id === '5')],
    ['video in a playlist', playlistVideo],
    [
      'next-video card',
      playableVideoPath,
      async (page) => {
        const player = page.getByTestId('player');
        await player.getByRole('button', { name: 'Play' }).first().click();
        const video = player.locator('video');
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
          .toBeGreaterThan(0.2);
        await video.evaluate((v: HTMLVideoElement) => {
          v.currentTime = Math.max(0, v.duration - 0.5);
        });
        await page.getByRole('link', { name: 'Play now' }).waitFor({ timeout: 30_000 });
      },
    ],
    [
      'share modal',
      playableVideoPath,
      async (page) => {
        await page.getByRole('button', { name: 'Share' }).click();
        await page.getByRole('dialog').waitFor();
      },
    ],
    [
      'report modal',
      playableVideoPath,
      async (page) => {
        await page.getByRole('button', { name: 'Report', exact: true }).click();
        await page.getByRole('dialog').waitFor();
      },
    ],
    [
      'unplayable video',
      async () => firstHref('/videos/most-popular/1/', /href="(\/videos\/\d+\/[a-z0-9-]+\/)"/),
    ],
    ['embed', async () => `/embed/${(await playableVideo()).video_id}/`],
    ['download', async () => `/download/?video=${(await playableVideo()).video_id}`],
    ['sign in', async () => '/signin/?confirmed=1'],
    [
      'sign up with errors',
      async () => '/signup/',
      async (page) => {
        await page.locator('main form').getByRole('button', { name: 'Create account' }).click();
        await page.getByText('This field is required').first().waitFor();
      },
    ],
    ['restore password', async () => '/restore-password/'],
    [
      'mobile menu',
      async () => '/',
      async (page) => {
        const toggle = page.locator('header').getByRole('link', { name: 'Open menu' });
        if (await toggle.isVisible()) {
          await toggle.click();
          await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        }
      },
    ],
    [
      'member menu',
      async () => '/signin/',
      async (page) => {
        await signInAsDemo(page);
        await waitForHydration(page);
        const menu = page.getByRole('button', { name: /demo/ });
        if (await menu.isVisible()) {
          await menu.click();
          await page.getByRole('button', { name: 'Log out' }).waitFor();
        }
        // On a phone, the mobile menu with the member's entries too.
        const toggle = page.locator('header').getByRole('link', { name: 'Open menu' });
        if (await toggle.isVisible()) {
          await toggle.click();
          await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        }
      },
    ],
    [
      'profile edit',
      async () => '/signin/',
      async (page) => {
        await signInAsDemo(page);
        await page.goto(`${baseUrl}/edit/`);
        await waitForHydration(page);
        await page.getByLabel('City').waitFor();
      },
    ],
    [
      'messages',
      async () => '/signin/',
      async (page) => {
        await signInAsDemo(page);
        await page.goto(`${baseUrl}/messages/`);
        await waitForHydration(page);
        await page.getByRole('heading', { name: 'Messages' }).waitFor();
      },
    ],
    ['member albums', async () => `/members/${(await demoAlbum()).owner}/albums/1/`],
    ['album', async () => (await demoAlbum()).path],
    ['photo viewer', async () => (await demoAlbum()).photo],
    ['404', async () => '/no/such/page/'],
    ['categories panel', async () => '/videos/most-popular/1/', openCategoryPanel],
    [
      'search suggestions',
      async () => '/',
      async (page) => {
        await page.getByRole('combobox', { name: 'Search videos' }).fill('ivy');
        await page.getByRole('option').first().waitFor();
      },
    ],
  ];

  // One test per screen and size: each stays well inside the time limit on a busy machine,
  // and a failure names its screen.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const [screen, path, open] of screens) {
      it(`finds no serious or critical violation on ${screen} at ${name} size`, {
        timeout: 300_000,
      }, async () => {
        const context = await browser.newContext({ viewport });
        const page = await context.newPage();
        await page.goto(`${baseUrl}${await path()}`);
        await waitForHydration(page);
        await open?.(page);
        const result = await new AxeBuilder({ page }).analyze();
        const problems = result.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}) ${violation.nodes
                .slice(0, 2)
                .map((n) => n.target.join(' '))
                .join(', ')}`,
          );
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});

describe('tap targets of the listing screens', () => {
  // WCAG 2.5.8: at least 24 by 24 px; on a touch screen the controls get 44 px of height
  // (the thumbs' own links belong to the thumbs and are checked with them).
  const screens: [string, () => Promise<string>][] = [
    ['video listing', async () => '/videos/latest-updates/2/'],
    [
      'category listing',
      async () =>
        firstHref('/categories/', /href="(\/categories\/[a-z0-9-]+\/latest-updates\/1\/)"/),
    ],
    ['category index', async () => '/categories/'],
    ['search', async () => '/search/1/?s=summer'],
    ['community', async () => '/community/recent/1/'],
    ['home', async () => '/'],
  ];
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const touch = name === 'mobile';
    for (const [screen, path] of screens) {
      it(`gives every control of the ${screen} room enough at ${name} size`, async () => {
        const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
        const page = await context.newPage();
        await page.goto(`${baseUrl}${await path()}`);
        await waitForHydration(page);
        if (await page.getByRole('region', { name: /^Categories/ }).count()) {
          await openCategoryPanel(page);
        }
        const small = await page.locator('main').evaluate((main, coarse) => {
          const controls = main.querySelectorAll<HTMLElement>(
            'a[href], button, select, input, summary, [role="option"]',
          );
          const out: string[] = [];
          for (const el of controls) {
            if (el.closest('article') || !el.checkVisibility()) continue;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            // A checkbox inside its label: the label is what a finger presses.
            const label =
              el instanceof HTMLInputElement && el.type === 'checkbox' ? el.closest('label') : null;
            const target = label ? label.getBoundingClientRect() : r;
            const name = `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} "${(el.textContent || el.getAttribute('aria-label') || el.getAttribute('placeholder') || '').trim().slice(0, 30)}"`;
            if (Math.min(r.width, r.height) < 24) {
              out.push(`${name} ${Math.round(r.width)}x${Math.round(r.height)}`);
            } else if (coarse && target.height < 44 && el.tagName !== 'A') {
              out.push(`${name} ${Math.round(target.width)}x${Math.round(target.height)} (touch)`);
            }
          }
          return out;
        }, touch);
        expect(small).toEqual([]);
        await context.close();
      });
    }
  }
});
