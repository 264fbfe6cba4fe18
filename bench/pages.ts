import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ROOT_DIR } from '../src/server/app.ts';
import { startSite, stopSite } from './server.ts';

// `npm run bench:pages` (issue 18): how fast the built site hands out visitors' pages.
// 1. A kept page (decision 0058) against a bare node:http server sending the same bytes and
//    headers, side by side in one run (alternating, twice each): target ≥ 0.8x.
// 2. Uncached renders (PAGE_CACHE_MB=0; the API answers cached, as on a running site) of a
//    60-thumb listing, the home page, a video page and a model page: target ≥ 150 renders a
//    second for the listing on one process. The HTML's bytes and its serialized data beside.
// Results: bench/results/pages.{json,md}. Needs `npm run build` first.

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '4' },
    /** Another checkout (built) to start the site from, for a before/after comparison. */
    root: { type: 'string', default: ROOT_DIR },
    /** Where in bench/results the figures go (`before-18/pages` for the before). */
    label: { type: 'string', default: 'pages' },
    /** Only the uncached renders (a checkout that keeps no pages). */
    'renders-only': { type: 'boolean', default: false },
  },
});
const ROOT = values.root;
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PORT = 3391;
const BASE = `http://127.0.0.1:${PORT}`;
const LISTING = '/videos/most-popular/1/';
const TARGET_RATIO = 0.8;
const TARGET_RENDERS = 150;

interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes received per answer (headers included): that both sides send the whole page. */
  bytesEach: number;
}

async function load(url: string, connections: number): Promise<Load> {
  const result = await autocannon({ url, connections, duration: SECONDS });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytesEach: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/** A bare node:http server sending `body` with `headers`, in a child process. */
async function bareServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ port: number; stop(): void }> {
  const file = path.join(dataDir, 'bare-page.html');
  await writeFile(file, body);
  const script = `
    import { createServer } from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(process.env.BARE_FILE);
    const headers = JSON.parse(process.env.BARE_HEADERS);
    const server = createServer((_req, res) => { res.writeHead(200, headers); res.end(body); });
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, BARE_FILE: file, BARE_HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { port: Number(line.toString('utf8').trim()), stop: () => child.kill() };
}

/** The first video and model a listing links to. */
async function samplePages(): Promise<{ video: string; model: string }> {
  const listing = await (await fetch(`${BASE}${LISTING}`)).text();
  const video = /href="(\/videos\/\d+\/[a-z0-9-]+\/)"/.exec(listing)?.[1];
  const models = await (await fetch(`${BASE}/models/most-popular/1/`)).text();
  const model = /href="(\/model\/[a-z0-9-]+\/)"/.exec(models)?.[1];
  if (!video || !model) throw new Error('the demo catalogue has no video or model to show');
  return { video, model };
}

/** The bytes of the page's serialized data: its largest inline script. */
function serializedBytes(html: string): number {
  let largest = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(match[1] ?? '')) continue;
    largest = Math.max(largest, Buffer.byteLength(match[2] ?? ''));
  }
  return largest;
}

const loadAtStart = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-bench-pages-'));
const results: {
  kept?: {
    url: string;
    bytes: number;
    app: Load[];
    bare: Load[];
    ratio: number;
    pass: boolean;
  };
  renders: { page: string; url: string; bytes: number; data: number; load: Load }[];
  rendersPass?: boolean;
} = { renders: [] };

try {
  // 1. Kept pages: the site as it runs, pages kept.
  let server = await startSite({ port: PORT, dataDir, root: ROOT });
  const pages = await samplePages();
  try {
    if (!values['renders-only']) {
      const url = `${BASE}${LISTING}`;
      await fetch(url);
      // The identity bytes, as autocannon asks for them (no Accept-Encoding).
      const kept = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      const body = Buffer.from(await kept.arrayBuffer());
      if (!/'sha256-/.test(kept.headers.get('content-security-policy') ?? '')) {
        throw new Error('the listing was not kept: its second answer has no hash CSP');
      }
      const headers: Record<string, string> = {};
      kept.headers.forEach((value, name) => {
        if (!['date', 'connection', 'keep-alive', 'content-length'].includes(name)) {
          headers[name] = value;
        }
      });
      if (kept.headers.get('content-encoding')) throw new Error('the kept page came compressed');
      // In a process of its own, as the site is: in this one it would share a core with
      // autocannon.
      const bare = await bareServer(body, headers);
      const bareUrl = `http://127.0.0.1:${bare.port}${LISTING}`;
      const app: Load[] = [];
      const plain: Load[] = [];
      // Alternating, so both see the same machine.
      for (let pass = 0; pass < 2; pass++) {
        app.push(await load(url, 20));
        plain.push(await load(bareUrl, 20));
      }
      bare.stop();
      const mean = (runs: Load[]) => runs.reduce((sum, run) => sum + run.rps, 0) / runs.length;
      const ratio = Number((mean(app) / mean(plain)).toFixed(3));
      results.kept = {
        url: LISTING,
        bytes: body.length,
        app,
        bare: plain,
        ratio,
        pass: ratio >= TARGET_RATIO && app.every((run) => run.errors === 0),
      };
    }
  } finally {
    await stopSite(server);
  }

  // 2. Uncached renders: every page rendered, the API's answers cached as on a running site.
  server = await startSite({ port: PORT, dataDir, root: ROOT, env: { PAGE_CACHE_MB: '0' } });
  try {
    for (const [page, url] of [
      ['listing (60 thumbs)', LISTING],
      ['home', '/'],
      ['video', pages.video],
      ['model', pages.model],
    ] as const) {
      const html = await (await fetch(`${BASE}${url}`)).text();
      await load(`${BASE}${url}`, CONNECTIONS); // warm-up at the same load
      results.renders.push({
        page,
        url,
        bytes: Buffer.byteLength(html),
        data: serializedBytes(html),
        load: await load(`${BASE}${url}`, CONNECTIONS),
      });
    }
    const listing = results.renders[0];
    results.rendersPass =
      listing !== undefined && listing.load.rps >= TARGET_RENDERS && listing.load.errors === 0;
  } finally {
    await stopSite(server);
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const lines = [
  '# Visitors’ pages: kept and rendered',
  '',
  `Run ${new Date().toISOString()} on ${process.platform}/${process.arch}, Node ${process.version}: the built site${ROOT === ROOT_DIR ? '' : ` of ${ROOT}`} on its demo catalogue (PGlite), started by its scripts/serve.sh, autocannon ${SECONDS} s per measure. Load average at the start: ${loadAtStart}.`,
  '',
  '## A kept page against node:http sending the same bytes',
  '',
  `Target: ≥ ${TARGET_RATIO}x, measured side by side (alternating, twice each, 20 connections; the node:http server in a process of its own, as the site is).`,
  '',
  '| server | requests/s | p50 ms | p99 ms | errors | bytes each |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  ...(results.kept
    ? [
        ...results.kept.app.map(
          (run, i) =>
            `| the site, pass ${i + 1} | ${run.rps} | ${run.p50} | ${run.p99} | ${run.errors} | ${run.bytesEach} |`,
        ),
        ...results.kept.bare.map(
          (run, i) =>
            `| node:http, pass ${i + 1} | ${run.rps} | ${run.p50} | ${run.p99} | ${run.errors} | ${run.bytesEach} |`,
        ),
      ]
    : []),
  '',
  results.kept
    ? `${results.kept.url}, ${kb(results.kept.bytes)} uncompressed: ratio **${results.kept.ratio}x**, ${results.kept.pass ? 'met' : '**missed**'}.`
    : '',
  '',
  '## Uncached renders',
  '',
  `PAGE_CACHE_MB=0, ${CONNECTIONS} connections; the API answers come from the response cache as on a running site. Target: the listing ≥ ${TARGET_RENDERS} renders/s.`,
  '',
  '| page | HTML | serialized data | renders/s | p50 ms | p99 ms | errors |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...results.renders.map(
    (row) =>
      `| ${row.page} | ${kb(row.bytes)} | ${kb(row.data)} | ${row.load.rps} | ${row.load.p50} | ${row.load.p99} | ${row.load.errors} |`,
  ),
  '',
  `Listing: ${results.renders[0]?.load.rps ?? 0} renders/s, ${results.rendersPass ? 'met' : '**missed**'}.`,
  '',
];
const out = path.join(ROOT_DIR, 'bench/results', values.label);
await mkdir(path.dirname(out), { recursive: true });
await writeFile(`${out}.json`, `${JSON.stringify(results, null, 2)}\n`);
await writeFile(`${out}.md`, lines.join('\n'));
console.log(lines.join('\n'));
