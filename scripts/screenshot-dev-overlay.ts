/**
 * Shows the dev overlay at work and takes its picture (docs/images/dev-overlay.png): starts
 * `vite` on a free port, opens /moto in Chromium, saves flows/moto.json with a misspelt step
 * name, waits for the overlay, takes the screenshot, restores the file and checks that the
 * overlay goes away with the reload.
 *
 * Usage: node --import tsx scripts/screenshot-dev-overlay.ts [out.png]   (needs /usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { freePort } from './lib/free-port.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'docs', 'images', 'dev-overlay.png'));
const flowFile = join(root, 'flows', 'moto.json');

const port = await freePort();
const vite = spawn(join(root, 'node_modules', '.bin', 'vite'), ['--port', String(port), '--strictPort'], {
  cwd: root,
  stdio: 'pipe',
});
const original = readFileSync(flowFile, 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
try {
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('vite did not start in 60 s')), 60_000);
    vite.stdout.on('data', (chunk: Buffer) => {
      if (String(chunk).includes(`:${port}`)) {
        clearTimeout(timer);
        ok();
      }
    });
  });
  const page = await browser.newPage({ viewport: { width: 960, height: 640 } });
  await page.goto(`http://localhost:${port}/moto`);
  await page.locator('.step-title').first().waitFor({ timeout: 60_000 });
  // The analyst's edit: a goto to a step name with a typo.
  const broken = original.replace('"goto": "datosPersonales"', '"goto": "datosPersonale"');
  if (broken === original) throw new Error('flows/moto.json changed: pick another edit for the picture.');
  writeFileSync(flowFile, broken);
  const overlay = page.locator('vite-error-overlay');
  await overlay.waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
  writeFileSync(flowFile, original);
  await overlay.waitFor({ state: 'detached', timeout: 30_000 });
  await page.locator('.step-title').first().waitFor({ timeout: 60_000 });
  console.log(`Overlay shown and cleared; picture: ${out}`);
} finally {
  writeFileSync(flowFile, original);
  await browser.close();
  vite.kill();
}
