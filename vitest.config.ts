// Test projects: `unit` (core and console logic tests, including contract tests over real HTTP), `main` (the Electron
// main process, with electron mocked) and `e2e` (the console in Debian's Chromium).
//
// All three share one pool of workers, the browser specs spread among the unit files (vitest.sequencer.ts): a browser
// spec spends much of its time waiting on the console while a unit file computes, so on 2 cores 3 workers keep both busy.
// The unit files reuse their worker's modules (`isolate: false`): importing the core afresh for each file cost more
// CPU than the tests themselves. Nothing in src-core keeps module-level state (DESIGN.md), and the files pass in any
// order (`--sequence.shuffle.files`). The main process's tests mock electron per file, so they keep their isolation.
import { defineConfig } from 'vitest/config';
import { FlakyReporter } from './vitest.flaky-reporter.ts';
import { InterleavedSequencer } from './vitest.sequencer.ts';

export default defineConfig({
  test: {
    maxWorkers: 3,
    reporters: ['default', new FlakyReporter()],
    sequence: { sequencer: InterleavedSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src-core/**/*.test.ts', 'src-renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'main',
          include: ['src-main/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits for what the console does after a request or two (a field cleared once a send is answered):
          // vitest's default second is tight on a loaded CI machine; Playwright's own waits default to 30 s.
          expect: { poll: { timeout: 10_000 } },
          // On CI, a browser test that fails is run once more: a timing flake on a loaded machine (a read made twice
          // while the console raced the server) no longer blocks the whole run, and FlakyReporter names it. A real
          // failure fails both times. Locally, never: a flake shows at once.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
