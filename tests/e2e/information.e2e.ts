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

  it('names the custodian of 2257 records, saying when the values are the demo’s', async () => {
    const html = await (await fetch(`${baseUrl}/information/2257/`)).text();
    expect(html).toContain('Custodian of records');
    // The browser-test site configures none (decision 0055): the demo values say so.
    expect(html).toContain('Demo values: the operator of this site has not configured');
    expect(html).toContain('Custodian of Records (demo value)');
    expect(html).toMatch(/<address>[\s\S]*mailto:support@[a-z0-9.-]+/);
  });

  it('offers the contact form where the pages promise it, and in every footer', async () => {
    const buttons = {
      support: 'Contact support',
      dmca: 'Send a copyright notice',
      'eu-digital-services-act': 'Report illegal content',
    };
    for (const [page, label] of Object.entries(buttons)) {
      const html = await (await fetch(`${baseUrl}/information/${page}/`)).text();
      expect(html, page).toMatch(new RegExp(`<button[^>]*aria-haspopup="dialog"[^>]*>${label}<`));
    }
    const terms = await (await fetch(`${baseUrl}/information/terms/`)).text();
    expect(terms).not.toContain('Contact support');
    expect(terms).toMatch(/<footer[\s\S]*<button[^>]*>Contact us<\/button>/);
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
