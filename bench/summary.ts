import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/app.ts';

// `npm run bench:summary` (the last step of `npm run bench`): issue 18's figures, each with its
// target, the before and the after, and a verdict, from the results the benchmarks wrote.
// Writes bench/results/summary.md and the README's performance table (between its markers).

const RESULTS = path.join(ROOT_DIR, 'bench', 'results');
const README = path.join(ROOT_DIR, 'README.md');
const START = '<!-- bench:summary -->';
const END = '<!-- /bench:summary -->';

async function json<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path.join(RESULTS, file), 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A result as it is now and as before-18/ kept it. */
async function nowAndBefore<T>(file: string): Promise<[T | undefined, T | undefined]> {
  return [await json<T>(file), await json<T>(path.join('before-18', file))];
}

interface Row {
  figure: string;
  target: string;
  before: string;
  after: string;
  met: boolean | undefined;
}

interface Pages {
  kept?: { ratio: number; pass: boolean };
  renders: { page: string; load: { rps: number } }[];
  rendersPass?: boolean;
}
interface WebResult {
  page: string;
  scores: Record<string, number>;
  metrics: { cls: number; lcp: number };
  firstLoadJs?: number;
  pass: boolean | { scores: boolean; cls: boolean; js: boolean };
}
interface Web {
  results: WebResult[];
  desktopVideo?: { median: number; pass: boolean };
}
interface Db {
  results: { name: string; p95: number; target: number; pass: boolean }[];
}
interface Media {
  ladderSpeed: number;
  firstPlayableMs: number;
  goals: { ladderSpeed: boolean; firstPlayable: boolean };
}
interface Memory {
  restRssMb: number;
  pass: boolean;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const pageName = (url: string) =>
  url === '/'
    ? 'home'
    : url.startsWith('/videos/most')
      ? 'listing'
      : url.startsWith('/model/')
        ? 'model page'
        : 'video page';

const rows: Row[] = [];
const [pages, pagesBefore] = await nowAndBefore<Pages>('pages.json');
rows.push({
  figure: 'Kept visitor page (listing) against node:http, same bytes',
  target: '≥ 0.8x',
  before: 'rendered every time',
  after: pages?.kept ? `${pages.kept.ratio}x` : 'not run',
  met: pages?.kept?.pass,
});
rows.push({
  figure: 'Uncached listing renders a second (60 thumbs)',
  target: '≥ 150',
  before: String(pagesBefore?.renders[0]?.load.rps ?? 'n/a'),
  after: String(pages?.renders[0]?.load.rps ?? 'not run'),
  met: pages?.rendersPass,
});

const [web, webBefore] = await nowAndBefore<Web>('web.json');
for (const result of web?.results ?? []) {
  const name = pageName(result.page);
  const before = webBefore?.results.find((old) => pageName(old.page) === name);
  const scores = (r: WebResult) =>
    ['performance', 'accessibility', 'best-practices', 'seo']
      .map((key) => Math.round((r.scores[key] ?? 0) * 100))
      .join(' / ');
  const pass = typeof result.pass === 'object' ? result.pass : undefined;
  rows.push({
    figure: `Lighthouse mobile, ${name} (performance / accessibility / best practices / SEO)`,
    target: '≥ 95 / 100 / 100 / 100',
    before: before ? scores(before) : 'not measured',
    after: scores(result),
    met: pass ? pass.scores : result.pass === true,
  });
  rows.push({
    figure: `CLS, ${name}`,
    target: '≤ 0.05',
    before: before ? String(before.metrics.cls) : 'not measured',
    after: String(result.metrics.cls),
    met: pass ? pass.cls : undefined,
  });
  if (result.firstLoadJs !== undefined) {
    rows.push({
      figure: `First-load JavaScript, ${name} (compressed)`,
      target: '≤ 120 KB',
      before: 'see decision 0061',
      after: kb(result.firstLoadJs),
      met: pass?.js,
    });
  }
}
if (web?.desktopVideo) {
  rows.push({
    figure: 'CLS, video page at 1366 px',
    target: '≤ 0.05',
    before: '0.26 (issue 18)',
    after: String(web.desktopVideo.median),
    met: web.desktopVideo.pass,
  });
}

for (const engine of ['postgres', 'pglite'] as const) {
  const db = await json<Db>(`db-${engine}-1000000.json`);
  if (!db) continue;
  const misses = db.results.filter((result) => !result.pass);
  rows.push({
    figure: `Query scenarios at a million videos, ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} (p95${engine === 'pglite' ? ', p99 ≤ 50 ms' : ''})`,
    target:
      engine === 'postgres'
        ? 'lists and pages ≤ 10 ms, search ≤ 20, suggestions ≤ 3'
        : 'twice those',
    before: `bench/results/before-18/db-${engine}-1000000.md`,
    after:
      `${db.results.length - misses.length} of ${db.results.length} within` +
      (misses.length > 0
        ? `; misses: ${misses.map((miss) => `${miss.name} ${miss.p95} ms`).join(', ')}`
        : ''),
    met: misses.length === 0,
  });
}

const media = await json<Media>('media-1080p-60s.json');
if (media) {
  rows.push({
    figure: 'Media ladder, 60 s 1080p grainy source (speed against real time)',
    target: '≥ 1x',
    before: '0.74x (decision 0060)',
    after: `${media.ladderSpeed}x`,
    met: media.goals.ladderSpeed,
  });
  rows.push({
    figure: 'First playable rung',
    target: '≤ 15 s',
    before: '23.8 s (decision 0060)',
    after: `${(media.firstPlayableMs / 1000).toFixed(1)} s`,
    met: media.goals.firstPlayable,
  });
}

const [memory, memoryBefore] = await nowAndBefore<Memory>('memory.json');
rows.push({
  figure: 'Server resident memory at rest after the fixed load (demo)',
  target: '< 400 MB',
  before: memoryBefore ? `${memoryBefore.restRssMb} MB` : 'n/a',
  after: memory ? `${memory.restRssMb} MB` : 'not run',
  met: memory?.pass,
});

const verdict = (met: boolean | undefined) =>
  met === undefined ? 'n/a' : met ? 'met' : '**missed**';
const table = [
  '| figure | target | before issue 18 | now | verdict |',
  '| --- | --- | --- | --- | :-: |',
  ...rows.map(
    (row) =>
      `| ${row.figure} | ${row.target} | ${row.before} | ${row.after} | ${verdict(row.met)} |`,
  ),
].join('\n');
const missed = rows.filter((row) => row.met === false).length;

await writeFile(
  path.join(RESULTS, 'summary.md'),
  [
    '# Issue 18: every figure, its target, before and now',
    '',
    `Written ${new Date().toISOString()} by \`npm run bench:summary\` from the results in this directory (before: \`before-18/\`).`,
    '',
    table,
    '',
    `${rows.length - missed} of ${rows.length} figures met.`,
    '',
  ].join('\n'),
);
const readme = await readFile(README, 'utf8');
const start = readme.indexOf(START);
const end = readme.indexOf(END);
if (start !== -1 && end > start) {
  await writeFile(
    README,
    `${readme.slice(0, start + START.length)}\n${table}\n${readme.slice(end)}`,
  );
  // The README is formatted as the lint checks it (its table's columns aligned).
  execFileSync(path.join(ROOT_DIR, 'node_modules/.bin/biome'), ['format', '--write', README], {
    stdio: 'ignore',
  });
}
console.log(table);
