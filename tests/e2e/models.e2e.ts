import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchStatus, launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// The model list and model pages (SPEC.md §2 /models/{sort}/{page}/, /model/{dir}/).

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const status = (path: string) => fetchStatus(baseUrl, path);

describe('models', () => {
  it('lists models server-rendered and redirects the short forms', async () => {
    const html = await (await fetch(`${baseUrl}/models/most-popular/1/`)).text();
    expect(html).toContain('Most popular models');
    expect(html.match(/href="\/model\/[a-z0-9-]+\/"/g)?.length).toBeGreaterThan(10);
    expect(await status('/models/')).toEqual({ status: 302, location: '/models/most-popular/1/' });
    expect(await status('/models/latest/')).toEqual({ status: 302, location: '/models/latest/1/' });
    expect((await status('/models/loudest/1/')).status).toBe(404);
    expect((await status('/model/nobody-by-this-name/')).status).toBe(404);
    const dir = /href="\/model\/([a-z0-9-]+)\/"/.exec(html)?.[1];
    // The old forms the network's clients follow (SPEC.md §2).
    expect(await status(`/models/${dir}/videos`)).toEqual({
      status: 301,
      location: `/model/${dir}/videos/1/`,
    });
    expect(await status(`/models/${dir}/wall/`)).toEqual({
      status: 301,
      location: `/model/${dir}/wall/`,
    });
    expect((await status(`/model/${dir}/wall/2/`)).status).toBe(404);
    expect((await status(`/model/${dir}/photos/`)).status).toBe(404);
    const info = await (await fetch(`${baseUrl}/model/${dir}/info/`)).text();
    expect(info).toContain('Hair colour');
  });

  it('shows a model wall with the comments of the API', async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/json/models/0/str/filt........../most-popular/60/1.json`)
    ).json()) as { models: { model_id: string; dir: string }[] };
    let found: { dir: string; comment: string } | undefined;
    for (const model of list.models) {
      const id = Number(model.model_id);
      const folder = `${Math.floor(id / 1e6) * 1e6}/${Math.floor(id / 1e3) * 1e3}`;
      const wall = (await (
        await fetch(`${baseUrl}/api/json/comments/0/model/${folder}/${id}.json`)
      ).json()) as { comments: { comment: string }[] };
      if (wall.comments[0]) {
        found = { dir: model.dir, comment: wall.comments[0].comment };
        break;
      }
    }
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    const errors = watchErrors(page);
    const dir = found?.dir ?? list.models[0]?.dir;
    await page.goto(`${baseUrl}/model/${dir}/`);
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Wall' }).click();
    await page.waitForURL(`**/model/${dir}/wall/`);
    if (found) {
      await expect
        .poll(() => page.locator('main ol li').first().textContent())
        .toContain(found.comment);
    } else {
      await expect.poll(() => page.getByText('No posts yet').count()).toBe(1);
    }
    await page.getByRole('link', { name: 'Info' }).click();
    await page.waitForURL(`**/model/${dir}/info/`);
    await expect.poll(() => page.locator('main dl').last().textContent()).toContain('Country');
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`filters models and opens a model page with videos at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/models/alphabetical/1/`);
      await waitForHydration(page);
      await page.getByLabel('Ethnicity').selectOption('latin');
      await page.waitForURL('**/models/alphabetical/1/?race=latin');
      const first = page.locator('main article a').first();
      const title = (await first.textContent()) ?? '';
      await first.click();
      await page.waitForURL(/\/model\/[a-z0-9-]+\/$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe(title);
      await expect.poll(() => page.locator('main dl').textContent()).toContain('Latina');
      await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
