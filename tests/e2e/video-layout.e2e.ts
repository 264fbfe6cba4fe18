import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchErrors } from './browser.ts';
import { type PlayableVideo, playableVideo, videoDetail } from './playable.ts';

// What a visitor sees of the video page (issue 14), on a phone with touch and on a 1366x768
// laptop: the player and its title first, nothing moving while the page loads, tag links
// that find their videos, tap targets of at least 24 px, and no "0%" for unrated videos.

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const SIZES = {
  phone: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  laptop: { viewport: { width: 1366, height: 768 } },
} as const;

interface ListItem {
  video_id: string;
  dir: string;
  title: string;
  preview_clip: string;
  is_private: string;
  likes: string;
  dislikes: string;
}

async function list(page: number): Promise<{ videos: ListItem[]; pages: number }> {
  const res = await fetch(
    `${baseUrl}/api/json/videos2/0/str/latest-updates/60/..${page}.all..all.json`,
  );
  return (await res.json()) as { videos: ListItem[]; pages: number };
}

/** An active public video with a tag long enough to search for (SPEC.md §5: 3+ characters). */
async function taggedVideo(): Promise<{ video: PlayableVideo; tag: string }> {
  for (const item of (await list(1)).videos.filter((v) => v.is_private === '0')) {
    const video = await videoDetail(item.video_id);
    const tag = Object.values(video.tags).find((t) => t.title.length >= 3)?.title;
    if (video.status_id === '1' && tag) return { video, tag };
  }
  throw new Error('no tagged video in the demo catalogue');
}

async function open(size: keyof typeof SIZES, path: string, init?: string) {
  const context = await browser.newContext(SIZES[size]);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${baseUrl}${path}`);
  await waitForHydration(page);
  return { context, page, errors };
}

/** On screen in the first viewport and not covered: the point at its centre hits it. */
async function isSeenFirst(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  if (box.y < 0 || box.y + box.height > viewport.height) return false;
  return locator.evaluate(
    (element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (hit === element || element.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

// Every layout shift from the first byte on, as Chromium reports it (the CLS of the load).
const RECORD_SHIFTS = `
  window.__shifts = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** The page has settled: the player's poster is loaded, the fonts are ready, frames drawn. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const poster = document.querySelector('[data-testid="player"] img');
        return poster instanceof HTMLImageElement && poster.complete && poster.naturalWidth > 0;
      }),
    )
    .toBe(true);
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Two frames: shifts of the last layout are reported to the observer.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);

describe('video page layout (issue 14)', () => {
  it('shows the player with its controls and title first on a 1366x768 screen, unmoved', async () => {
    const video = await playableVideo();
    const { context, page, errors } = await open(
      'laptop',
      `/videos/${video.video_id}/${video.dir}/`,
      RECORD_SHIFTS,
    );
    await settled(page);
    const player = page.getByTestId('player');
    // Before the visitor points at it the player is its poster and the big play button; the
    // control bar comes with the first pointer (its code is loaded then, issue 18).
    expect(await isSeenFirst(page, player.getByRole('button', { name: 'Play' }))).toBe(true);
    expect(await player.locator('button[title="Play"]').count()).toBe(0);
    const box = await player.boundingBox();
    if (!box) throw new Error('no player');
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 4);
    // The control bar's play button (the big one in the middle has no title), with its
    // seek bar, also in the first screen.
    const barPlay = player.locator('button[title="Play"]');
    await barPlay.waitFor();
    expect(await isSeenFirst(page, barPlay)).toBe(true);
    expect(await isSeenFirst(page, player.getByRole('slider', { name: 'Seek' }))).toBe(true);
    // The cookie notice of a first visit sits over the bottom of the window; once it is
    // answered the title under the player is in full view.
    const notice = page.locator('section').filter({ hasText: 'We use cookies' });
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });
    expect(await isSeenFirst(page, page.locator('main h1'))).toBe(true);
    // Nothing of the layout's carousel or tag strip above the player: no link, no picture.
    const before = await page.evaluate(() => {
      const player = document.querySelector('[data-testid="player"]');
      if (!player) return -1;
      return [...document.querySelectorAll('main a, main img')].filter(
        (element) => element.compareDocumentPosition(player) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).length;
    });
    expect(before).toBe(0);
    expect(await shifts(page)).toBeLessThanOrEqual(0.05);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('puts the title right under the player on a phone, before the sponsored bar, unmoved', async () => {
    const video = await playableVideo();
    const { context, page, errors } = await open(
      'phone',
      `/videos/${video.video_id}/${video.dir}/`,
      RECORD_SHIFTS,
    );
    await settled(page);
    const title = page.locator('main h1');
    const sponsor = page.getByRole('complementary', { name: 'Sponsored' });
    const player = await page.getByTestId('player').boundingBox();
    const titleBox = await title.boundingBox();
    const sponsorBox = await sponsor.boundingBox();
    if (!player || !titleBox || !sponsorBox)
      throw new Error('player, title or sponsored bar missing');
    expect(player.y).toBeLessThan(titleBox.y);
    expect(titleBox.y + titleBox.height).toBeLessThanOrEqual(sponsorBox.y);
    expect(await isSeenFirst(page, title)).toBe(true);
    expect(await isSeenFirst(page, page.getByTestId('player').locator('button').first())).toBe(
      true,
    );
    expect(await shifts(page)).toBeLessThanOrEqual(0.05);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  for (const size of Object.keys(SIZES) as (keyof typeof SIZES)[]) {
    it(`opens the search results of a tag clicked on a video page (${size})`, async () => {
      const { video, tag } = await taggedVideo();
      const { context, page, errors } = await open(size, `/videos/${video.video_id}/${video.dir}/`);
      const link = page.locator('main dl').getByRole('link', { name: tag, exact: true });
      if (size === 'phone') await link.tap();
      else await link.click();
      await page.waitForURL(/\/search\/1\/\?s=/);
      expect(new URL(page.url()).searchParams.get('s')).toBe(tag);
      await expect.poll(() => page.locator('main h1').textContent()).toContain(tag);
      // The video it came from is among the results: its tag is part of what search reads.
      await expect
        .poll(() => page.locator(`main article a[href^="/videos/${video.video_id}/"]`).count())
        .toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);

    it(`keeps what is below in place as the related videos arrive on the way down (${size})`, async () => {
      const video = await playableVideo();
      const { context, page, errors } = await open(
        size,
        `/videos/${video.video_id}/${video.dir}/`,
        RECORD_SHIFTS,
      );
      await settled(page);
      const before = await shifts(page);
      // The visitor scrolls down a screen at a time; the related videos come on the way.
      const thumbs = page.locator('section[aria-labelledby="related-heading"] article');
      for (let step = 0; step < 6 && (await thumbs.count()) === 0; step++) {
        await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
      }
      await thumbs.first().waitFor();
      await expect.poll(() => thumbs.count()).toBeGreaterThan(1);
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      // Their place was kept: the comments under them did not jump under the visitor's eyes.
      expect((await shifts(page)) - before).toBeLessThanOrEqual(0.05);
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);

    it(`gives every button, tag and pager of the video page 24x24 px or more (${size})`, async () => {
      const video = await playableVideo();
      const { context, page } = await open(size, `/videos/${video.video_id}/${video.dir}/`);
      // The related videos load as they come near the screen (issue 18): scroll there first.
      await page.locator('#related-heading').scrollIntoViewIfNeeded();
      const pager = page.getByRole('navigation', { name: 'Related video pages' });
      await pager.waitFor({ state: 'attached' });
      const targets = [
        page.getByRole('button', { name: /^Like/ }),
        page.getByRole('button', { name: /^Dislike/ }),
        page.getByRole('button', { name: 'Add to' }),
        page.getByRole('button', { name: 'Share' }),
        page.getByRole('button', { name: 'Download' }),
        ...(await page.locator('main dl a').all()),
        ...(await pager.getByRole('button').all()),
      ];
      expect(targets.length).toBeGreaterThan(7);
      for (const target of targets) {
        const box = await target.boundingBox();
        expect(box?.width ?? 0, (await target.textContent()) ?? '').toBeGreaterThanOrEqual(24);
        expect(box?.height ?? 0, (await target.textContent()) ?? '').toBeGreaterThanOrEqual(24);
      }
      await context.close();
    }, 300_000);
  }

  it('shows no percentage for a video nobody has voted on, on its thumb and its page', async () => {
    let unrated: ListItem | undefined;
    for (let n = 1; n <= 4 && !unrated; n++) {
      unrated = (await list(n)).videos.find(
        (v) => v.likes === '0' && v.dislikes === '0' && v.is_private === '0',
      );
    }
    if (!unrated) throw new Error('no unrated video in the demo catalogue');
    const { context, page } = await open(
      'laptop',
      `/search/1/?s=${encodeURIComponent(unrated.title.slice(0, 60))}`,
    );
    const thumb = page
      .locator('main article')
      .filter({ has: page.locator(`a[href^="/videos/${unrated.video_id}/"]`) })
      .first();
    const meta = thumb.locator('p');
    await expect.poll(() => meta.textContent()).toContain('Not rated yet');
    expect(await meta.textContent()).not.toMatch(/\d%/);
    await thumb.getByRole('heading').getByRole('link').click();
    await page.waitForURL(new RegExp(`/videos/${unrated.video_id}/`));
    await expect.poll(() => page.locator('main h1').textContent()).toBe(unrated.title);
    expect(await page.locator('main header p').first().textContent()).not.toContain('liked');
    await context.close();
  }, 60_000);
});
