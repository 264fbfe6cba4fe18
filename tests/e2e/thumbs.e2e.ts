import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// Video thumbnails (SPEC.md §2 "Thumbnails"): the hover preview plays the clip the media
// pipeline made, on a desktop with a mouse only.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

interface Item {
  video_id: string;
  title: string;
  preview_clip: string;
}

/** The demo video the pipeline processes at start-up (default section), once its clip exists. */
async function processedVideo(): Promise<Item> {
  const find = async () => {
    for (let page = 1; page <= 10; page++) {
      const list = (await (
        await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/60/..${page}.all..all.json`)
      ).json()) as { videos: Item[]; pages: number };
      const found = list.videos.find((video) => video.preview_clip !== '');
      if (found || page >= list.pages) return found;
    }
    return undefined;
  };
  let found: Item | undefined;
  await expect
    .poll(
      async () => {
        found = await find();
        return found !== undefined;
      },
      { timeout: 240_000, interval: 2_000 },
    )
    .toBe(true);
  if (!found) throw new Error('no processed video');
  return found;
}

describe('thumbs', () => {
  it('plays the hover clip while the mouse rests on a thumb, and stops on leaving', async () => {
    const video = await processedVideo();
    const clip = await fetch(`${baseUrl}${video.preview_clip}`);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('video/mp4');

    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    const errors = watchErrors(page);
    // A search of its own title: a fresh list, not one cached before the clip existed.
    await page.goto(`${baseUrl}/search/1/?s=${encodeURIComponent(video.title.slice(0, 60))}`);
    await waitForHydration(page);
    const media = page.locator(`main article a[href^="/videos/${video.video_id}/"]`).first();
    await media.hover();
    const player = media.locator('video');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe(video.preview_clip);
    await expect
      .poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.2);
    expect(await player.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await page.mouse.move(5, 5);
    await player.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.close();
  }, 300_000);
});
