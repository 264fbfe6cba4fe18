import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { videoPreviewKey, videoThumbKey } from './keys.ts';
import { type ArtItem, artSvg, renderArt, renderVideoArt } from './placeholder-art.ts';
import type { MediaStorage } from './storage.ts';

/** A MediaStorage fake that keeps buffers in a map. */
function memoryStorage(): MediaStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  return {
    files,
    async put(key, data) {
      if (!(data instanceof Uint8Array)) throw new Error('fake takes buffers only');
      files.set(key, Buffer.from(data));
    },
    async putFile() {
      throw new Error('not used');
    },
    async putDir() {
      throw new Error('not used');
    },
    async exists(key) {
      return files.has(key);
    },
    async remove(key) {
      files.delete(key);
    },
    localPath(key) {
      return `/mem/${key}`;
    },
    url(key) {
      return `/media/${key}`;
    },
  };
}

function stored(storage: { files: Map<string, Buffer> }, key: string): Buffer {
  const data = storage.files.get(key);
  if (!data) throw new Error(`nothing stored at ${key}`);
  return data;
}

async function pixels(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(32, 18, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

describe('artSvg', () => {
  it('is deterministic per seed and differs between seeds', () => {
    expect(artSvg(7, 640, 360, 'video')).toBe(artSvg(7, 640, 360, 'video'));
    expect(artSvg(7, 640, 360, 'video')).not.toBe(artSvg(8, 640, 360, 'video'));
    expect(artSvg(7, 640, 360, 'cover')).not.toBe(artSvg(7, 640, 360, 'video'));
  });

  it('draws abstract shapes only, at the asked size', () => {
    for (const variant of ['video', 'cover', 'avatar'] as const) {
      const svg = artSvg(3, 400, 400, variant);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="400"/);
      expect(svg).not.toMatch(/<(text|image|filter|use)\b/);
    }
  });

  it('refuses non-square avatars and empty sizes', () => {
    expect(() => artSvg(1, 200, 100, 'avatar')).toThrow(RangeError);
    expect(() => artSvg(1, 0, 100, 'video')).toThrow(RangeError);
    expect(() => artSvg(1, 10.5, 100, 'cover')).toThrow(RangeError);
  });
});

describe('renderArt', () => {
  it('stores valid images of the asked sizes and formats', async () => {
    const storage = memoryStorage();
    const items: ArtItem[] = [
      {
        key: 'videos/0/0/1/preview.jpg',
        seed: 1,
        width: 640,
        height: 360,
        variant: 'video',
        format: 'jpeg',
      },
      {
        key: 'models/0/1/avatar.webp',
        seed: 2,
        width: 256,
        height: 256,
        variant: 'avatar',
        format: 'webp',
      },
      {
        key: 'categories/1/cover.webp',
        seed: 3,
        width: 480,
        height: 270,
        variant: 'cover',
        format: 'webp',
      },
    ];
    await renderArt(storage, items);

    for (const item of items) {
      const meta = await sharp(stored(storage, item.key)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        item.format,
        item.width,
        item.height,
      ]);
    }
  });

  it('gives two seeds visibly different pictures', async () => {
    const storage = memoryStorage();
    const item = { width: 320, height: 180, variant: 'video', format: 'jpeg' } as const;
    await renderArt(storage, [
      { ...item, key: 'a.jpg', seed: 1 },
      { ...item, key: 'b.jpg', seed: 2 },
    ]);
    const [a, b] = await Promise.all([
      pixels(stored(storage, 'a.jpg')),
      pixels(stored(storage, 'b.jpg')),
    ]);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    expect(diff / a.length).toBeGreaterThan(5);
  });

  it('handles more items than workers, and none', async () => {
    const storage = memoryStorage();
    const items = Array.from({ length: 5 }, (_, i) => ({
      key: `covers/${i}.webp`,
      seed: i,
      width: 64,
      height: 36,
      variant: 'cover' as const,
      format: 'webp' as const,
    }));
    await renderArt(storage, items, 2);
    expect([...storage.files.keys()].sort()).toEqual(items.map((i) => i.key));
    await expect(renderArt(storage, [])).resolves.toBeUndefined();
  });
});

describe('renderVideoArt', () => {
  it('writes the 640x360 preview JPEG and the 320x180 thumb WebP of one picture', async () => {
    const storage = memoryStorage();
    await renderVideoArt(storage, 12345, 99);

    const preview = stored(storage, videoPreviewKey(12345));
    const thumb = stored(storage, videoThumbKey(12345));
    const [p, t] = await Promise.all([sharp(preview).metadata(), sharp(thumb).metadata()]);
    expect([p.format, p.width, p.height]).toEqual(['jpeg', 640, 360]);
    expect([t.format, t.width, t.height]).toEqual(['webp', 320, 180]);

    // Same picture: the thumb matches the preview far better than another seed's art does.
    const other = memoryStorage();
    await renderVideoArt(other, 1, 100);
    const [pp, tp, op] = await Promise.all([
      pixels(preview),
      pixels(thumb),
      pixels(stored(other, videoThumbKey(1))),
    ]);
    const distance = (x: Buffer, y: Buffer) =>
      x.reduce((sum, v, i) => sum + Math.abs(v - (y[i] ?? 0)), 0) / x.length;
    expect(distance(pp, tp)).toBeLessThan(4);
    expect(distance(op, tp)).toBeGreaterThan(distance(pp, tp) * 3);
  });
});
