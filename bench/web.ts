import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { thousandsFolder } from '../src/contracts/folders.ts';
import { ROOT_DIR } from '../src/server/app.ts';
import { compressedSize } from '../tests/support/compressed-size.ts';
import { startSite, stopSite } from './server.ts';

// `npm run bench:web`: Lighthouse (mobile) on the home page, a listing, a model page and a
// video page of the built site with its demo catalogue, in Debian's Chromium, each page
// RUNS times (scores vary run to run on a shared machine: the table shows the median).
// Issue 18 budgets: performance ≥ 95, accessibility, best practices and SEO = 100,
// CLS ≤ 0.05, and at most 120 KB of compressed JavaScript on a first load (the bodies of
// the scripts Lighthouse saw the page fetch, as the server sent them). The video page's CLS
// is also measured at desktop size (1366 px), where issue 18 saw it shift. The video page is
// one with a player: the site renders the demo's first clip (DEMO_PLAYABLE=1) and the bench
// waits for it, so the page is measured as visitors see it, not as a "processing" message.
// Results: bench/results/web.{json,md}. Needs `npm run build` first.

const PORT = 3390;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const BUDGET = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
const CLS_BUDGET = 0.05;
const JS_BUDGET = 120 * 1024;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type Metric = keyof typeof METRICS;
type Category = keyof typeof BUDGET;

/** The first link on a listing that matches `pattern` (a real page of the demo catalogue). */
async function firstLink(listing: string, pattern: RegExp): Promise<string> {
  const html = await (await fetch(`${BASE}${listing}`)).text();
  const href = pattern.exec(html)?.[1];
  if (!href) throw new Error(`no link like ${pattern} on ${listing}`);
  return href;
}

/** A demo video with a player (its stream and timeline made), once the pipeline has made it. */
async function playableVideo(): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const list = (await (
      await fetch(`${BASE}/api/json/videos2/0/str/most-popular/60/..1.all..all.json`)
    ).json()) as { videos: { video_id: string; preview_clip: string }[] };
    for (const item of list.videos.filter((v) => v.preview_clip !== '')) {
      const id = Number(item.video_id);
      const res = await fetch(`${BASE}/api/json/video/0/${thousandsFolder(id)}/${id}.json`);
      const { video } = (await res.json()) as {
        video: { video_id: string; dir: string; hls: string; timeline: string };
      };
      if (video.hls && video.timeline) return `/videos/${video.video_id}/${video.dir}/`;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error('no playable video after 10 minutes');
}

/** Compressed bytes of every script the page's first load fetched, with Lighthouse's list. */
async function firstLoadScripts(run: RunnerResult | undefined): Promise<number> {
  const details = run?.lhr.audits['network-requests']?.details;
  const items = (details && 'items' in details ? details.items : []) as {
    url?: string;
    resourceType?: string;
  }[];
  const urls = new Set(
    items.filter((item) => item.resourceType === 'Script' && item.url).map((item) => item.url),
  );
  let total = 0;
  for (const url of urls) if (url) total += await compressedSize(url);
  return total;
}

/** The median of the runs that measured something (a run Lighthouse gave up on is NaN). */
function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Row {
  page: string;
  runs: number;
  scores: Record<Category, number>;
  metrics: Record<Metric, number>;
  /** Every run's performance score and CLS, to see the spread behind the median. */
  spread: { performance: number[]; cls: number[] };
  firstLoadJs: number;
  pass: { scores: boolean; cls: boolean; js: boolean };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-bench-web-'));
const server = await startSite({ port: PORT, dataDir, env: { DEMO_PLAYABLE: '1' } });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
const results: Row[] = [];
let desktopVideo: { page: string; cls: number[]; median: number; pass: boolean } | undefined;
try {
  const video = await playableVideo();
  const pages = [
    '/',
    '/videos/most-popular/1/',
    await firstLink('/models/most-popular/1/', /href="(\/model\/[a-z0-9-]+\/)"/),
    video,
  ];
  for (const page of pages) {
    // Warm the server's caches as a running site has them.
    await fetch(`${BASE}${page}`);
    const runs: RunnerResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await lighthouse(`${BASE}${page}`, {
        ...flags,
        formFactor: 'mobile',
        onlyCategories: Object.keys(BUDGET),
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${page}`);
      runs.push(run);
      if (process.env.BENCH_WEB_DUMP) {
        await writeFile(
          path.join(process.env.BENCH_WEB_DUMP, `${page.replace(/\W+/g, '_')}-${i}.json`),
          JSON.stringify(run.lhr),
        );
      }
    }
    const scores = Object.fromEntries(
      (Object.keys(BUDGET) as Category[]).map((key) => [
        key,
        median(runs.map((run) => run.lhr.categories[key]?.score ?? 0)),
      ]),
    ) as Record<Category, number>;
    const metricOf = (run: RunnerResult, key: Metric) =>
      run.lhr.audits[METRICS[key]]?.numericValue ?? Number.NaN;
    const metrics = Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((key) => [
        key,
        round(median(runs.map((run) => metricOf(run, key))), key === 'cls' ? 3 : 0),
      ]),
    ) as Record<Metric, number>;
    const firstLoadJs = median(await Promise.all(runs.map(firstLoadScripts)));
    const pass = {
      scores: (Object.entries(BUDGET) as [Category, number][]).every(
        ([key, min]) => scores[key] >= min,
      ),
      cls: metrics.cls <= CLS_BUDGET,
      js: firstLoadJs <= JS_BUDGET,
    };
    const spread = {
      performance: runs.map((run) => run.lhr.categories.performance?.score ?? 0),
      cls: runs.map((run) => round(metricOf(run, 'cls'), 3)),
    };
    results.push({ page, runs: RUNS, scores, metrics, spread, firstLoadJs, pass });
    const ok = pass.scores && pass.cls && pass.js;
    console.log(
      `${ok ? 'ok  ' : 'MISS'} ${page.padEnd(50)} ${JSON.stringify(scores)} ${JSON.stringify(metrics)} js=${firstLoadJs} perf=${spread.performance.join('/')}`,
    );
  }

  // The video page at desktop size (1366x768, desktop throttling): its layout shift only.
  const cls: number[] = [];
  // A run that measured nothing (Lighthouse's runtime error, printed) is run again, up to
  // twice as many runs in all: a median of fewer runs than asked would hide it.
  for (let attempt = 0; cls.length < RUNS && attempt < RUNS * 2; attempt++) {
    const run = await lighthouse(
      `${BASE}${video}`,
      { ...flags, onlyAudits: ['cumulative-layout-shift'] },
      {
        ...desktopConfig,
        settings: {
          ...desktopConfig.settings,
          screenEmulation: {
            mobile: false,
            width: 1366,
            height: 768,
            deviceScaleFactor: 1,
            disabled: false,
          },
        },
      },
    );
    const value = run?.lhr.audits['cumulative-layout-shift']?.numericValue;
    if (value === undefined || !Number.isFinite(value)) {
      console.log(`no CLS at 1366x768 (attempt ${attempt + 1}):`, run?.lhr.runtimeError);
      continue;
    }
    cls.push(round(value, 3));
  }
  desktopVideo = {
    page: video,
    cls,
    median: median(cls),
    pass: cls.length === RUNS && median(cls) <= CLS_BUDGET,
  };
  console.log(
    `${desktopVideo.pass ? 'ok  ' : 'MISS'} ${video} at 1366x768: CLS ${desktopVideo.median} (${cls.join('/')})`,
  );
} finally {
  await chrome.kill();
  await stopSite(server);
  await rm(dataDir, { recursive: true, force: true });
}

const date = new Date().toISOString();
const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const dir = path.join(ROOT_DIR, 'bench', 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  path.join(dir, 'web.json'),
  `${JSON.stringify(
    {
      date,
      runs: RUNS,
      budget: { ...BUDGET, cls: CLS_BUDGET, firstLoadJs: JS_BUDGET },
      results,
      desktopVideo,
    },
    null,
    2,
  )}\n`,
);
await writeFile(
  path.join(dir, 'web.md'),
  [
    '# Lighthouse (mobile) on the built site',
    '',
    `Run ${date}: the median of ${RUNS} runs per page. Budget (issue 18): performance ≥ ${BUDGET.performance}, accessibility, best practices and SEO = 1, CLS ≤ ${CLS_BUDGET}, first-load JavaScript ≤ ${kb(JS_BUDGET)} KB compressed.`,
    '',
    '| page | performance (runs) | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | scores ok | CLS ok | first-load JS KB | JS ok |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: | :-: | ---: | :-: |',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.scores.performance} (${r.spread.performance.join(', ')}) | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} | ${r.metrics.si} | ${verdict(r.pass.scores)} | ${verdict(r.pass.cls)} | ${kb(r.firstLoadJs)} | ${verdict(r.pass.js)} |`,
    ),
    '',
    ...(desktopVideo
      ? [
          `The video page at desktop size (1366x768, Lighthouse's desktop throttling): CLS ${desktopVideo.median} (runs: ${desktopVideo.cls.join(', ')}), ok: ${verdict(desktopVideo.pass)}.`,
          '',
        ]
      : []),
  ].join('\n'),
);
