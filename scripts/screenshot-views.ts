/**
 * Screenshots of one step of each view at 375 px and 1280 px, from the view gallery
 * (tests/view-gallery) served by Vite, with the catalogs answered from fixtures.
 * Usage: node --import tsx scripts/screenshot-views.ts [outDir]   (needs /usr/bin/chromium)
 * Writes reports/screenshots/views/<view>-<width>.png (and form-errors-<width>.png, the form
 * after a submit attempt) and prints each file.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { chromium } from '@playwright/test';
import { VIEW_IDS } from '../src/engine/views.ts';
import { CATALOGS } from '../tests/view-gallery/fixtures.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? `${root}reports/screenshots/views`;
const WIDTHS = [375, 1280] as const;

mkdirSync(outDir, { recursive: true });
const server = await createServer({
  configFile: `${root}vite.config.ts`,
  root,
  server: { port: 0, host: '127.0.0.1' },
  logLevel: 'warn',
});
await server.listen();
const base = server.resolvedUrls?.local[0];
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, '--lang=es-PE'],
});
let failures = 0;
try {
  if (!base) throw new Error('Vite did not report a local URL');
  for (const width of WIDTHS) {
    // es-PE: the date input shows dd/mm/aaaa as applicants' phones do.
    const page = await browser.newPage({
      viewport: { width, height: width < 600 ? 812 : 900 },
      locale: 'es-PE',
    });
    page.on('pageerror', (e) => {
      failures++;
      console.error(`page error at ${width}px: ${e.message}`);
    });
    await page.route(
      (url) => /^\/(kong|api)\//.test(url.pathname),
      async (route) => {
        const path = new URL(route.request().url()).pathname;
        await route.fulfill({ json: CATALOGS[path] ?? { codRes: '00', data: [] } });
      },
    );
    for (const view of VIEW_IDS) {
      await page.goto(`${base}tests/view-gallery/index.html?view=${view}`);
      await page.locator('.step-view, .view-empty').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const file = `${outDir}/${view}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      if (view === 'form') {
        // The same form after a submit attempt: how errors look.
        await page.getByRole('button', { name: 'Continuar' }).click();
        await page.getByRole('alert').first().waitFor();
        const errors = `${outDir}/form-errors-${width}.png`;
        await page.screenshot({ path: errors, fullPage: true });
        console.log(errors);
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
process.exitCode = failures > 0 ? 1 : 0;
