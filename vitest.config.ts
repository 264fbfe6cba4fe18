import { defineConfig } from 'vitest/config';

// Three suites, all run by `npm test`:
// - unit: pure rules next to the code (*.test.ts)
// - integration: the real HTTP app on a real database (*.int.test.ts); PGlite in-process,
//   or PostgreSQL when TEST_DATABASE_URL is set (CI runs both)
// - e2e: Debian's Chromium against the built site (tests/e2e/*.e2e.ts)
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/e2e/cleanup.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser under CI load can take seconds to show a state: polls wait for it, the
          // way Playwright's own waits do, instead of Vitest's 1 s default.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
          // A group of its own, never beside unit and integration (Vitest runs groups one
          // after another): a browser test judges what a person sees and when, so it runs on
          // a machine not also busy with the database suites.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
