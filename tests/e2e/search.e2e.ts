import type { Browser } from 'playwright-core';
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
