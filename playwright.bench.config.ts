/**
 * `npm run bench:steps` (scripts/bench-steps.ts): the browser suite's server and browser, for
 * the benchmarks under tests/bench (never part of `npm test`). Mobile viewport only, no retry.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: 'tests/bench',
  testMatch: '*.bench.ts',
  retries: 0,
  reporter: 'line',
  projects: base.projects?.filter((p) => p.name === 'mobile'),
});
