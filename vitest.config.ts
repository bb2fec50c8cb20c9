import path from 'node:path';
import { defineConfig } from 'vitest/config';
import MinuteLongFirst from './e2e/support/sequencer.ts';
import { useTestTemporaryDirectory } from './scripts/test-temporary-directory.ts';

// Before any worker starts, so that they, the test PostgreSQL and Chromium inherit it.
useTestTemporaryDirectory();

const alias = { '@': path.resolve(import.meta.dirname, 'client/src') };

export default defineConfig({
  resolve: { alias },
  test: {
    // One throwaway PostgreSQL for the whole run; each test file gets its own database cloned from a migrated template.
    globalSetup: ['./server/test/global-setup.ts'],
    // Three files at a time. Vitest's default is one fewer than the cores, one on a 2-core machine: the files then ran
    // one after another while each waited on PostgreSQL, a browser or the disk. Measured on a 2-core machine, whole
    // run: 890-950 s at the default, 804 s at two, 685 s at three (docs/architecture.md, Tests). Four is no faster now
    // that the run keeps both cores busy (322 s against 305 s at three, which leaves them idle 9% of the run).
    maxWorkers: 3,
    sequence: { sequencer: MinuteLongFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // Files share a worker and the modules it has imported (see "Tests" in docs/architecture.md).
          isolate: false,
          include: ['client/src/**/*.test.ts', 'client/build/**/*.test.ts', 'shared/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          // Screens and their parts as a person uses them, in a simulated page (no browser to start). jsdom, not
          // happy-dom: happy-dom lacks a select's `size` and an option's `defaultSelected`, which react-hook-form reads
          // to tell a chosen value from the page's default, so a saved profile's location was lost there.
          name: 'component',
          // Isolated: a screen's module may read the simulated browser once (the recorder asks whether it can film),
          // so a file that changes the browser needs its own copy of the modules.
          include: ['client/src/**/*.test.tsx'],
          // In worker threads rather than processes: a fresh module copy per file costs less in a thread. Measured on a
          // 2-core machine, the component files alone: 51-54 s and 95-102 CPU-seconds, against 70-74 s and 134-143 in
          // forks. vmThreads was faster still (25 s) but raced Node's require() of Preact's ES module and failed a file.
          // The non-isolated projects measured the same in either pool, so they keep Vitest's default.
          pool: 'threads',
          environment: 'jsdom',
          setupFiles: ['./client/src/test/setup.ts'],
          // A form filled in key by key takes a second or two on an idle 2-core machine; twice as long on a busy one.
          testTimeout: 15_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // Each file builds its own app on its own database and none relies on a module's state being new, so files
          // share a worker and import express, drizzle and the routes once per worker instead of once per file.
          isolate: false,
          include: ['server/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          // As the API files: each journey starts its own product and browser.
          isolate: false,
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['./e2e/support/build-client.ts'],
          environment: 'node',
          // Journeys of several screens (a company's first payment and search, a minute of recorded video, every
          // screen in Arabic) take 30 to 60 s on an idle 2-core machine: twice that is the limit, not the expectation.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // A page of a fresh server on a busy 2-core machine can take more than the default second to show; polls
          // wait as long as Playwright's own waits do.
          expect: { poll: { timeout: 15_000 } },
          // Each file drives its own Chromium and product; they spend most of their time waiting on them.
          maxWorkers: 3,
        },
      },
    ],
  },
});
