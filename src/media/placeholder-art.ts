import sharp from 'sharp';
import { videoPreviewKey, videoThumbKey } from './keys.ts';
import { PREVIEW_SIZE, THUMB_SIZE } from './sizes.ts';
import type { MediaStorage } from './storage.ts';

// Demo artwork for seeded data: abstract warm "afterglow" scenes (sunsets, bokeh, soft waves),
// no text and no people, the same picture for the same seed. Only gradients and plain shapes:
// SVG filters (blur) would cost librsvg several times the whole budget of ~12 ms an image.

export type ArtVariant = 'video' | 'avatar' | 'cover';

export interface ArtItem {
  key: string;
  seed: number;
  width: number;
  height: number;
  variant: ArtVariant;
  format: 'jpeg' | 'webp';
}

const JPEG = { quality: 78, mozjpeg: false } as const;
// Measured on smooth gradients: effort 2 is ~5% larger than the default 4 at ~60% of the time.
const WEBP = { quality: 70, effort: 2 } as const;

/** An SVG document of width×height; avatars must be square. */
export function artSvg(seed: number, width: number, height: number, variant: ArtVariant): string {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new RangeError(`Invalid art size: ${width}x${height}`);
  }
  if (variant === 'avatar' && width !== height) {
    throw new RangeError(`Avatars are square, got ${width}x${height}`);
  }
  const rnd = mulberry32(seed);
  const palette = warmPalette(rnd);
  const scene = new Scene(width, height, rnd);
  switch (variant) {
    case 'video':
      sunset(scene, palette);
      break;
    case 'cover':
      glowField(scene, palette);
      break;
    case 'avatar':
      silhouette(scene, palette);
      break;
  }
  return scene.toString();
}

export async function renderArt(
  storage: MediaStorage,
  items: readonly ArtItem[],
  concurrency = 2,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const item = items[i] as ArtItem;
      const image = sharp(Buffer.from(artSvg(item.seed, item.width, item.height, item.variant)));
      const data = await (item.format === 'jpeg' ? image.jpeg(JPEG) : image.webp(WEBP)).toBuffer();
      await storage.put(item.key, data);
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker),
  );
}

/** The 640x360 preview JPEG and the 320x180 WebP thumb of a video, from one SVG render. */
export async function renderVideoArt(
  storage: MediaStorage,
  videoId: number,
  seed: number,
): Promise<void> {
  const svg = artSvg(seed, PREVIEW_SIZE.width, PREVIEW_SIZE.height, 'video');
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [preview, thumb] = await Promise.all([
    sharp(data, raw).jpeg(JPEG).toBuffer(),
    sharp(data, raw).resize(THUMB_SIZE.width, THUMB_SIZE.height).webp(WEBP).toBuffer(),
  ]);
  await storage.put(videoPreviewKey(videoId), preview);
  await storage.put(videoThumbKey(videoId), thumb);
}

// --- composition ---------------------------------------------------------------------------

interface Palette {
  /** Top of the sky down to the horizon glow. */
  sky: [string, string, string, string];
  sun: string;
  glow: string;
  hill: [string, string];
  light: string;
}

function warmPalette(rnd: () => number): Palette {
  // Hues drift together so each seed is its own evening: pinker, redder or more golden.
  const d = (rnd() - 0.5) * 30;
  const dusk = 250 + rnd() * 40 + d;
  return {
    sky: [
      hsl(dusk, 45, 14 + rnd() * 8),
      hsl(300 + rnd() * 35 + d, 50, 32 + rnd() * 10),
      hsl(345 + rnd() * 25 + d, 75, 52 + rnd() * 8),
      hsl(25 + rnd() * 20 + d, 92, 62 + rnd() * 8),
    ],
    sun: hsl(45 + rnd() * 10, 100, 88),
    glow: hsl(20 + rnd() * 20 + d, 100, 62),
    hill: [hsl(dusk + 20, 40, 18 + rnd() * 6), hsl(320 + d, 45, 22 + rnd() * 6)],
    light: hsl(30 + rnd() * 25, 100, 85),
  };
}

/** Horizon sun, bokeh in the sky, two or three soft wave-shaped hills. */
function sunset(s: Scene, p: Palette): void {
  const { w, h, rnd } = s;
  s.linear('sky', 0, 0, rnd() * 0.3, 1, [
    [0, p.sky[0]],
    [0.35 + rnd() * 0.15, p.sky[1]],
    [0.62 + rnd() * 0.1, p.sky[2]],
    [1, p.sky[3]],
  ]);
  s.rect('sky');
  const sunR = h * (0.1 + rnd() * 0.1);
  const sunX = w * (0.2 + rnd() * 0.6);
  const sunY = h * (0.5 + rnd() * 0.15);
  s.radial('sun', [
    [0, p.sun, 1],
    [0.22, p.sun, 0.95],
    [0.3, p.glow, 0.55],
    [1, p.glow, 0],
  ]);
  s.circle(sunX, sunY, sunR * 3.4, 'sun');
  bokeh(s, p, 5 + Math.floor(rnd() * 8), h * 0.65);
  const hills = 2 + Math.floor(rnd() * 2);
  for (let i = 0; i < hills; i++) {
    const top = h * (0.62 + (i / hills) * 0.25 + rnd() * 0.06);
    s.linear(`hill${i}`, 0, 0, 0, 1, [
      [0, p.hill[i % 2] as string, 0.75 + i * 0.08],
      [1, p.hill[0], 1],
    ]);
    s.wave(top, h * (0.03 + rnd() * 0.05), `hill${i}`);
  }
}

/** Category covers: a diagonal dusk gradient with large soft lights and a few bokeh. */
function glowField(s: Scene, p: Palette): void {
  const { w, h, rnd } = s;
  s.linear('bg', 0, rnd(), 1, rnd(), [
    [0, p.sky[0]],
    [0.45, p.sky[1]],
    [1, p.sky[2]],
  ]);
  s.rect('bg');
  s.radial('blob', [
    [0, p.glow, 0.75],
    [1, p.glow, 0],
  ]);
  const blobs = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < blobs; i++) {
    s.circle(w * rnd(), h * rnd(), Math.max(w, h) * (0.25 + rnd() * 0.25), 'blob');
  }
  bokeh(s, p, 8 + Math.floor(rnd() * 10), h);
  s.linear('wave', 0, 0, 0, 1, [
    [0, p.sky[3], 0.35],
    [1, p.sky[0], 0.9],
  ]);
  s.wave(h * (0.7 + rnd() * 0.1), h * 0.06, 'wave');
}

/** Avatars: a warm backdrop with a centered soft head-and-shoulders blob. */
function silhouette(s: Scene, p: Palette): void {
  const { w, rnd } = s;
  s.linear('bg', 0, 0, rnd(), 1, [
    [0, p.sky[1]],
    [0.6, p.sky[2]],
    [1, p.sky[3]],
  ]);
  s.rect('bg');
  bokeh(s, p, 3 + Math.floor(rnd() * 4), w);
  s.radial('halo', [
    [0, p.light, 0.55],
    [1, p.light, 0],
  ]);
  s.circle(w * 0.5, w * 0.46, w * 0.42, 'halo');
  // Flat top-to-bottom shading: a radial fill made the head look like a lit 3D ball.
  s.linear('figure', 0, 0, 0, 1, [
    [0, p.hill[1], 0.82],
    [1, p.hill[0], 0.92],
  ]);
  s.circle(w * 0.5, w * (0.39 + rnd() * 0.02), w * (0.155 + rnd() * 0.025), 'figure');
  s.ellipse(w * 0.5, w * 0.99, w * (0.31 + rnd() * 0.05), w * 0.39, 'figure');
}

/** Out-of-focus lights: circles sharing one soft radial gradient, each its own strength. */
function bokeh(s: Scene, p: Palette, count: number, maxY: number): void {
  const { w, h, rnd } = s;
  s.radial('glow', [
    [0, p.light, 0.9],
    [0.7, p.light, 0.45],
    [1, p.light, 0],
  ]);
  for (let i = 0; i < count; i++) {
    const r = Math.min(w, h) * (0.02 + rnd() * 0.09);
    s.circle(w * rnd(), maxY * rnd(), r, 'glow', 0.25 + rnd() * 0.45);
  }
}

// --- SVG building --------------------------------------------------------------------------

type Stop = [offset: number, color: string, opacity?: number];

class Scene {
  readonly w: number;
  readonly h: number;
  readonly rnd: () => number;
  private readonly defs: string[] = [];
  private readonly body: string[] = [];

  constructor(w: number, h: number, rnd: () => number) {
    this.w = w;
    this.h = h;
    this.rnd = rnd;
  }

  linear(id: string, x1: number, y1: number, x2: number, y2: number, stops: Stop[]): void {
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stopsSvg(stops)}</linearGradient>`,
    );
  }

  radial(id: string, stops: Stop[], cx = 0.5, cy = 0.5): void {
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="0.5">${stopsSvg(stops)}</radialGradient>`,
    );
  }

  rect(fill: string): void {
    this.body.push(`<rect width="${this.w}" height="${this.h}" fill="url(#${fill})"/>`);
  }

  circle(cx: number, cy: number, r: number, fill: string, opacity = 1): void {
    const op = opacity < 1 ? ` fill-opacity="${n(opacity)}"` : '';
    this.body.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${fill})"${op}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string): void {
    this.body.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${fill})"/>`,
    );
  }

  /** A hill whose top is a smooth wave around `top`, filled down to the bottom edge. */
  wave(top: number, amplitude: number, fill: string): void {
    const { w, h, rnd } = this;
    const step = w / 4;
    const y = () => n(top + (rnd() - 0.5) * amplitude * 2);
    // One Q, then T segments: each reflects the previous control point, so no kinks at joins.
    let d = `M0 ${y()} Q${n(step / 2)} ${n(top + (rnd() - 0.5) * amplitude * 4)} ${n(step)} ${y()}`;
    for (let x = step * 2; x <= w + 0.01; x += step) d += ` T${n(x)} ${y()}`;
    this.body.push(`<path d="${d} L${w} ${h} L0 ${h}Z" fill="url(#${fill})"/>`);
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

function stopsSvg(stops: Stop[]): string {
  return stops
    .map(([offset, color, opacity = 1]) => {
      const op = opacity < 1 ? ` stop-opacity="${n(opacity)}"` : '';
      return `<stop offset="${n(offset)}" stop-color="${color}"${op}/>`;
    })
    .join('');
}

/** Short, deterministic numbers in the markup. */
function n(v: number): string {
  return String(Math.round(v * 100) / 100);
}

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = s / 100;
  const light = Math.min(100, l) / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (k0: number) => {
    const k = (k0 + hue / 30) % 12;
    const c = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function mulberry32(seed: number): () => number {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
