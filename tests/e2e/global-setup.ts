import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The test site's DATA_DIR: its outbox holds the mail it sent. */
    dataDir: string;
  }
}

// One site with a demo catalogue for all browser tests (`npm run build` must have run).
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'dist/client/.vite/manifest.json'))) {
    throw new Error('No web build: run `npm run build` before the browser tests.');
  }
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('dataDir', server.dataDir);
  return async () => {
    const code = await server.stop();
    if (code !== 0) console.error(`test server exited with ${code}:\n${server.output()}`);
    await rm(server.dataDir, { recursive: true, force: true });
  };
}
