import { describe, expect, it } from 'vitest';
import { embedCode, escapeHtml, SHARE_NETWORKS, shareLinks } from './share-links.ts';

const url = 'https://afterglow.test/videos/42/a-b/?playlist=7&x=1';
const title = 'Rock & "Roll" #1 <live>';
const u = encodeURIComponent(url);
const t = encodeURIComponent(title);

describe('shareLinks', () => {
  const links = shareLinks(url, title);
  const href = (network: string) => links.find((link) => link.network === network)?.href;

  it('offers the six networks in a fixed order', () => {
    expect(links.map((link) => link.network)).toEqual([...SHARE_NETWORKS]);
    expect(links).toHaveLength(6);
  });

  it('builds each network share address with encoded values', () => {
    expect(href('x')).toBe(`https://x.com/intent/tweet?url=${u}&text=${t}`);
    expect(href('facebook')).toBe(`https://www.facebook.com/sharer/sharer.php?u=${u}`);
    expect(href('reddit')).toBe(`https://www.reddit.com/submit?url=${u}&title=${t}`);
    expect(href('telegram')).toBe(`https://t.me/share/url?url=${u}&text=${t}`);
    expect(href('whatsapp')).toBe(`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`);
    expect(href('email')).toBe(`mailto:?subject=${t}&body=${u}`);
  });

  it('leaves no raw query characters of the values in the addresses', () => {
    for (const link of links) {
      const query = link.href.slice(link.href.indexOf('?') + 1);
      expect(query).not.toMatch(/[ "<>#]/);
      // Only the separators between parameters remain.
      expect(query.split('&').every((pair) => /^[a-z]+=[^=]*$/.test(pair))).toBe(true);
    }
  });
});

describe('embedCode', () => {
  it('is a 426x265 iframe of the embed address', () => {
    expect(embedCode('https://afterglow.test/embed/42/', 'Plain')).toBe(
      '<iframe src="https://afterglow.test/embed/42/" width="426" height="265" frameborder="0" allowfullscreen title="Plain"></iframe>',
    );
  });

  it('escapes the title so it cannot break out of the attribute', () => {
    const code = embedCode('https://afterglow.test/embed/42/', title);
    expect(code).toContain('title="Rock &amp; &quot;Roll&quot; #1 &lt;live&gt;"');
    // src, width, height, frameborder and title: five attributes, ten quotes.
    expect(code.match(/"/g)).toHaveLength(10);
  });
});

describe('escapeHtml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
