// Test projects: `unit` (core, main-process and console logic tests, including contract tests over real HTTP) and `e2e`
// (the console in Debian's Chromium).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src-core/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'scripts/**/*.test.ts'],
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
          fileParallelism: false,
          // A poll waits for what the console does after a request or two (a field cleared once a send is answered):
          // vitest's default second is tight on a loaded CI machine; Playwright's own waits default to 30 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
