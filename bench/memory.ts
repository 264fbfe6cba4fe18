import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { thousandsFolder } from '../src/contracts/folders.ts';
import { ROOT_DIR } from '../src/server/app.ts';
import { startSite, stopSite } from './server.ts';

// `npm run bench:memory`: the server's resident memory after a fixed load (issue 13 item 13).
// The built site is started once to load its demo catalogue and stopped, then started again
// on that database as a running site is after a deploy; rounds of a fixed number of requests
// (pages and JSON calls mixed as visitors make them, compressed as browsers ask, 8
// connections) follow each other, and the resident set size (VmRSS) is read after each round
// and after a rest. Memory must level off: what the second half of the rounds adds, and what
// stays after the rest, have budgets. Results: bench/results/memory.{json,md}. Needs
// `npm run build` first.

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '6' },
    requests: { type: 'string', default: '2000' },
    connections: { type: 'string', default: '8' },
    'rest-seconds': { type: 'string', default: '30' },
    /** Run the server as `node <flags> src/server/main.ts` instead of scripts/serve.sh. */
    'node-flags': { type: 'string' },
    label: { type: 'string', default: 'memory' },
    /** Another checkout (built) to start the server from, for a before/after comparison. */
    root: { type: 'string', default: ROOT_DIR },
  },
});
const ROUNDS = Number(args.rounds);
const REQUESTS = Number(args.requests);
const CONNECTIONS = Number(args.connections);
const REST_S = Number(args['rest-seconds']);
const NODE_FLAGS =
  args['node-flags'] === undefined ? undefined : args['node-flags'].split(' ').filter(Boolean);

/** Budgets in MB: growth over the second half of the rounds, and what stays after the rest (issue 18: below 400). */
const BUDGET = { growthSecondHalfMb: 40, rssAfterRestMb: 400 } as const;

const PORT = 3391;
const BASE = `http://127.0.0.1:${PORT}`;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

interface ListedVideo {
  video_id: string;
  dir: string;
}

/** The visitor mix: listings, video pages and their JSON calls, searches, suggestions. */
async function urlMix(): Promise<() => string> {
  const videos: ListedVideo[] = [];
  for (let page = 1; page <= 10; page++) {
    const res = await fetch(
      `${BASE}/api/json/videos2/14400/str/latest-updates/60/..${page}.all...json`,
    );
    videos.push(...((await res.json()) as { videos: ListedVideo[] }).videos);
  }
  if (videos.length === 0) throw new Error('the demo catalogue has no videos');
  const words = ['date', 'night', 'slow', 'weekend', 'surprise', 'dance', 'morning', 'beach'];
  let n = 0;
  return () => {
    n++;
    const video = videos[(n * 7919) % videos.length] as ListedVideo;
    const id = Number(video.video_id);
    const folder = thousandsFolder(id);
    const word = words[n % words.length] as string;
    switch (n % 10) {
      case 0:
        return '/';
      case 1:
        return `/videos/${id}/${video.dir}/`;
      case 2:
        return `/videos/most-popular/${1 + (n % 15)}/`;
      case 3:
        return `/api/json/video/14400/${folder}/${id}.json`;
      case 4:
        return `/api/json/videos_related2/432000/36/${folder}/${id}.all.1.json`;
      case 5:
        // Searches repeat (as people's do) but keep arriving new: the cache fills and turns.
        return `/api/videos2.php?params=259200/str/relevance/60/search..1.all..&s=${word}${n % 400}`;
      case 6:
        return `/api/suggester.php?c=${word.slice(0, 3)}`;
      case 7:
        return `/models/most-popular/${1 + (n % 5)}/`;
      case 8:
        return `/api/json/comments/3600/video/${folder}/${id}.json`;
      default:
        return '/categories/';
    }
  };
}

async function round(next: () => string, amount: number) {
  const result = await autocannon({
    url: BASE,
    connections: CONNECTIONS,
    amount,
    // As browsers ask: compressed answers are part of what the server keeps.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'afterglow-bench-memory-'));
// The demo catalogue's loading (artwork through sharp, bulk inserts) is not what a running
// site does: it happens in a start of its own.
const site = { port: PORT, dataDir, root: args.root, nodeFlags: NODE_FLAGS };
await stopSite(await startSite(site));
const server = await startSite({ ...site, env: { SEED_DEMO: 'false' } });
const pid = server.pid as number;
const rounds: {
  round: number;
  rssMb: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}[] = [];
let startRss = 0;
let restRss = 0;
try {
  const next = await urlMix();
  // A warm-up: code compiled, first pages rendered, as on a site that has been up a while.
  await round(next, 300);
  startRss = rssMb(pid);
  console.log(`after warm-up: ${startRss} MB`);
  for (let i = 1; i <= ROUNDS; i++) {
    const r = await round(next, REQUESTS);
    const rss = rssMb(pid);
    rounds.push({ round: i, rssMb: rss, ...r });
    console.log(
      `round ${i}: ${r.requests} requests, ${r.perSecond}/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, ${r.errors} errors, ${rss} MB`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, REST_S * 1000));
  restRss = rssMb(pid);
  console.log(`after ${REST_S} s at rest: ${restRss} MB`);
} finally {
  await stopSite(server);
  await rm(dataDir, { recursive: true, force: true });
}

const half = Math.floor(ROUNDS / 2);
const growth = (rounds.at(-1)?.rssMb ?? 0) - (rounds[half - 1]?.rssMb ?? 0);
const checks = {
  growthSecondHalf: growth <= BUDGET.growthSecondHalfMb,
  rssAfterRest: restRss <= BUDGET.rssAfterRestMb,
  noErrors: rounds.every((r) => r.errors === 0),
};
const pass = Object.values(checks).every(Boolean);
console.log(
  `${pass ? 'ok' : 'MISS'}: growth over rounds ${half + 1}-${ROUNDS} ${growth} MB, ${restRss} MB at rest`,
);

const dir = path.join(ROOT_DIR, 'bench', 'results');
await mkdir(dir, { recursive: true });
const summary = {
  date: new Date().toISOString(),
  nodeFlags: NODE_FLAGS,
  load: {
    rounds: ROUNDS,
    requestsPerRound: REQUESTS,
    connections: CONNECTIONS,
    restSeconds: REST_S,
  },
  budget: BUDGET,
  startRssMb: startRss,
  rounds,
  growthSecondHalfMb: growth,
  restRssMb: restRss,
  checks,
  pass,
};
await writeFile(path.join(dir, `${args.label}.json`), `${JSON.stringify(summary, null, 2)}\n`);
await writeFile(
  path.join(dir, `${args.label}.md`),
  [
    '# Resident memory of the server after a fixed load',
    '',
    `Run ${summary.date}: the built site restarted on its demo catalogue (PGlite), ${NODE_FLAGS ? `node flags \`${NODE_FLAGS.join(' ')}\`` : 'started by scripts/serve.sh'}; ${ROUNDS} rounds of ${REQUESTS} requests (pages and JSON calls mixed) at ${CONNECTIONS} connections after a 300-request warm-up, then ${REST_S} s at rest.`,
    '',
    `Budget: at most ${BUDGET.growthSecondHalfMb} MB added over rounds ${half + 1}-${ROUNDS}; at most ${BUDGET.rssAfterRestMb} MB resident after the rest; no failed request.`,
    '',
    '| after | RSS MB | requests/s | p50 ms | p99 ms | errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| warm-up | ${startRss} | | | | |`,
    ...rounds.map(
      (r) =>
        `| round ${r.round} | ${r.rssMb} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} |`,
    ),
    `| ${REST_S} s at rest | ${restRss} | | | | |`,
    '',
    `Growth over rounds ${half + 1}-${ROUNDS}: ${growth} MB. ${pass ? 'Within budget.' : '**Over budget.**'}`,
    '',
  ].join('\n'),
);
if (!pass) process.exitCode = 1;
