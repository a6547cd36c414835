import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { i18nShellPlugin } from './scripts/vite-i18n-shell-plugin.ts';

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one file at a time on CI's
    // two), though most suites wait on their database's own thread: 669 s with one file at a
    // time against 407 s with two, the whole unit suite on this 2-core machine.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/engine/**/*.test.ts',
            'src/linter/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          testTimeout: 30000,
          hookTimeout: 60000,
          // The server suites' files share their worker's modules (none mocks one or changes
          // the environment; each starts and stops its own services): importing the server
          // again for every file was a third of the run (node project: 375 s isolated, 222 s not).
          isolate: false,
        },
      },
      {
        // src/web/lib/i18n.ts imports the shell's texts with `?shell`, as the build does.
        plugins: [i18nShellPlugin()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test-setup.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
});
