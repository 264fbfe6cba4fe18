import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { startServer } from './server.ts';

// SIGTERM while requests are in flight: every one of them completes, the process exits 0 and
// the embedded database reopens cleanly.

function get(url: string, agent: http.Agent, onResponse: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      onResponse();
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests and leaves a database that reopens', async () => {
    const server = await startServer({ DEMO_VIDEOS: '100' });
    const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
    const paths = [
      '/',
      '/api/json/videos2/0/str/latest-updates/60/..1.all..all.json',
      '/api/json/videos2/0/str/most-popular/60/..1.all..day.json',
    ];
    let firstResponse!: () => void;
    const started = new Promise<void>((resolve) => {
      firstResponse = resolve;
    });
    const requests = Array.from({ length: 45 }, (_, i) =>
      get(`${server.url}${paths[i % paths.length]}`, agent, firstResponse),
    );
    await started;
    const exitCode = server.stop();
    const statuses = await Promise.all(requests).catch((error: unknown) => {
      // Say what the server did when a request failed, not only that it did.
      throw new Error(`${String(error)}\nserver output:\n${server.output().slice(-4000)}`);
    });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await exitCode).toBe(0);
    expect(server.output()).not.toMatch(/"level":(50|60)/);

    const database = await openDatabase({ pgliteDir: path.join(server.dataDir, 'db') });
    try {
      // The catalogue's videos, not the shared clip they play (docs/decisions/0033).
      const [row] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM videos WHERE NOT media ? 'pool'`,
      );
      expect(row?.n).toBe(100);
    } finally {
      await database.close();
    }
  });
});
