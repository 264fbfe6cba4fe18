import { describe, expect, inject, it } from 'vitest';

// The information pages the footer and cookie notice link to (SPEC.md §2 /information/…).

const baseUrl = inject('baseUrl');

describe('information pages', () => {
  it('serves every page the footer links to, with its text', async () => {
    const home = await (await fetch(`${baseUrl}/`)).text();
    const links = [...home.matchAll(/href="(\/information\/[a-z0-9_-]+\/)"/g)].map((m) => m[1]);
    expect(new Set(links).size).toBe(8);
    for (const link of new Set(links)) {
      const res = await fetch(`${baseUrl}${link}`);
      expect(res.status, link).toBe(200);
      const html = await res.text();
      expect(html.match(/<p[ >]/g)?.length, link).toBeGreaterThan(2);
    }
  });

  it('gives rights holders a takedown contact, and says when the text is in English', async () => {
    const dmca = await (await fetch(`${baseUrl}/information/dmca/`)).text();
    expect(dmca).toMatch(/mailto:support@[a-z0-9.-]+/);
    expect(dmca).toContain('Takedown notices');
    const german = await (await fetch(`${baseUrl}/information/dmca/?lang=de`)).text();
    expect(german).toContain('Diese Seite wird auf Englisch veröffentlicht');
    expect((await fetch(`${baseUrl}/information/nothing-here/`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/information/`)).status).toBe(200);
  });

  it('has a sitemap page linking every section, category and information page', async () => {
    const html = await (await fetch(`${baseUrl}/sitemap-page/`)).text();
    expect(html).toContain('href="/videos/most-popular/1/"');
    expect(html).toContain('href="/models/"');
    expect(
      html.match(/href="\/categories\/[a-z0-9-]+\/latest-updates\/1\/"/g)?.length,
    ).toBeGreaterThan(5);
    expect(html.match(/href="\/information\/[a-z0-9_-]+\/"/g)?.length).toBeGreaterThanOrEqual(8);
  });
});
