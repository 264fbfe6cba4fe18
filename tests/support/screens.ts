import type { Page } from 'playwright-core';
import { thousandsFolder } from '../../src/contracts/folders.ts';
import { albumPath } from '../../src/contracts/playlists.paths.ts';

// Every screen of SPEC.md §2 as a person reaches it on the demo catalogue: where it is, and
// whether a member must be signed in. Shared by the site-wide browser checks
// (tests/e2e/sitewide.e2e.ts) and the screenshot command (scripts/screenshots.ts).

export interface Screen {
  name: string;
  /** The path to open, found on the running site (the demo catalogue is random). */
  path: (site: SiteLookup) => Promise<string>;
  /** Opened by the signed-in demo member (SPEC.md §6 member screens). */
  member?: boolean;
  /** Brings the screen into the state worth looking at (a modal open, errors shown). */
  open?: (page: Page) => Promise<void>;
  /** Only at these sizes (the ☰ menu exists on narrow screens only). */
  sizes?: readonly ScreenSize[];
}

export type ScreenSize = 'phone' | 'desktop';

/** The two sizes every screen is judged at (issue 14): a phone with touch and a laptop. */
export const SCREEN_SIZES = {
  phone: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1366, height: 768 }, hasTouch: false, isMobile: false },
} as const;

interface ListedVideo {
  video_id: string;
  dir: string;
  preview_clip: string;
}

/** Finds objects of the running site through its JSON API. */
export class SiteLookup {
  readonly #cache = new Map<string, Promise<unknown>>();

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  json<T>(path: string): Promise<T> {
    let hit = this.#cache.get(path);
    if (!hit) {
      hit = fetch(`${this.baseUrl}${path}`).then(async (res) => {
        if (!res.ok) throw new Error(`${path} answered ${res.status}`);
        return res.json();
      });
      this.#cache.set(path, hit);
    }
    return hit as Promise<T>;
  }

  async firstHref(listPath: string, pattern: RegExp): Promise<string> {
    const html = await (await fetch(`${this.baseUrl}${listPath}`)).text();
    const match = pattern.exec(html);
    if (!match?.[1]) throw new Error(`no link like ${pattern} on ${listPath}`);
    return match[1];
  }

  /** A video with its media ready (hover clip made), waiting for the demo's pipeline. */
  async playableVideo(): Promise<string> {
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      const res = await fetch(
        `${this.baseUrl}/api/json/videos2/0/str/latest-updates/60/..1.all..all.json`,
      );
      const list = (await res.json()) as { videos: ListedVideo[] };
      const video = list.videos.find((item) => item.preview_clip !== '');
      if (video) return `/videos/${video.video_id}/${video.dir}/`;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    throw new Error('no playable video');
  }

  async playlist(): Promise<string> {
    return this.firstHref('/playlists/most-popular/1/', /href="(\/playlist\/\d+\/1\/)"/);
  }

  async model(): Promise<string> {
    return this.firstHref('/models/most-popular/1/', /href="(\/model\/[a-z0-9-]+\/)"/);
  }

  async channel(): Promise<string> {
    return this.firstHref('/channels/most-popular/1/', /href="(\/channel\/[a-z0-9-]+\/)"/);
  }

  async member(): Promise<string> {
    return this.firstHref('/community/most-videos/1/', /href="(\/members\/\d+\/)"/);
  }

  async demoMemberId(): Promise<string> {
    const list = await this.json<{ members: { user_id: string; username: string }[] }>(
      '/api/json/members/0/all/filt......./latest/96/1.json?q=demo',
    );
    const demo = list.members.find((member) => member.username === 'demo');
    if (!demo) throw new Error('no demo member');
    return demo.user_id;
  }

  async videoJson(id: string): Promise<unknown> {
    return this.json(`/api/json/video/0/${thousandsFolder(Number(id))}/${id}.json`);
  }

  /** A listed demo album: its page, its second photo in the viewer, its owner. */
  async album(): Promise<{ path: string; photo: string; owner: string }> {
    const list = await this.json<{
      albums: { album_id: string; dir: string; user: { id: string } }[];
    }>('/api/json/albums/0/str/most-photos/60/..1.json');
    const album = list.albums[0];
    if (!album) throw new Error('no demo album');
    const id = Number(album.album_id);
    const detail = await this.json<{ album: { photos: { photo_id: string }[] } }>(albumPath(0, id));
    const path = `/albums/${album.album_id}/${album.dir}/`;
    return { path, photo: `${path}${detail.album.photos[1]?.photo_id}/`, owner: album.user.id };
  }
}

const videoId = (path: string) => path.replace(/^\/videos\/(\d+)\/.*$/, '$1');

export const SCREENS: Screen[] = [
  { name: 'home', path: async () => '/' },
  { name: 'video listing', path: async () => '/videos/most-popular/1/' },
  { name: 'category index', path: async () => '/categories/' },
  {
    name: 'category listing',
    path: (site) =>
      site.firstHref('/categories/', /href="(\/categories\/[a-z0-9-]+\/latest-updates\/1\/)"/),
  },
  { name: 'top country', path: async () => '/top-country/1/' },
  { name: 'search', path: async () => '/search/1/?s=summer' },
  { name: 'video page', path: (site) => site.playableVideo() },
  {
    name: 'unplayable video',
    path: (site) =>
      site.firstHref('/videos/most-popular/1/', /href="(\/videos\/\d+\/[a-z0-9-]+\/)"/),
  },
  {
    name: 'share modal',
    path: (site) => site.playableVideo(),
    open: async (page) => {
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'embed', path: async (site) => `/embed/${videoId(await site.playableVideo())}/` },
  {
    name: 'download',
    path: async (site) => `/download/?video=${videoId(await site.playableVideo())}`,
  },
  { name: 'models', path: async () => '/models/most-popular/1/' },
  { name: 'model', path: (site) => site.model() },
  { name: 'model wall', path: async (site) => `${await site.model()}wall/` },
  { name: 'model info', path: async (site) => `${await site.model()}info/` },
  { name: 'channels', path: async () => '/channels/most-popular/1/' },
  { name: 'channel', path: (site) => site.channel() },
  { name: 'playlists', path: async () => '/playlists/most-popular/1/' },
  { name: 'playlist', path: (site) => site.playlist() },
  { name: 'community', path: async () => '/community/recent/1/' },
  { name: 'member', path: (site) => site.member() },
  { name: 'member info', path: async (site) => `${await site.member()}info/` },
  { name: 'member subscriptions', path: async (site) => `${await site.member()}subscriptions/` },
  { name: 'member playlists', path: async (site) => `${await site.member()}playlists/1/` },
  { name: 'sign in', path: async () => '/signin/' },
  {
    name: 'sign up with errors',
    path: async () => '/signup/',
    open: async (page) => {
      await page.locator('main form').getByRole('button', { name: 'Create account' }).click();
      await page.getByText('This field is required').first().waitFor();
    },
  },
  { name: 'restore password', path: async () => '/restore-password/' },
  {
    name: 'login modal',
    path: async () => '/categories/',
    open: async (page) => {
      await page.locator('header').getByRole('link', { name: 'Log in' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'information', path: async () => '/information/' },
  { name: 'terms', path: async () => '/information/terms/' },
  { name: 'sitemap', path: async () => '/sitemap-page/' },
  { name: '404', path: async () => '/no/such/page/' },
  {
    name: 'member albums',
    path: async (site) => `/members/${(await site.album()).owner}/albums/1/`,
  },
  { name: 'album', path: async (site) => (await site.album()).path },
  { name: 'photo viewer', path: async (site) => (await site.album()).photo },
  {
    name: 'menu open',
    path: async () => '/',
    sizes: ['phone'],
    open: async (page) => {
      await page.locator('header').getByRole('link', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    },
  },
  {
    name: 'search suggestions',
    path: async () => '/',
    open: async (page) => {
      await page.getByRole('combobox', { name: 'Search videos' }).fill('ivy');
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    name: 'categories panel',
    path: async () => '/videos/most-popular/1/',
    open: async (page) => {
      const panel = page.getByRole('region', { name: /^Categories/ });
      const toggle = panel.getByRole('button', { name: /^Categories/ });
      if (await toggle.isVisible()) await toggle.click();
      await panel.getByRole('checkbox').nth(3).waitFor();
    },
  },
  {
    name: 'contact form',
    path: async () => '/information/support/',
    open: async (page) => {
      await page.locator('footer').getByRole('button', { name: 'Contact us' }).click();
      await page.getByRole('dialog', { name: 'Contact us' }).waitFor();
    },
  },
  { name: 'upload', path: async () => '/upload-video/', member: true },
  { name: 'profile edit', path: async () => '/edit/', member: true },
  { name: 'messages', path: async () => '/messages/', member: true },
  {
    name: 'watch later',
    path: async (site) => `/watch_later_videos/${await site.demoMemberId()}/1/`,
    member: true,
  },
  {
    name: 'own favourites',
    path: async (site) => `/members/${await site.demoMemberId()}/favourite_videos/1/`,
    member: true,
  },
  {
    name: 'own history',
    path: async (site) => `/members/${await site.demoMemberId()}/history/1/`,
    member: true,
  },
];
