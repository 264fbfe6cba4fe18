import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, VIEWPORTS, waitForHydration, watchErrors } from './browser.ts';

// Search: the results page and the header panel (SPEC.md §2 /search/{page}/, §4 "Search").

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A word that is surely in the demo catalogue: the first word of a category title. */
async function knownWord(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/json/categories/0/str.popular.en.json`);
  const body = (await res.json()) as { categories: { title: string }[] };
  return (body.categories[0]?.title.split(' ')[0] ?? 'amateur').toLowerCase();
}

describe('search page', () => {
  it('arrives server-rendered with results, and explains a too-short query', async () => {
    const word = await knownWord();
    const res = await fetch(`${baseUrl}/search/1/?s=${encodeURIComponent(word)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`Results for “${word}”`);
    expect(html.match(/<article/g)?.length).toBeGreaterThan(0);
    expect(html).toContain('name="robots" content="noindex"');
    const short = await (await fetch(`${baseUrl}/search/1/?s=ab`)).text();
    expect(short).toContain('Type 3 to 69 characters to search.');
    expect((await fetch(`${baseUrl}/search/0/?s=${word}`)).status).toBe(404);
  });
});

describe('search panel', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`suggests while typing, keeps recent searches and searches on Enter at ${name} size`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      await page.goto(`${baseUrl}/`);
      await waitForHydration(page);
      const box = page.getByRole('combobox', { name: 'Search videos' });
      const word = await knownWord();

      // Two characters do nothing on Enter.
      await box.fill(word.slice(0, 2));
      await box.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/');

      // From three characters, suggestions arrive; arrow keys move, Enter opens one.
      await box.fill(word.slice(0, 4));
      const options = page.locator('search').getByRole('option');
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      await box.press('ArrowDown');
      expect(await options.first().getAttribute('aria-selected')).toBe('true');

      // Enter without a chosen option searches for the text.
      await box.fill(word);
      await box.press('Enter');
      await page.waitForURL(`**/search/1/?s=${encodeURIComponent(word)}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(`Results for “${word}”`);

      // Back on an empty box, the recent search is offered first.
      await box.fill('');
      await box.focus();
      await expect.poll(() => options.first().textContent()).toBe(word);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});

/** What the suggester offers for a text (the demo's models, channels and searches). */
async function suggestions(text: string) {
  const res = await fetch(`${baseUrl}/api/suggester.php?c=${encodeURIComponent(text)}`);
  return (await res.json()) as {
    models: { dir: string; title: string }[];
    channels: { dir: string; title: string }[];
    keywords: { keyword: string }[];
  };
}

async function openHome(page: Page) {
  await page.goto(`${baseUrl}/`);
  await waitForHydration(page);
  return page.getByRole('combobox', { name: 'Search videos' });
}

describe('search panel as a combobox', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const touch = name === 'mobile';

    it(`offers models in a labelled group and opens the highlighted one on Enter at ${name} size`, async () => {
      const { models } = await suggestions('ivy');
      const model = models[0];
      expect(model).toBeDefined();
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const box = await openHome(page);
      await box.fill('ivy');
      const option = page
        .getByRole('group', { name: 'Models' })
        .getByRole('option', { name: new RegExp(`^${model?.title}`) });
      await option.waitFor();
      // The box says which option is highlighted; a page option leaves the typed text.
      const optionId = await option.getAttribute('id');
      for (let i = 0; i < 20; i++) {
        if ((await box.getAttribute('aria-activedescendant')) === optionId) break;
        await box.press('ArrowDown');
      }
      expect(await option.getAttribute('aria-selected')).toBe('true');
      expect(await box.inputValue()).toBe('ivy');
      await box.press('Enter');
      await page.waitForURL(`**/model/${model?.dir}/`);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`shows the highlighted search in the box and searches exactly it at ${name} size`, async () => {
      const { keywords } = await suggestions('poo');
      expect(keywords.length).toBeGreaterThan(1);
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const box = await openHome(page);
      await box.fill('poo');
      const searches = page.getByRole('group', { name: 'Popular searches' }).getByRole('option');
      await expect.poll(() => searches.count()).toBeGreaterThan(1);
      await box.press('ArrowDown');
      const first = (await searches.first().textContent()) ?? '';
      expect(await box.inputValue()).toBe(first);
      // Past the first option upwards is the typed text again, with nothing highlighted.
      await box.press('ArrowUp');
      expect(await box.inputValue()).toBe('poo');
      await expect.poll(() => box.getAttribute('aria-activedescendant')).toBeNull();
      await box.press('ArrowDown');
      await box.press('ArrowDown');
      const second = (await searches.nth(1).textContent()) ?? '';
      expect(await searches.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await box.inputValue()).toBe(second);
      await box.press('Enter');
      await page.waitForURL(`**/search/1/?s=${encodeURIComponent(second)}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(`Results for “${second}”`);

      // Escape closes the panel and gives back what was typed.
      await box.fill('pool');
      await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
      await box.press('ArrowDown');
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.inputValue()).toBe('pool');
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`opens a channel with a ${touch ? 'tap' : 'click'} at ${name} size`, async () => {
      const { channels } = await suggestions('vel');
      const channel = channels[0];
      expect(channel).toBeDefined();
      const context = await browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
      const page = await context.newPage();
      const errors = watchErrors(page);
      const box = await openHome(page);
      await box.fill('vel');
      const option = page
        .getByRole('group', { name: 'Channels' })
        .getByRole('option', { name: new RegExp(`^${channel?.title}`) });
      await option.waitFor();
      // On screen and not covered by anything.
      const covered = await option.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(hit && el.contains(hit)) || r.bottom > window.innerHeight;
      });
      expect(covered).toBe(false);
      expect((await option.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      if (touch) await option.tap();
      else await option.click();
      await page.waitForURL(`**/channel/${channel?.dir}/`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
