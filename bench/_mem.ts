import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startSite, stopSite } from './server.ts';
const extra = JSON.parse(process.env.MEM_ENV ?? '{}');
const flags = (process.env.MEM_FLAGS ?? '').split(' ').filter(Boolean);
const server = await startSite({ port: 3393, dataDir: '/tmp/prof-LG67Ka', nodeFlags: ['--max-old-space-size=384', ...flags], env: { MALLOC_ARENA_MAX: '2', NODE_ENV: 'production', ...extra } });
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024);
const start = rss();
const html = await (await fetch('http://127.0.0.1:3393/videos/most-popular/1/')).text();
const vids = [...html.matchAll(/href="(\/videos\/\d+\/[a-z0-9-]+\/)"/g)].map((m) => m[1]);
const urls = ['/', '/videos/most-popular/1/', '/videos/latest-updates/2/', '/models/most-popular/1/', '/categories/', ...vids.slice(0, 40)];
const rounds = [];
for (let round = 0; round < 3; round++) {
  await autocannon({ url: 'http://127.0.0.1:3393', connections: 8, amount: 1500, requests: urls.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'br' } })) });
  rounds.push(rss());
}
await new Promise((r) => setTimeout(r, 10000));
console.log(process.env.MEM_LABEL, 'start', start, 'rounds', rounds.join(','), 'rest', rss());
await stopSite(server);
