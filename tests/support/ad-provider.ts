import { writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the third parties of decision 0035, on a port of this machine: a metrics
// counter script, a page-view tag that fails its first loads (to prove the page tries again),
// and banner creatives (images and a framed page). It records every request it gets.

export interface ProviderHit {
  path: string;
  query: URLSearchParams;
  at: number;
}

export interface FakeAdProvider {
  /** http://127.0.0.1:port */
  origin: string;
  hits: ProviderHit[];
  /** Hits on one path. */
  on(path: string): ProviderHit[];
  /** The next `count` loads of the page-view tag fail (503). */
  failTags(count: number): void;
  /** The environment that points a site's analytics and ads here (ADS_FILE written to `adsFile`). */
  siteEnv(adsFile: string, opts?: { adEvents?: boolean }): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A banner as an SVG: a gradient, a headline and a call to action, at its size. */
function bannerSvg(width: number, height: number, headline: string): string {
  const size = Math.round(Math.min(height * 0.32, width / 16));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b1055"/><stop offset="1" stop-color="#d53369"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="${Math.round(height * 0.3)}" y="${Math.round(height / 2 + size / 3)}" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${headline}</text>
<rect x="${width - Math.round(width * 0.24)}" y="${Math.round(height * 0.28)}" width="${Math.round(width * 0.2)}" height="${Math.round(height * 0.44)}" rx="${Math.round(height * 0.1)}" fill="#ffd166"/>
<text x="${width - Math.round(width * 0.14)}" y="${Math.round(height / 2 + size / 3)}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${Math.round(size * 0.8)}" fill="#2b1055">JOIN</text>
</svg>`;
}

const CREATIVES: Record<string, [number, number, string]> = {
  '/creative/desktop-728x90.svg': [728, 90, 'Partner Premium, all in 4K'],
  '/creative/mobile-320x100.svg': [320, 100, 'Premium in 4K'],
  '/creative/header-320x50.svg': [320, 50, 'Live now'],
};

export async function startFakeAdProvider(
  opts: { tagFailures?: number } = {},
): Promise<FakeAdProvider> {
  const hits: ProviderHit[] = [];
  let tagFailures = opts.tagFailures ?? 0;
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    hits.push({ path: url.pathname, query: url.searchParams, at: Date.now() });
    const creative = CREATIVES[url.pathname];
    if (creative) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' });
      res.end(bannerSvg(...creative));
      return;
    }
    switch (url.pathname) {
      case '/counter.js':
        // A counter reports back to its own origin, as real ones do (an image beacon).
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
        res.end(
          `window.fakeCounter = ${JSON.stringify(url.searchParams.get('id'))};
new Image().src = ${JSON.stringify(`http://${req.headers.host}/counter-hit`)} + '?page=' + encodeURIComponent(location.href);`,
        );
        return;
      case '/tag.js':
        if (tagFailures > 0) {
          tagFailures -= 1;
          res.writeHead(503, { 'cache-control': 'no-store' });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
        res.end(
          `(window.fakeTagViews = window.fakeTagViews || []).push(${JSON.stringify(url.searchParams.get('url'))});`,
        );
        return;
      case '/frame.html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!doctype html><body style="margin:0;background:#2b1055;color:#fff;font:700 16px sans-serif;display:grid;place-items:center;height:100vh">Framed partner offer</body>',
        );
        return;
      default:
        res.writeHead(204);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    on: (path) => hits.filter((hit) => hit.path === path),
    failTags(count) {
      tagFailures = count;
    },
    async siteEnv(adsFile, { adEvents = true } = {}) {
      await writeFile(
        adsFile,
        JSON.stringify({
          button: { url: 'https://premium.example/join?source=button' },
          promo: [
            {
              id: 'promo-desktop',
              device: 'desktop',
              type: 'image',
              src: `${origin}/creative/desktop-728x90.svg`,
              url: 'https://premium.example/join?source=promo',
              width: 728,
              height: 90,
              alt: 'Partner Premium: every scene in 4K',
            },
            {
              id: 'promo-mobile',
              device: 'mobile',
              type: 'image',
              src: `${origin}/creative/mobile-320x100.svg`,
              url: 'https://premium.example/join?source=promo-mobile',
              width: 320,
              height: 100,
              alt: 'Premium in 4K',
            },
          ],
          header: [
            {
              id: 'header-live',
              type: 'image',
              src: `${origin}/creative/header-320x50.svg`,
              url: 'https://live.example/?source=header',
              width: 320,
              height: 50,
              alt: 'Live now',
            },
          ],
          links: [
            {
              id: 'cams',
              label: { en: 'Live cams', de: 'Live-Cams' },
              url: 'https://live.example/',
            },
            { id: 'dating', label: 'Dating', url: 'https://dating.example/' },
          ],
        }),
      );
      return {
        ADS_FILE: adsFile,
        ANALYTICS_COUNTER_URL: `${origin}/counter.js`,
        ANALYTICS_COUNTER_ID: 'counter-77',
        ANALYTICS_TAG_URL: `${origin}/tag.js`,
        ANALYTICS_TAG_ID: 'tag-42',
        AD_EVENTS: adEvents ? 'true' : 'false',
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
