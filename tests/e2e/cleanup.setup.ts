import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dirs.ts';

// Registered before each file's own hooks, so it runs after them (after hooks run in reverse):
// the file's sites are stopped before their directories go.
afterAll(removeTempDirs);
