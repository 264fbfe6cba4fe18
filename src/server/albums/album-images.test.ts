import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE, THUMB_SHORT_SIDE } from '../../media/album-sizes.ts';
import { renderAlbumPhoto, sniffImage } from './album-images.ts';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 60, b: 120 } } });

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImage(await picture(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await picture(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImage(await picture(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImage(await picture(8, 8).gif().toBuffer())).toBeUndefined();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0AVI '))).toBeUndefined();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('renderAlbumPhoto', () => {
  it('re-encodes without metadata, upright, bounded, with a thumbnail', async () => {
    // Stored 3000 wide and 1200 high with EXIF orientation 6: shown 1200 wide, 3000 high.
    const input = await picture(3000, 1200)
      .jpeg()
      .withExif({ IFD0: { Artist: 'Private Person' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await renderAlbumPhoto(input);
    if (!result.ok) throw new Error(result.code);
    expect(result.height).toBe(PHOTO_MAX_SIDE);
    expect(result.width).toBe(Math.round((1200 * PHOTO_MAX_SIDE) / 3000));
    const photo = await sharp(result.photo).metadata();
    expect(photo).toMatchObject({ format: 'jpeg', width: result.width, height: result.height });
    expect(photo.exif).toBeUndefined();
    expect(photo.orientation).toBeUndefined();
    const thumb = await sharp(result.thumb).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(THUMB_SHORT_SIDE);
    expect(thumb.exif).toBeUndefined();
  });

  it('keeps a small photo at its size and flattens transparency', async () => {
    const input = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await renderAlbumPhoto(input);
    if (!result.ok) throw new Error(result.code);
    expect([result.width, result.height]).toEqual([300, 200]);
    expect((await sharp(result.thumb).metadata()).height).toBe(200);
  });

  it('refuses what is not a JPEG, PNG or WebP, whatever sharp could read', async () => {
    for (const input of [
      Buffer.from('not an image at all'),
      await picture(200, 200).gif().toBuffer(),
      await picture(200, 200).avif().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"/>'),
    ]) {
      expect(await renderAlbumPhoto(input)).toEqual({ ok: false, code: 'file_invalid_type' });
    }
  });

  it('refuses a JPEG cut short, and a PNG header in front of other bytes', async () => {
    const jpeg = await picture(400, 400).jpeg().toBuffer();
    expect(await renderAlbumPhoto(jpeg.subarray(0, jpeg.length / 2))).toMatchObject({
      ok: false,
      code: 'file_invalid_type',
    });
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      jpeg,
    ]);
    expect(await renderAlbumPhoto(fake)).toMatchObject({ ok: false, code: 'file_invalid_type' });
  });

  it('refuses a photo under 100x100 with the minimum, and one over 50 megapixels', async () => {
    expect(await renderAlbumPhoto(await picture(99, 400).png().toBuffer())).toEqual({
      ok: false,
      code: 'invalid_img_size',
      info: { width: 100, height: 100 },
    });
    // A tiny PNG whose header claims 8000x8000: 64 megapixels, refused from the header alone.
    const bomb = await picture(10, 10).png().toBuffer();
    bomb.writeUInt32BE(8000, 16);
    bomb.writeUInt32BE(8000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(await renderAlbumPhoto(bomb)).toMatchObject({ ok: false, code: 'file_too_large' });
  });
});
