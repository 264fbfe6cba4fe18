import { expect, inject } from 'vitest';
import { thousandsFolder } from '../../src/contracts/folders.ts';

// A demo video the media pipeline has made playable. The demo encodes its clips while the
// tests run (decision 0033), so the first tests of a file may wait for one.

const baseUrl = inject('baseUrl');

/** The fields of the video API's answer the browser tests read. */
export interface PlayableVideo {
  video_id: string;
  dir: string;
  title: string;
  hls: string;
  status_id: string;
  tags: Record<string, { dir: string; title: string }>;
}

let found: Promise<PlayableVideo> | undefined;

/** The first playable video of the newest five pages (once a file: kept for its tests). */
export function playableVideo(): Promise<PlayableVideo> {
  found ??= (async () => {
    let video: PlayableVideo | undefined;
    await expect
      .poll(
        async () => {
          video = await firstPlayable();
          return video !== undefined;
        },
        { timeout: 280_000, interval: 2_000 },
      )
      .toBe(true);
    if (!video) throw new Error('no playable video');
    return video;
  })();
  return found;
}

/** Its page's address. */
export async function playableVideoPath(): Promise<string> {
  const video = await playableVideo();
  return `/videos/${video.video_id}/${video.dir}/`;
}

async function firstPlayable(): Promise<PlayableVideo | undefined> {
  for (let page = 1; page <= 5; page++) {
    const list = (await (
      await fetch(`${baseUrl}/api/json/videos2/0/str/latest-updates/60/..${page}.all..all.json`)
    ).json()) as { videos: { video_id: string; preview_clip: string }[] };
    // A listed video with a hover clip has been through the pipeline's first steps.
    for (const item of list.videos.filter((v) => v.preview_clip !== '')) {
      const id = Number(item.video_id);
      const res = await fetch(`${baseUrl}/api/json/video/0/${thousandsFolder(id)}/${id}.json`);
      const { video } = (await res.json()) as { video: PlayableVideo };
      if (video.hls) return video;
    }
  }
  return undefined;
}
