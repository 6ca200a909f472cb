import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker: the unit and renderer files are mostly
    // waiting on sockets, child processes and module imports, so two run side by side.
    maxWorkers: 2,
    // A passing test prints nothing (main's log lines from the error paths it exercises included);
    // a failing one prints all it wrote. What suites measure goes to test-results/figures.txt.
    silent: 'passed-only',
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['test/support/unitSetup.ts'],
          // node:sqlite is still marked experimental in Node 22: its one-line warning per worker is
          // not news to anyone reading the test run.
          execArgv: ['--disable-warning=ExperimentalWarning'],
          expect: { poll: { timeout: 10_000 } },
          include: ['test/{main,shared,preload,integration,lint,shell}/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'demo-exchange',
          environment: 'node',
          execArgv: ['--disable-warning=ExperimentalWarning'],
          root: '.',
          include: ['packages/demo-exchange/test/**/*.test.ts'],
          setupFiles: ['test/support/unitSetup.ts'],
          testTimeout: 20_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // jsdom is made once per worker, not once per file (a third of the project's time);
          // every file still gets its own module graph, so stores start afresh.
          pool: 'vmForks',
          setupFiles: ['test/renderer/setup.ts'],
          include: ['test/renderer/**/*.test.{ts,tsx}'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          execArgv: ['--disable-warning=ExperimentalWarning'],
          globalSetup: ['test/support/browserServer.ts'],
          expect: { poll: { timeout: 10_000 } },
          include: ['test/{e2e,shell,fuzz}/**/*.e2e.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Files run two at a time (maxWorkers above): each has its own web host, demo exchange,
          // data folder and free ports, and mostly waits on the page.
        },
      },
    ],
  },
});
