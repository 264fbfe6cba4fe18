import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { tempDir } from './temp-dirs.ts';

// Starts the real site (scripts/serve.sh, as `npm start` runs it, on the production build) in
// a child process on a free port with its own data directory, and stops it with SIGTERM.

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? (await tempDir('site'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, '../..');
  // As `npm start` runs it: the pinned Node with the production memory settings.
  const child = spawn('bash', [path.join(root, 'scripts/serve.sh')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DEMO_VIDEOS: '240',
      // One video goes through the real media pipeline (hover clip, files) while tests run.
      DEMO_PLAYABLE: '1',
      LOG_LEVEL: 'warn',
      // The site runs on 127.0.0.1, a private address no country database knows: its
      // visitors' country is unknown, and here the unknown meet no gate (decision 0053; an
      // operator's site shows them the general gate). age-gate.e2e.ts runs its own site with
      // a country header and the default, fail-closed behaviour.
      UNKNOWN_COUNTRY_GATE: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
