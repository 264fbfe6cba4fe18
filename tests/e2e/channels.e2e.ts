import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The channel list and channel pages (SPEC.md §2 /channels/{sort}/{page}/, /channel/{dir}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('channels', () => {
  it('lists channels server-rendered and redirects the short forms', async () => {
    const html = await (await fetch(`${baseUrl}/channels/most-popular/1/`)).text();
    expect(html).toContain('Most popular channels');
    expect(html.match(/href="\/channel\/[a-z0-9-]+\/"/g)?.length).toBeGreaterThan(5);
    expect(await status('/channels/')).toEqual({
      status: 302,
      location: '/channels/most-popular/1/',
    });
    expect((await status('/channels/weirdest/1/')).status).toBe(404);
    expect((await status('/channel/no-such-channel/')).status).toBe(404);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`sorts channels and opens a channel with its videos at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/channels/most-popular/1/`);
      await waitForHydration(page);
      // The filters sit on the row under the heading however few they are, so a list
      // screen's filters never move there from beside it as they arrive.
      const heading = await page.locator('main h1').boundingBox();
      const filters = await page.getByRole('form', { name: 'Filters' }).boundingBox();
      expect(filters?.y ?? 0).toBeGreaterThanOrEqual((heading?.y ?? 0) + (heading?.height ?? 0));
      expect(filters?.x).toBe(heading?.x);
      await page.getByLabel('Sort').selectOption('alphabetical');
      await page.waitForURL('**/channels/alphabetical/1/');
      const sorted = async () => {
        const titles = await page.locator('main article h2').allTextContents();
        return titles.length > 1 && titles.every((t, i) => i === 0 || (titles[i - 1] ?? '') <= t);
      };
      await expect.poll(sorted).toBe(true);
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/channel\/[a-z0-9-]+\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

describe('channel wall', () => {
  it('turns its comments ten at a time in the browser', async () => {
    // A channel of the demo whose wall has more than ten comments.
    const channels = (await (
      await fetch(`${baseUrl}/api/json/channels/0/str/most-popular-toptn/100/..1.json`)
    ).json()) as { channels: { channel_id: string; dir: string }[] };
    let found: { dir: string; total: number } | undefined;
    for (const channel of channels.channels) {
      const id = Number(channel.channel_id);
      const e6 = Math.floor(id / 1e6) * 1e6;
      const e3 = Math.floor(id / 1e3) * 1e3;
      const comments = (await (
        await fetch(`${baseUrl}/api/json/comments/0/channel/${e6}/${e3}/${id}.json`)
      ).json()) as { comments: unknown[] };
      if (comments.comments.length > 10) {
        found = { dir: channel.dir, total: comments.comments.length };
        break;
      }
    }
    if (!found) throw new Error('no channel wall with more than ten comments');
    const pages = Math.ceil(found.total / 10);

    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = watchErrors(page);
    await page.goto(`${baseUrl}/channel/${found.dir}/wall/`);
    await waitForHydration(page);
    const posts = page.locator('main ol > li');
    await expect.poll(() => posts.count()).toBe(10);
    const firstOnPage1 = await posts.first().textContent();
    const pager = page.getByRole('navigation', { name: 'Pages' }).last();
    expect(await pager.textContent()).toContain(`Page 1 of ${pages}`);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.textContent()).toContain(`Page 2 of ${pages}`);
    expect(await posts.first().textContent()).not.toBe(firstOnPage1);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });
});
