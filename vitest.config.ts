import { defineConfig } from 'vitest/config';

// Two projects, chosen by file name so no list is kept by hand:
// - `unit`: every test that runs in the test's own process (`npm run test:unit`, for the edit loop);
//   starting a process there throws (test/support/in-process-only.ts). Its files share a worker
//   (`isolate: false`), which saves most of their import time. It runs first.
// - `e2e`: `*.e2e.test.ts` (the bundles, the CLI and tools as child processes) and `*.browser.test.ts`
//   (a real Chromium). They mostly wait on sockets and timers, so they run more files at once than
//   there are cores.
const SLOW = ['test/**/*.e2e.test.ts', 'test/**/*.browser.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: SLOW,
          setupFiles: ['test/support/in-process-only.ts'],
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: SLOW,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          globalSetup: ['test/support/e2e-setup.ts'],
        },
      },
    ],
  },
});
