/**
 * Lighthouse mobile performance of `/` and `/credinstante`, served by the real server
 * (build first: `npm run build`). Uses Debian's Chromium (CHROME_PATH=/usr/bin/chromium).
 * Prints each score (0–100) and whether it meets the target of 90; exit code 1 when not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from './lib/local-server.ts';

const PAGES = ['/', '/credinstante'];
const TARGET = 90;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { displayValue?: string }>;
}

async function main(): Promise<number> {
  if (!existsSync(CHROME)) {
    console.error(`No Chromium at ${CHROME}: run \`node --import tsx scripts/ensure-chromium.ts\` or set CHROME_PATH.`);
    return 2;
  }
  const server = await startLocalServer();
  const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  let failed = false;
  try {
    for (const page of PAGES) {
      const file = join(out, 'report.json');
      const once = () => spawnSync(
        process.execPath,
        [join('node_modules', 'lighthouse', 'cli', 'index.js'), server.url + page, '--only-categories=performance', '--output=json', `--output-path=${file}`, '--quiet', `--chrome-flags=${FLAGS}`],
        { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
      );
      // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): one more try.
      let run = once();
      if (run.status !== 0 || !existsSync(file)) run = once();
      if (run.status !== 0 || !existsSync(file)) {
        console.error(`lighthouse failed on ${page}:\n${run.stderr}`);
        failed = true;
        continue;
      }
      const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
      const score = Math.round((report.categories.performance.score ?? 0) * 100);
      const metric = (id: string) => report.audits[id]?.displayValue ?? '?';
      failed ||= score < TARGET;
      console.log(
        `${page.padEnd(14)} performance ${String(score).padStart(3)}  ${score >= TARGET ? 'PASS' : 'FAIL'} (target ${TARGET})   FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
      );
      rmSync(file, { force: true });
    }
  } finally {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
