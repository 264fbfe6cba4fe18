import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DIST_DIR } from '../../src/server/app.ts';

// Issue 4 budget: the JavaScript needed for the first paint of a listing is at most 150 KB
// gzipped. Sizes of the built files, not timings: the same build always measures the same.

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

const clientDir = path.join(DIST_DIR, 'client');
const manifest = JSON.parse(
  readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, Chunk>;

function gzippedSize(keys: string[]): number {
  const seen = new Set<string>();
  let total = 0;
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    total += gzipSync(readFileSync(path.join(clientDir, chunk.file)), { level: 9 }).length;
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  for (const key of keys) walk(key);
  return total;
}

describe('JavaScript budget', () => {
  it('keeps a listing’s first-paint JavaScript within 150 KB gzipped', () => {
    const entry = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
    const listing = Object.keys(manifest).filter(
      (key) => key.endsWith('routes/videos.tsx') || key === 'src/web/i18n/locales/en.json',
    );
    expect(entry).toHaveLength(1);
    expect(listing).toHaveLength(2); // the listing screen's chunk and the English strings
    expect(gzippedSize([...entry, ...listing])).toBeLessThanOrEqual(150 * 1024);
  });
});
