import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/app.ts';

// The built site as `npm run serve` runs it (scripts/serve.sh), for the benchmarks that measure it from outside
// (Lighthouse, resident memory): its own data directory, a fixed port, quiet logs.

export interface SiteOptions {
  port: number;
  dataDir: string;
  /** A checkout to run instead of this one (built), for before/after comparisons. */
  root?: string;
  /** Run `node <flags> src/server/main.ts` instead of scripts/serve.sh (comparisons). */
  nodeFlags?: string[];
  env?: Record<string, string>;
}

/** Starts the server and resolves once it answers /healthz (the first start seeds the demo). */
export async function startSite(opts: SiteOptions): Promise<ChildProcess> {
  const root = opts.root ?? ROOT_DIR;
  // The production launcher (its memory settings), unless a run asks for Node flags of its own.
  const [command, args] = opts.nodeFlags
    ? [process.execPath, [...opts.nodeFlags, 'src/server/main.ts']]
    : ['bash', [path.join(root, 'scripts/serve.sh')]];
  const server = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PLAYABLE: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${opts.port}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stopSite(server);
  throw new Error('the server did not start');
}

/** Stops the server with SIGTERM (a clean shutdown) and waits until it has exited. */
export async function stopSite(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
