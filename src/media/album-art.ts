import sharp from 'sharp';

// Demo album photos (docs/decisions/0032): plainly synthetic pictures, a gradient with a few
// flat shapes and a caption saying what they are, never anything that could pass for a
// person. The same seed gives the same picture. Like placeholder-art.ts, only gradients and
// plain shapes, which librsvg draws in a few milliseconds; text uses the system's sans font.

export interface AlbumArtItem {
  seed: number;
  width: number;
  height: number;
  /** The album's hue (0-360): its photos look like one set. */
  hue: number;
  /** Caption lines: the album's title and "photo n of m". */
  title: string;
  index: number;
  count: number;
}

const JPEG = { quality: 80, mozjpeg: false } as const;
const WEBP = { quality: 70, effort: 2 } as const;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const hsl = (h: number, s: number, l: number, a = 1) =>
  `hsla(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%,${a.toFixed(2)})`;

/** The SVG of one demo photo. */
export function albumArtSvg(item: AlbumArtItem): string {
  const { width: w, height: h } = item;
  if (!(Number.isInteger(w) && Number.isInteger(h) && w > 0 && h > 0)) {
    throw new RangeError(`Invalid art size: ${w}x${h}`);
  }
  const rnd = mulberry32(item.seed);
  const hue = item.hue + (rnd() - 0.5) * 50;
  const parts: string[] = [];
  const angle = Math.round(rnd() * 360);
  parts.push(
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">` +
      `<stop offset="0" stop-color="${hsl(hue, 70, 30 + rnd() * 15)}"/>` +
      `<stop offset="1" stop-color="${hsl(hue + 40 + rnd() * 60, 75, 55 + rnd() * 15)}"/>` +
      '</linearGradient></defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
  );
  const side = Math.min(w, h);
  const shapes = 4 + Math.floor(rnd() * 5);
  for (let i = 0; i < shapes; i++) {
    const x = rnd() * w;
    const y = rnd() * h;
    const size = side * (0.08 + rnd() * 0.3);
    const fill = hsl(hue + 150 + rnd() * 90, 80, 45 + rnd() * 40, 0.35 + rnd() * 0.45);
    switch (Math.floor(rnd() * 3)) {
      case 0:
        parts.push(
          `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${size.toFixed(0)}" fill="${fill}"/>`,
        );
        break;
      case 1: {
        const turn = Math.round(rnd() * 90);
        parts.push(
          `<rect x="${(x - size).toFixed(0)}" y="${(y - size / 2).toFixed(0)}" width="${(size * 2).toFixed(0)}" height="${size.toFixed(0)}" rx="${(size / 5).toFixed(0)}" fill="${fill}" transform="rotate(${turn} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
        );
        break;
      }
      default: {
        const points = [0, 1, 2]
          .map((k) => {
            const a = rnd() * 0.6 + (k * 2 * Math.PI) / 3;
            return `${(x + Math.cos(a) * size).toFixed(0)},${(y + Math.sin(a) * size).toFixed(0)}`;
          })
          .join(' ');
        parts.push(`<polygon points="${points}" fill="${fill}"/>`);
      }
    }
  }
  // A caption band: what the picture is, readable on any of the colours above.
  const band = Math.round(side * 0.2);
  const pad = Math.round(side * 0.05);
  const heading = `Demo photo ${item.index} / ${item.count}`;
  const caption = `${item.title.slice(0, 48)} · synthetic image`;
  // Centred and sized to fit the middle square (a sans glyph is about 0.6 of the font size
  // wide), so the caption stays whole in the album grid's square thumbnails.
  const fontSize = (text: string, share: number) =>
    Math.round(Math.min(band * share, (side - 2 * pad) / (text.length * 0.6)));
  const big = fontSize(heading, 0.36);
  const small = fontSize(caption, 0.2);
  parts.push(
    `<rect y="${h - band}" width="${w}" height="${band}" fill="rgba(10,8,16,0.55)"/>`,
    `<g font-family="DejaVu Sans, Verdana, sans-serif" fill="#fff" text-anchor="middle">`,
    `<text x="${w / 2}" y="${h - band + pad + big * 0.8}" font-size="${big}" font-weight="700">${escapeXml(heading)}</text>`,
    `<text x="${w / 2}" y="${h - pad * 0.8}" font-size="${small}" fill-opacity="0.85">${escapeXml(caption)}</text>`,
    '</g>',
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join('')}</svg>`;
}

/** The photo (JPEG) and its thumbnail (WebP, short side `thumbSide`) from one render. */
export async function renderAlbumArt(
  item: AlbumArtItem,
  thumbSide: number,
): Promise<{ photo: Buffer; thumb: Buffer }> {
  const { data, info } = await sharp(Buffer.from(albumArtSvg(item)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [photo, thumb] = await Promise.all([
    sharp(data, raw).jpeg(JPEG).toBuffer(),
    sharp(data, raw).resize(thumbSide, thumbSide, { fit: 'outside' }).webp(WEBP).toBuffer(),
  ]);
  return { photo, thumb };
}
