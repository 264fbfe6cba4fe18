import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

// Runs tests/support/server-main.ts (the real app, API only) in a child process and kills it
// without warning, as a crash or the kernel's out-of-memory killer would.

export interface ServerProcess {
  url: string;
  output(): string;
  /** SIGKILL: no shutdown hook runs. Resolves when the process is gone. */
  kill(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const root = path.resolve(import.meta.dirname, '../..');
  // The Node pinned in package.json, whatever Node runs the tests.
  const pinned = path.join(root, 'node_modules/.bin/node');
  const child: ChildProcess = spawn(
    existsSync(pinned) ? pinned : process.execPath,
    ['tests/support/server-main.ts'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time:\n${log}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(log)?.[1];
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) during start-up:\n${log}`));
    });
  });
  return {
    url,
    output: () => log,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
