import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdsConfig, loadAdsFile, loadConfig } from '../config.ts';
import { thirdPartySources } from '../kernel/http/security.ts';
import type { AdEventCount } from './ads.repository.ts';
import {
  AD_EVENTS_MAX_KEYS,
  AD_EVENTS_PER_ADDRESS,
  createAdEventCounter,
  createLayoutAds,
  deviceOf,
  pageAnalytics,
} from './ads.service.ts';

// The operator's layout ads and analytics (decision 0035): the ads file, the device a page is
// drawn for, what a page is told, what the CSP lets in, and how ad events are added up.

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const OLD_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-ads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function adsFile(content: unknown): Promise<string> {
  const file = path.join(dir, `ads-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

const creative = (over: Record<string, unknown> = {}) => ({
  type: 'image',
  src: 'https://cdn.partner.example/728x90.jpg',
  url: 'https://partner.example/join',
  width: 728,
  height: 90,
  ...over,
});

describe('deviceOf', () => {
  it('takes the client hint first, then the User-Agent; tablets get the desktop creative', () => {
    expect(deviceOf({ 'sec-ch-ua-mobile': '?1', 'user-agent': DESKTOP })).toBe('mobile');
    expect(deviceOf({ 'sec-ch-ua-mobile': '?0', 'user-agent': PHONE })).toBe('desktop');
    for (const agent of [PHONE, IPHONE]) expect(deviceOf({ 'user-agent': agent })).toBe('mobile');
    for (const agent of [OLD_IPAD, ANDROID_TABLET, DESKTOP, '']) {
      expect(deviceOf({ 'user-agent': agent }), agent).toBe('desktop');
    }
    expect(deviceOf({})).toBe('desktop');
  });
});

describe('ADS_FILE', () => {
  it('is nothing at all when unset', () => {
    expect(loadAdsFile(undefined)).toEqual({ button: '', promo: [], header: [], links: [] });
    expect(createLayoutAds(loadAdsFile(undefined)).forPage({ lang: 'en', headers: {} })).toBe(
      undefined,
    );
  });

  it('reads the button, banners and links, and names those without an id', async () => {
    const ads = loadAdsFile(
      await adsFile({
        button: { url: 'https://premium.example/' },
        promo: [
          creative(),
          creative({ id: 'summer', device: 'mobile', type: 'iframe', url: undefined }),
        ],
        header: [creative({ src: '/promo/header.png', width: 320, height: 50 })],
        links: [{ label: 'Cams', url: 'https://cams.example/' }],
      }),
    );
    expect(ads.button).toBe('https://premium.example/');
    expect(ads.promo.map((c) => [c.id, c.device, c.type])).toEqual([
      ['promo-1', 'any', 'image'],
      ['summer', 'mobile', 'iframe'],
    ]);
    expect(ads.header[0]).toMatchObject({ id: 'header-1', alt: '' });
    expect(ads.links).toEqual([{ id: 'link-1', label: 'Cams', url: 'https://cams.example/' }]);
  });

  it('refuses, with the reason, what would be unsafe or cannot be laid out', async () => {
    const refused: [unknown, RegExp][] = [
      ['{not json', /ADS_FILE/],
      [{ promo: [creative({ src: 'http://cdn.example/a.jpg' })] }, /promo\.0\.src/],
      [{ promo: [creative({ src: 'javascript:alert(1)' })] }, /promo\.0\.src/],
      [{ promo: [creative({ url: 'javascript:alert(1)' })] }, /promo\.0\.url/],
      [{ promo: [creative({ url: undefined })] }, /an image needs the url/],
      [{ header: [creative({ width: 0 })] }, /header\.0\.width/],
      [{ links: [{ label: '', url: 'https://a.example/' }] }, /links\.0\.label/],
      [{ links: [{ label: 'A', url: '//evil.example/' }] }, /links\.0\.url/],
      [{ popunder: [] }, /popunder/],
    ];
    for (const [content, reason] of refused) {
      const file = await adsFile(content);
      expect(() => loadAdsFile(file), JSON.stringify(content)).toThrow(reason);
    }
    expect(() => loadAdsFile(path.join(dir, 'missing.json'))).toThrow(/ADS_FILE/);
  });

  it('reads the example of the documentation', () => {
    const example = loadAdsFile(path.join(import.meta.dirname, '../../../docs/ads.example.json'));
    expect(example.promo.map((c) => c.device)).toEqual(['desktop', 'mobile']);
    expect(example.links).toHaveLength(2);
  });

  it('allows plain http only on this machine', async () => {
    const file = await adsFile({ promo: [creative({ src: 'http://127.0.0.1:9/a.svg' })] });
    expect(loadAdsFile(file).promo).toHaveLength(1);
  });
});

describe('createLayoutAds', () => {
  const config: AdsConfig = {
    button: 'https://premium.example/',
    promo: [
      { ...creative({ id: 'wide', device: 'desktop' }), alt: '' } as AdsConfig['promo'][0],
      {
        ...creative({ id: 'small', device: 'mobile', width: 320, height: 100 }),
        alt: '',
      } as AdsConfig['promo'][0],
    ],
    header: [
      {
        ...creative({ id: 'top', device: 'any', width: 320, height: 50 }),
        alt: '',
      } as AdsConfig['header'][0],
    ],
    links: [
      { id: 'cams', label: { en: 'Live cams', de: 'Live-Cams' }, url: 'https://cams.example/' },
    ],
  };

  it('gives a phone the mobile creative and the header banner, a desktop neither of those', () => {
    const ads = createLayoutAds(config, () => 0);
    const phone = ads.forPage({ lang: 'en', headers: { 'user-agent': PHONE } });
    expect(phone?.promo).toMatchObject({ id: 'small', width: 320, height: 100 });
    expect(phone?.header).toMatchObject({ id: 'top' });
    const desktop = ads.forPage({ lang: 'en', headers: { 'user-agent': DESKTOP } });
    expect(desktop?.promo).toMatchObject({ id: 'wide', width: 728, height: 90 });
    expect(desktop?.header).toBeUndefined();
    expect(desktop?.button).toBe('https://premium.example/');
    expect(ads.byDevice).toBe(true);
  });

  it('names the links in the page’s language, English when it has none', () => {
    const ads = createLayoutAds(config);
    expect(ads.forPage({ lang: 'de', headers: {} })?.links[0]?.label).toBe('Live-Cams');
    expect(ads.forPage({ lang: 'ja', headers: {} })?.links[0]?.label).toBe('Live cams');
  });

  it('does not vary by device when nothing depends on it', () => {
    expect(createLayoutAds({ ...config, promo: [], header: [] }).byDevice).toBe(false);
  });
});

describe('analytics', () => {
  it('is off unless configured; members are told of no ad events', () => {
    const off = loadConfig({ DATA_DIR: dir }).analytics;
    expect(off).toEqual({ counter: undefined, tag: undefined, adEvents: false });
    expect(pageAnalytics(off, false)).toBeUndefined();
    const on = loadConfig({
      DATA_DIR: dir,
      ANALYTICS_COUNTER_URL: 'https://mc.metrics.example/tag.js',
      ANALYTICS_COUNTER_ID: '12345',
      ANALYTICS_TAG_URL: 'https://tags.example/pv.js?v=2',
      ANALYTICS_TAG_ID: 'G-1',
      AD_EVENTS: 'true',
    }).analytics;
    expect(on).toEqual({
      counter: 'https://mc.metrics.example/tag.js?id=12345',
      tag: 'https://tags.example/pv.js?v=2&id=G-1',
      adEvents: true,
    });
    expect(pageAnalytics(on, false)).toEqual({
      counter: on.counter,
      tag: on.tag,
      adEvents: true,
    });
    expect(pageAnalytics(on, true)).toEqual({ counter: on.counter, tag: on.tag });
    expect(pageAnalytics({ ...on, counter: undefined, tag: undefined }, true)).toBeUndefined();
  });

  it('refuses a provider that is not https', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir, ANALYTICS_COUNTER_URL: 'http://metrics.example/tag.js' }),
    ).toThrow(/ANALYTICS_COUNTER_URL/);
  });
});

describe('thirdPartySources', () => {
  it('lets in the providers for scripts and beacons, banners only for their image or frame', async () => {
    const ads = loadAdsFile(
      await adsFile({
        promo: [
          creative({ src: 'https://img.partner.example/a.jpg' }),
          creative({ src: '/promo/own.jpg' }),
          creative({ type: 'iframe', src: 'https://frames.partner.example/300x100.html' }),
        ],
      }),
    );
    const analytics = {
      counter: 'https://mc.metrics.example/tag.js?id=1',
      tag: 'https://tags.example/pv.js',
      adEvents: true,
    };
    expect(thirdPartySources(ads, analytics)).toEqual({
      scripts: ['https://mc.metrics.example', 'https://tags.example'],
      images: ['https://mc.metrics.example', 'https://tags.example', 'https://img.partner.example'],
      frames: ['https://frames.partner.example'],
      connect: ['https://mc.metrics.example', 'https://tags.example'],
    });
    expect(
      thirdPartySources(loadAdsFile(undefined), {
        counter: undefined,
        tag: undefined,
        adEvents: true,
      }),
    ).toEqual({ scripts: [], images: [], frames: [], connect: [] });
  });
});

describe('createAdEventCounter', () => {
  function counterWith(now = new Date('2026-11-26T10:00:00Z')) {
    const written: AdEventCount[][] = [];
    const counter = createAdEventCounter({
      ads: { addEventCounts: async (counts) => void written.push(counts) },
      now: () => now,
    });
    return { counter, written };
  }

  it('adds up impressions and clicks per day, slot and ad, and writes them once', async () => {
    const { counter, written } = counterWith();
    expect(
      counter.add(
        [
          ['i', 'promo', 'wide'],
          ['i', 'promo', 'wide'],
          ['c', 'promo', 'wide'],
          ['i', 'footer', 'sister-2'],
        ],
        '203.0.113.1',
      ),
    ).toBe(4);
    await counter.flush();
    expect(written).toEqual([
      [
        { day: '2026-11-26', slot: 'promo', ad: 'wide', impressions: 2, clicks: 1 },
        { day: '2026-11-26', slot: 'footer', ad: 'sister-2', impressions: 1, clicks: 0 },
      ],
    ]);
    // Written once: the next interval starts from nothing.
    await counter.flush();
    expect(written[1]).toEqual([]);
  });

  it('takes a limited number of events per address and of different ads per interval', async () => {
    const { counter, written } = counterWith();
    const many = Array.from({ length: 50 }, () => ['i', 'footer', 'sister-1'] as const);
    let taken = 0;
    for (let i = 0; i < 10; i++) taken += counter.add([...many] as never, '203.0.113.9');
    expect(taken).toBe(AD_EVENTS_PER_ADDRESS);
    expect(counter.add([['i', 'footer', 'sister-1']], '203.0.113.10')).toBe(1);
    await counter.flush();
    expect(written[0]?.[0]?.impressions).toBe(AD_EVENTS_PER_ADDRESS + 1);
    // A flood of made-up ids from many addresses stops at the bound.
    for (let i = 0; i < AD_EVENTS_MAX_KEYS + 10; i++) {
      counter.add([['i', 'footer', `made-up-${i}`]], `198.51.100.${i}`);
    }
    await counter.flush();
    expect(written[1]).toHaveLength(AD_EVENTS_MAX_KEYS);
  });

  it('keeps writing after a write failed', async () => {
    let fail = true;
    const written: AdEventCount[][] = [];
    const counter = createAdEventCounter({
      ads: {
        addEventCounts: async (counts) => {
          if (fail) throw new Error('database away');
          written.push(counts);
        },
      },
    });
    counter.add([['c', 'links', 'cams']], '203.0.113.1');
    await expect(counter.flush()).rejects.toThrow('database away');
    fail = false;
    counter.add([['c', 'links', 'cams']], '203.0.113.1');
    await counter.flush();
    expect(written[0]?.[0]).toMatchObject({ slot: 'links', ad: 'cams', clicks: 1 });
  });
});
