import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT_DIR } from '../src/server/app.ts';
import { startSite, stopSite } from './server.ts';

// `npm run bench:web`: Lighthouse (mobile) on the home page, a listing and a model page of
// the built site with its demo catalogue, in Debian's Chromium. Issue 4 budgets:
// performance ≥ 90, accessibility ≥ 95, SEO = 100, best practices ≥ 95.
// Results: bench/results/web.{json,md}. Needs `npm run build` first.

const PORT = 3390;
const BASE = `http://127.0.0.1:${PORT}`;
const BUDGET = { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95, seo: 1 } as const;
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

async function modelPage(): Promise<string> {
  const html = await (await fetch(`${BASE}/models/most-popular/1/`)).text();
  const href = /href="(\/model\/[a-z0-9-]+\/)"/.exec(html)?.[1];
  if (!href) throw new Error('no model on the model list');
  return href;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-bench-web-'));
const server = await startSite({ port: PORT, dataDir });
const chrome = await launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
const results: {
  page: string;
  scores: Record<string, number | null>;
  metrics: Record<string, number | null>;
  pass: boolean;
}[] = [];
try {
  const pages = ['/', '/videos/most-popular/1/', await modelPage()];
  for (const page of pages) {
    // Warm the server's caches as a running site has them.
    await fetch(`${BASE}${page}`);
    const run = await lighthouse(`${BASE}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      onlyCategories: Object.keys(BUDGET),
    });
    const categories = run?.lhr.categories ?? {};
    const scores = Object.fromEntries(
      Object.keys(BUDGET).map((key) => [key, categories[key]?.score ?? null]),
    );
    const audits = run?.lhr.audits ?? {};
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => {
        const value = audits[id]?.numericValue;
        return [
          key,
          value === undefined
            ? null
            : Math.round(value * (key === 'cls' ? 1000 : 1)) / (key === 'cls' ? 1000 : 1),
        ];
      }),
    );
    const pass = Object.entries(BUDGET).every(([key, min]) => (scores[key] ?? 0) >= min);
    results.push({ page, scores, metrics, pass });
    console.log(
      `${pass ? 'ok  ' : 'MISS'} ${page.padEnd(40)} ${JSON.stringify(scores)} ${JSON.stringify(metrics)}`,
    );
    if (process.env.BENCH_WEB_DUMP) {
      await writeFile(
        path.join(process.env.BENCH_WEB_DUMP, `${page.replace(/\W+/g, '_')}.json`),
        JSON.stringify(run?.lhr),
      );
    }
  }
} finally {
  await chrome.kill();
  await stopSite(server);
  await rm(dataDir, { recursive: true, force: true });
}

const dir = path.join(ROOT_DIR, 'bench', 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  path.join(dir, 'web.json'),
  `${JSON.stringify({ date: new Date().toISOString(), budget: BUDGET, results }, null, 2)}\n`,
);
await writeFile(
  path.join(dir, 'web.md'),
  [
    '# Lighthouse (mobile) on the built site',
    '',
    `Run ${new Date().toISOString()}. Budget: ${JSON.stringify(BUDGET)}.`,
    '',
    '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | SI ms | ok |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :-: |',
    ...results.map(
      (r) =>
        `| ${r.page} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.metrics.fcp} | ${r.metrics.lcp} | ${r.metrics.tbt} | ${r.metrics.cls} | ${r.metrics.si} | ${r.pass ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n'),
);
