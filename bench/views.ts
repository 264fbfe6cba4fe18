import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pino from 'pino';
import { thousandsFolder } from '../src/contracts/folders.ts';
import { type Database, migrateDatabase, openDatabase } from '../src/db/client.ts';
import { scaledSize } from '../src/db/seed/bench-seed.ts';
import { isCatalogueEmpty } from '../src/db/seed/demo.ts';
import { BENCH_ACTIVITY } from '../src/db/seed/generate-activity.ts';
import { loadCatalogue } from '../src/db/seed/load.ts';
import { LocalStorage } from '../src/media/storage.ts';
import { buildApp, ROOT_DIR } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { hashPassword } from '../src/server/kernel/passwords.ts';

// `npm run bench:views -- [--label before|after] [--videos N] [--seconds N] [--connections N]`
// The view call (POST /api/stat.php act=view) on PGlite through the real app over HTTP
// (autocannon, in this process as bench/db.ts does): views alone, an uncached video read
// alone, and both at once (does writing views slow the pages down?). Every view comes from
// its own address (TRUST_PROXY, X-Forwarded-For), so each one counts; a tenth are members'
// (history). At the end the app is closed and the views counted are compared with the
// views the server answered 200. The statements that write views are timed. Results are
// kept per label in bench/results/views-pglite.{json,md}, to measure a change before and after.

const { values } = parseArgs({
  options: {
    label: { type: 'string', default: 'current' },
    videos: { type: 'string', default: '20000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const LABEL = String(values.label);
const VIDEOS = Number(values.videos);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const MEMBERS = 50;
const RESULTS = path.join(ROOT_DIR, 'bench', 'results', 'views-pglite');

interface Timed {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Times the statements that write views, whatever shape the code under test gives them. */
function timing(database: Database) {
  const times = { record: [] as number[], write: [] as number[] };
  const wrapped: Database = {
    ...database,
    async query<T extends object>(text: string, params?: unknown[]) {
      const kind = text.includes('INSERT INTO view_events')
        ? 'record'
        : text.includes('video_views_daily') && !text.includes('DELETE FROM video_views_daily')
          ? 'write'
          : undefined;
      const started = performance.now();
      const rows = await database.query<T>(text, params);
      if (kind) times[kind].push(performance.now() - started);
      return rows;
    },
  };
  const summary = (list: number[]): Timed => {
    const sorted = [...list].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
    const round = (n: number) => Number(n.toFixed(2));
    return {
      count: sorted.length,
      p50: round(at(0.5)),
      p99: round(at(0.99)),
      max: round(sorted.at(-1) ?? 0),
    };
  };
  return {
    database: wrapped,
    take() {
      const taken = { record: summary(times.record), write: summary(times.write) };
      times.record = [];
      times.write = [];
      return taken;
    },
  };
}

/** A deterministic pseudo-random sequence, so runs see the same requests. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

async function signIn(base: string, database: Database) {
  const hash = await hashPassword('bench-password');
  const sessions: { cookie: string; csrf: string }[] = [];
  for (let i = 1; i <= MEMBERS; i++) {
    const username = `viewbench${i}`;
    await database.query(
      `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 1)
       ON CONFLICT DO NOTHING`,
      [username, `${username}@bench.example`, hash],
    );
    const res = await fetch(`${base}/api/login.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ usr: username, pwd: 'bench-password' }),
    });
    const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    const { csrf } = (await res.json()) as { csrf?: string };
    if (!sid || !csrf) throw new Error(`sign-in of ${username} failed (${res.status})`);
    sessions.push({ cookie: `sid=${sid}`, csrf });
  }
  return sessions;
}

async function totalViews(database: Database): Promise<number> {
  const [row] = await database.query<{ n: string | number }>(
    'SELECT sum(views)::bigint AS n FROM videos',
  );
  return Number(row?.n ?? 0);
}

interface Load {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  ok: number;
  other: number;
  /** Answers by status code (a request still in flight when a phase ends is in none). */
  statuses: Record<string, number>;
}

function summarise(result: autocannon.Result): Load {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
  };
}

const dir = path.join(ROOT_DIR, 'bench', '.data', `views-pglite-${VIDEOS}`);
const raw = await openDatabase({ pgliteDir: path.join(dir, 'db') });
await migrateDatabase(raw);
if (await isCatalogueEmpty(raw)) {
  console.log(`loading ${VIDEOS.toLocaleString('en')} videos (once; kept for next runs)`);
  await loadCatalogue(raw, { seed: 1, size: scaledSize(VIDEOS), now: new Date() }, undefined, {
    ...BENCH_ACTIVITY,
  });
}
const { database, take } = timing(raw);
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  TRUST_PROXY: 'true',
  SEED_DEMO: 'false',
});
const app = await buildApp({
  config,
  database,
  storage: new LocalStorage(config.mediaDir),
  logger: pino({ level: 'silent' }),
  pages: 'none',
});
// The server's own count of views answered 200: autocannon misses the answers to requests
// still in flight when a phase ends.
let answeredByServer = 0;
app.addHook('onResponse', async (request, reply) => {
  const body = request.body;
  const isView = typeof body === 'object' && body !== null && 'act' in body && body.act === 'view';
  if (isView && reply.statusCode === 200) answeredByServer += 1;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const sessions = await signIn(base, raw);
const [bounds] = await raw.query<{ lo: number; hi: number }>(
  'SELECT min(id)::int AS lo, max(id)::int AS hi FROM videos',
);
const lo = bounds?.lo ?? 1;
const span = (bounds?.hi ?? lo) - lo + 1;

let visitor = 0;
const random = sequence(7);
// Popular videos take most views: the cube of a uniform number leans towards the first ids.
const viewedId = () => lo + Math.floor(span * random() ** 3);
const viewRequest = (request: autocannon.Request): autocannon.Request => {
  visitor += 1;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`,
  };
  let id = viewedId();
  // A member's views go to videos they have not seen yet (a repeat would not count).
  const session = visitor % 10 === 0 ? sessions[(visitor / 10) % MEMBERS] : undefined;
  if (session) {
    headers.cookie = session.cookie;
    headers['x-csrf-token'] = session.csrf;
    id = lo + ((visitor / 10) % span);
  }
  return { ...request, headers, body: `act=view&section=video&object_id=${id}` };
};
const readRequest = (request: autocannon.Request): autocannon.Request => {
  const id = lo + Math.floor(span * random());
  return { ...request, path: `/api/json/video/0/${thousandsFolder(id)}/${id}.json` };
};
const run = (kind: 'views' | 'reads') =>
  autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      kind === 'views'
        ? { method: 'POST', path: '/api/stat.php', setupRequest: viewRequest }
        : { method: 'GET', setupRequest: readRequest },
    ],
  });

const before = await totalViews(raw);
// Warm the caches and the JIT as a running site has them.
await autocannon({
  url: base,
  connections: CONNECTIONS,
  duration: 5,
  requests: [{ method: 'GET', setupRequest: readRequest }],
});
const readsAlone = summarise(await run('reads'));
take();
const viewsAlone = summarise(await run('views'));
const viewStatements = take();
const [mixedViews, mixedReads] = await Promise.all([run('views'), run('reads')]);
const mixedStatements = take();
await app.close();
const closeStatements = take();
const counted = (await totalViews(raw)) - before;
const answered = answeredByServer;
const seenByClient = viewsAlone.ok + mixedViews['2xx'];
const [left] = await raw.query<{ n: number }>('SELECT count(*)::int AS n FROM view_events');
await raw.close();

const report = {
  label: LABEL,
  date: new Date().toISOString(),
  videos: VIDEOS,
  seconds: SECONDS,
  connections: CONNECTIONS,
  node: process.version,
  readsAlone,
  viewsAlone,
  mixed: { views: summarise(mixedViews), reads: summarise(mixedReads) },
  statements: { views: viewStatements, mixed: mixedStatements, close: closeStatements },
  views: { answered, seenByClient, counted, leftInEvents: left?.n ?? 0 },
};
console.log(JSON.stringify(report, null, 2));

type Reports = Record<string, typeof report>;
const previous = await readFile(`${RESULTS}.json`, 'utf8')
  .then((text) => JSON.parse(text) as Reports)
  .catch(() => ({}) as Reports);
const reports: Reports = { ...previous, [LABEL]: report };
await mkdir(path.dirname(RESULTS), { recursive: true });
await writeFile(`${RESULTS}.json`, `${JSON.stringify(reports, null, 2)}\n`);
const row = (name: string, load: Load) =>
  `| ${name} | ${load.rps} | ${load.p50} | ${load.p97_5} | ${load.p99} | ${load.ok} | ${load.other} |`;
const timed = (name: string, t: Timed) =>
  `| ${name} | ${t.count} | ${t.p50} | ${t.p99} | ${t.max} |`;
await writeFile(
  `${RESULTS}.md`,
  [
    '# The view call on PGlite',
    '',
    '`npm run bench:views -- --label <label>`: real app over HTTP, autocannon in the same process,',
    `${CONNECTIONS} connections, ${SECONDS} s per phase. Latencies in ms.`,
    '',
    ...Object.values(reports).flatMap((r) => [
      `## ${r.label} (${r.date}, ${r.videos.toLocaleString('en')} videos, Node ${r.node})`,
      '',
      '| phase | req/s | p50 | p97.5 | p99 | 2xx | other |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      row('video read alone', r.readsAlone),
      row('view alone', r.viewsAlone),
      row('view, with reads', r.mixed.views),
      row('video read, with views', r.mixed.reads),
      '',
      '| statements writing views | count | p50 | p99 | max |',
      '| --- | ---: | ---: | ---: | ---: |',
      timed('record one view (views alone)', r.statements.views.record),
      timed('write a batch (views alone)', r.statements.views.write),
      timed('record one view (with reads)', r.statements.mixed.record),
      timed('write a batch (with reads)', r.statements.mixed.write),
      timed('write a batch (at close)', r.statements.close.write),
      '',
      `Views answered 200 by the server: ${r.views.answered} (${r.views.seenByClient} seen by autocannon, which misses those in flight when a phase ends); counted: ${r.views.counted}; left in view_events: ${r.views.leftInEvents}. Other answers: ${JSON.stringify({ alone: r.viewsAlone.statuses, mixed: r.mixed.views.statuses })}.`,
      '',
    ]),
  ].join('\n'),
);
console.log(`results in ${path.relative(ROOT_DIR, RESULTS)}.{json,md}`);
