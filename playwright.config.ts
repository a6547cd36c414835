/**
 * Browser tests against the real server (sandbox mode) and the built site (`npm run build`
 * first; `npm run test:e2e` does both). Debian's Chromium: `scripts/ensure-chromium.ts`
 * installs it when missing. Every run gets a free port and a fresh, empty DATA_DIR.
 *
 * Tests run on a 375 px phone (`mobile`); tests tagged `@desktop` also run at 1280 px, and
 * tests tagged `@desktop-only` run only there.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, FAKE_CAMERA_FLAGS } from './scripts/lib/chromium.ts';

// Chosen once in the main process; workers inherit the environment, so all agree.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
if (process.env.E2E_DATA_DIR === undefined) {
  // The run's database (43 MB) goes when the run's main process ends, after its server.
  const dataDir = mkdtempSync(join(tmpdir(), 'credito-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));
}
const port = Number(process.env.E2E_PORT);

const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, ...FAKE_CAMERA_FLAGS] };

export default defineConfig({
  testDir: 'tests/e2e',
  // One output folder per run: runs started side by side must not delete each other's traces.
  outputDir: `test-results/run-${port}`,
  workers: 1,
  // One retry in CI: a browser test that passes only on its second try is reported as flaky
  // in the output, so it is seen and fixed, without one slow moment failing the whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-PE',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    // `@desktop-only` tests check what only the wide layout has (the account menu).
    {
      name: 'mobile',
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
    { name: 'desktop', grep: /@desktop/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      SANDBOX_EVALUATION_DELAY_MS: '300',
      // A conversion applicant who stops for 2 s has "left": the resume link is texted (15 min live).
      CONVERSION_RESUME_LINK_IDLE_MS: '2000',
      // An answer that breaks its call's response schema fails the page that asked for it.
      SANDBOX_CHECK_ANSWERS: 'true',
      // Every applicant of the browser suite comes from 127.0.0.1: one address stands for
      // hundreds of phones here, so its SMS allowance is that of a busy shop's, not a person's.
      SMS_PER_IP_HOUR: '5000',
      IDENTITY_ANSWERS_PER_IP_DAY: '5000',
      NODE_ENV: 'production',
    },
  },
});
