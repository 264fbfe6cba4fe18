import { expect, inject } from 'vitest';
import { thousandsFolder } from '../../src/contracts/folders.ts';

// Demo videos the media pipeline has been through. The demo encodes its clips while the
// tests run (decision 0033), so the first tests of a file may wait for one.

const baseUrl = inject('baseUrl');

/** The fields of the video API's answer the browser tests read. */
export interface PlayableVideo {
  video_id: string;
  dir: string;
  title: string;
  hls: string;
  timeline: string;
  is_private: string;
  status_id: string;
  likes: string;
  tags: Record<string, { dir: string; title: string }>;
}

/** The video API's answer for one video. */
export async function videoDetail(id: string | number): Promise<PlayableVideo> {
  const n = Number(id);
  const res = await fetch(`${baseUrl}/api/json/video/0/${thousandsFolder(n)}/${n}.json`);
  return ((await res.json()) as { video: PlayableVideo }).video;
}

/**
 * The first video of the newest `pages` pages with a hover clip that `accept` takes, waited
 * for while the pipeline works (up to 280 s).
 */
export async function demoVideoWhere(
  accept: (video: PlayableVideo) => boolean | Promise<boolean>,
  pages = 5,
): Promise<PlayableVideo> {
  let found: PlayableVideo | undefined;
  await expect
    .poll(
      async () => {
        found = await firstWhere(accept, pages);
        return found !== undefined;
      },
      { timeout: 280_000, interval: 2_000 },
    )
    .toBe(true);
  if (!found) throw new Error('no such demo video');
  return found;
}

let playable: Promise<PlayableVideo> | undefined;

/** A video with a stream (once a file: kept for its tests). */
export function playableVideo(): Promise<PlayableVideo> {
  playable ??= demoVideoWhere((video) => video.hls !== '');
  return playable;
}

/** Its page's address. */
export async function playableVideoPath(): Promise<string> {
  const video = await playableVideo();
  return `/videos/${video.video_id}/${video.dir}/`;
}

async function firstWhere(
  accept: (video: PlayableVideo) => boolean | Promise<boolean>,
  pages: number,
): Promise<PlayableVideo | undefined> {
  for (let page = 1; page <= pages; page++) {
    const list = (await (
      await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/60/..${page}.all..all.json`)
    ).json()) as { videos: { video_id: string; preview_clip: string }[]; pages: number };
    // A listed video with a hover clip has been through the pipeline's first steps.
    for (const item of list.videos.filter((v) => v.preview_clip !== '')) {
      const video = await videoDetail(item.video_id);
      if (await accept(video)) return video;
    }
    if (page >= list.pages) return undefined;
  }
  return undefined;
}
