import { describe, expect, it } from 'vitest';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import {
  cachedVisibility,
  createMediaAccess,
  parseAlbumKey,
  parseVideoKey,
  signedAlbumPrefix,
} from './media-access.ts';

const videos: Record<number, { status_id: number; is_private: number; media?: { pool?: number } }> =
  {
    1: { status_id: VIDEO_STATUS.active, is_private: 0 },
    2: { status_id: VIDEO_STATUS.active, is_private: 1 },
    3: { status_id: VIDEO_STATUS.deleted, is_private: 0 },
    4: { status_id: VIDEO_STATUS.processing, is_private: 0 },
    // A shared demo clip (decision 0033) and a disabled video.
    5: { status_id: VIDEO_STATUS.disabled, is_private: 0, media: { pool: 0 } },
    6: { status_id: VIDEO_STATUS.disabled, is_private: 0, media: {} },
    10: { status_id: VIDEO_STATUS.removed, is_private: 1 },
  };

// 7 public, 8 private, 9 deleted.
const albums: Record<number, { status_id: number; is_private: number }> = {
  7: { status_id: 1, is_private: 0 },
  8: { status_id: 1, is_private: 1 },
  9: { status_id: 5, is_private: 0 },
};

const SECRET = 'test-secret-test-secret-test-secret';
let clock = Date.parse('2026-11-23T10:10:00Z');
const access = createMediaAccess({
  secret: SECRET,
  visibility: async (id) => videos[id],
  albumVisibility: async (id) => albums[id],
  now: () => clock,
});

describe('parseVideoKey', () => {
  it('reads the video id of a key in its own folders only', () => {
    expect(parseVideoKey('videos/0/12000/12345/g1/hls/720/seg_00001.m4s')).toEqual({
      id: 12345,
      file: 'g1/hls/720/seg_00001.m4s',
    });
    expect(parseVideoKey('videos/0/0/12345/preview.jpg')).toBeUndefined();
    expect(parseVideoKey('sources/0/12000/12345.mp4')).toBeUndefined();
  });
});

describe('parseAlbumKey', () => {
  it('reads photos and thumbnails of an album in its own folders only', () => {
    expect(parseAlbumKey('albums/0/12000/12345/678.jpg')).toEqual({
      id: 12345,
      photoId: 678,
      thumb: false,
    });
    expect(parseAlbumKey('albums/0/0/8/80_thumb.webp')).toEqual({
      id: 8,
      photoId: 80,
      thumb: true,
    });
    for (const key of [
      'albums/0/0/12345/678.jpg',
      'albums/0/0/8/80.png',
      'albums/0/0/8/cover.jpg',
      'albums/0/0/8/sub/80.jpg',
      'albums/0/0/8',
      'albums/x',
    ]) {
      expect(parseAlbumKey(key), key).toBeUndefined();
    }
  });
});

describe('public media access', () => {
  const allowed = async (key: string) => (await access.publicAccess(key)).allow;

  it('serves every file of a shared demo clip, hidden as it is, and no other hidden video’s', async () => {
    for (const file of [
      'g1/hls/master.m3u8',
      'g1/hls/720/seg_00001.m4s',
      'hover.mp4',
      '5_hq.mp4',
    ]) {
      expect(await access.publicAccess(`videos/0/0/5/${file}`)).toEqual({
        allow: true,
        cache: 'public',
      });
      expect(await allowed(`videos/0/0/6/${file.replace('5_', '6_')}`)).toBe(false);
    }
    // Its source stays unserved like every source.
    expect(await allowed('sources/0/0/5.mp4')).toBe(false);
  });

  it('serves every file of an active public video and the pictures of others', async () => {
    expect(await allowed('videos/0/0/1/g1/hls/master.m3u8')).toBe(true);
    expect(await allowed('videos/0/0/1/1_hq.mp4')).toBe(true);
    expect(await allowed('videos/0/0/2/preview.jpg')).toBe(true);
    expect(await allowed('videos/0/0/2/screenshots/3.jpg')).toBe(true);
    expect(await allowed('models/0/5/avatar.webp')).toBe(true);
  });

  it('refuses playback files of private videos and anything of deleted or missing ones', async () => {
    expect(await allowed('videos/0/0/2/g1/hls/master.m3u8')).toBe(false);
    expect(await allowed('videos/0/0/2/2_hq.mp4')).toBe(false);
    expect(await allowed('videos/0/0/2/hover.mp4')).toBe(false);
    expect(await allowed('videos/0/0/3/preview.jpg')).toBe(false);
    expect(await allowed('videos/0/0/3/g1/hls/master.m3u8')).toBe(false);
    expect(await allowed('videos/0/0/9/preview.jpg')).toBe(false);
    expect(await allowed('videos/0/0/4/g1/hls/240/index.m3u8')).toBe(false);
    expect(await allowed('videos/0/0/4/thumb.webp')).toBe(true);
  });

  it('serves an active public album; nothing of a private one, its cover neither', async () => {
    expect(await allowed('albums/0/0/7/71.jpg')).toBe(true);
    expect(await allowed('albums/0/0/7/71_thumb.webp')).toBe(true);
    expect(await allowed('albums/0/0/8/80_thumb.webp')).toBe(false);
    expect(await allowed('albums/0/0/8/80.jpg')).toBe(false);
    expect(await allowed('albums/0/0/8/81_thumb.webp')).toBe(false);
    expect(await allowed('albums/0/0/9/90_thumb.webp')).toBe(false);
    expect(await allowed('albums/0/0/6/60.jpg')).toBe(false);
    expect(await allowed('albums/0/0/7/notes.txt')).toBe(false);
  });

  it('never serves sources or keys outside the known folders', async () => {
    expect(await allowed('sources/0/0/1.mp4')).toBe(false);
    // The pipeline's work folders (jobs/media-work.ts): half-made files and pid files.
    expect(await allowed('work/1-hls-720/attempt-0a1b2c/720/seg_00000.m4s')).toBe(false);
    expect(await allowed('work/1-hls-720/ffmpeg.pid')).toBe(false);
    expect(await allowed('secret')).toBe(false);
    expect(await allowed('videos/0/0/1/../../../../secret')).toBe(false);
  });
});

describe('signed media access', () => {
  function split(prefix: string): [string, string] {
    const [, , , expires = '', sig = ''] = prefix.split('/');
    return [expires, sig];
  }

  it('lets a signed folder URL fetch any file of that video until it expires', async () => {
    const [expires, sig] = split(access.signedPrefix(2, 600));
    expect(await access.signedAccess(expires, sig, 'videos/0/0/2/g1/hls/720/init.mp4')).toEqual({
      allow: true,
      cache: 'private',
    });
    expect((await access.signedAccess(expires, sig, 'videos/0/0/2/2_hq.mp4')).allow).toBe(true);
    // Another video's folder, a changed expiry or a changed signature do not pass.
    expect((await access.signedAccess(expires, sig, 'videos/0/0/1/g1/hls/master.m3u8')).allow).toBe(
      false,
    );
    expect(
      (await access.signedAccess(String(Number(expires) + 3600), sig, 'videos/0/0/2/x')).allow,
    ).toBe(false);
    expect(
      (await access.signedAccess(expires, `${sig.slice(0, -1)}A`, 'videos/0/0/2/x')).allow,
    ).toBe(sig.endsWith('A'));
    clock += 2 * 3600 * 1000;
    expect(
      (await access.signedAccess(expires, sig, 'videos/0/0/2/g1/hls/720/init.mp4')).allow,
    ).toBe(false);
  });

  it('stops signed links of a video once it is deleted or taken down', async () => {
    for (const id of [3, 10]) {
      const [expires, sig] = split(access.signedPrefix(id, 600));
      const key = `videos/0/0/${id}/g1/hls/720/init.mp4`;
      expect((await access.signedAccess(expires, sig, key)).allow).toBe(false);
    }
    // A demo's shared clip still serves the videos that play it.
    const [expires, sig] = split(access.signedPrefix(5, 600));
    expect((await access.signedAccess(expires, sig, 'videos/0/0/5/g1/hls/master.m3u8')).allow).toBe(
      true,
    );
  });

  it('lets a signed album folder URL fetch the photos of that album only', async () => {
    const [expires, sig] = split(signedAlbumPrefix(SECRET, 8, 600, clock));
    expect((await access.signedAccess(expires, sig, 'albums/0/0/8/81.jpg')).allow).toBe(true);
    expect((await access.signedAccess(expires, sig, 'albums/0/0/8/81_thumb.webp')).allow).toBe(
      true,
    );
    expect((await access.signedAccess(expires, sig, 'albums/0/0/7/71.jpg')).allow).toBe(false);
    expect((await access.signedAccess(expires, sig, 'albums/0/0/8/notes.txt')).allow).toBe(false);
    // A video's signature does not open the album of the same id, nor the other way round.
    const [vExpires, vSig] = split(access.signedPrefix(8, 600));
    expect((await access.signedAccess(vExpires, vSig, 'albums/0/0/8/81.jpg')).allow).toBe(false);
    expect((await access.signedAccess(expires, sig, 'videos/0/0/8/preview.jpg')).allow).toBe(false);
  });

  it('rounds expiry up to the hour so URLs stay stable within it', () => {
    expect(access.signedPrefix(2, 3600)).toBe(access.signedPrefix(2, 3600 + 60));
    expect(Number(split(access.signedPrefix(2, 3600))[0]) % 3600).toBe(0);
  });
});

describe('cachedVisibility', () => {
  it('asks the database once per video within its lifetime, and again after', async () => {
    let now = 0;
    let calls = 0;
    const lookup = cachedVisibility(
      async (id) => {
        calls++;
        return videos[id];
      },
      { ttlMs: 1000, max: 2, now: () => now },
    );
    await lookup(1);
    await lookup(1);
    expect(calls).toBe(1);
    now = 1500;
    await lookup(1);
    expect(calls).toBe(2);
    // Bounded: the oldest entry goes when a third video is looked up.
    await lookup(2);
    await lookup(3);
    await lookup(1);
    expect(calls).toBe(5);
  });
});
