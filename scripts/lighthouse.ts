/**
 * Lighthouse mobile performance of `/` and `/credinstante`, served by the real server
 * (build first: `npm run build`; `DIST_DIR=…` serves another build). Uses Debian's Chromium
 * (CHROME_PATH=/usr/bin/chromium).
 *
 * Scores move with the machine's load, so each page is measured `--runs` times (default 3)
 * and judged by the median run; the load average is printed with the results. For the median
 * run it also prints what to look at: the LCP element, render-blocking requests, unused
 * JavaScript and the main-thread work. Exit code 1 when a page's median is under 90.
 *
 * Usage: node --import tsx scripts/lighthouse.ts [--runs N] [--page /path]…
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from './lib/local-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';

const DEFAULT_PAGES = ['/', '/credinstante'];
const TARGET = 90;
const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const FLAGS = CHROMIUM_FLAGS.join(' ');

interface Audit {
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit | undefined>;
}

interface Run {
  score: number;
  report: LighthouseReport;
}

/** `--runs N` and `--page /x` (repeatable) from the command line. */
export function parseArgs(argv: string[]): { runs: number; pages: string[] } {
  let runs = 3;
  const pages: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--runs' && value !== undefined) {
      runs = Number(value);
      i++;
      if (!Number.isInteger(runs) || runs < 1)
        throw new Error(`--runs wants a whole number ≥ 1, not "${value}".`);
    } else if (arg === '--page' && value !== undefined) {
      pages.push(value.startsWith('/') ? value : `/${value}`);
      i++;
    } else {
      throw new Error(`Unknown argument "${arg}". Usage: scripts/lighthouse.ts [--runs N] [--page /path]…`);
    }
  }
  return { runs, pages: pages.length ? pages : DEFAULT_PAGES };
}

/** The run with the median score (the lower middle one for an even count). */
export function medianRun<T extends { score: number }>(runs: T[]): T | undefined {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const kb = (bytes: unknown) => `${(Number(bytes) / 1024).toFixed(1)} KB`;
const shortUrl = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');

function metrics(report: LighthouseReport): string {
  const metric = (id: string) => report.audits[id]?.displayValue ?? '?';
  return `FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}  SI ${metric('speed-index')}`;
}

/** What the report says to fix, in a few lines. */
function opportunities(report: LighthouseReport): string[] {
  const lines: string[] = [];
  const items = (id: string) => report.audits[id]?.details?.items ?? [];
  const lcpNode = items('largest-contentful-paint-element')
    .flatMap((item) =>
      ((item as { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }).items ?? []).map(
        (i) => i.node,
      ),
    )
    .find((node) => node);
  if (lcpNode)
    lines.push(`LCP element: ${lcpNode.snippet ?? ''} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"`);
  const blocking = items('render-blocking-resources');
  lines.push(
    `render-blocking requests: ${blocking.length ? blocking.map((i) => shortUrl(i.url)).join(', ') : 'none'}`,
  );
  const unused = items('unused-javascript');
  if (unused.length)
    lines.push(
      `unused JS: ${unused.map((i) => `${shortUrl(i.url)} ${kb(i.wastedBytes)} of ${kb(i.totalBytes)}`).join('; ')}`,
    );
  const work = items('mainthread-work-breakdown')
    .slice(0, 4)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${Math.round(Number(i.duration))} ms`);
  if (work.length) lines.push(`main thread: ${work.join(', ')}`);
  const requests = report.audits['network-requests']?.details?.items ?? [];
  if (requests.length)
    lines.push(
      `requests: ${requests.length}, ${kb(requests.reduce((sum, i) => sum + Number(i.transferSize ?? 0), 0))} transferred`,
    );
  return lines;
}

async function main(): Promise<number> {
  const { runs, pages } = parseArgs(process.argv.slice(2));
  if (!existsSync(CHROME)) {
    console.error(
      `No Chromium at ${CHROME}: run \`node --import tsx scripts/ensure-chromium.ts\` or set CHROME_PATH.`,
    );
    return 2;
  }
  const server = await startLocalServer();
  const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  let failed = false;
  console.log(
    `Lighthouse mobile performance, ${runs} run(s) per page, judged by the median (target ${TARGET}); load average ${load()}\n`,
  );
  try {
    for (const page of pages) {
      const done: Run[] = [];
      for (let n = 1; n <= runs; n++) {
        const file = join(out, 'report.json');
        const once = () =>
          spawnSync(
            process.execPath,
            [
              join('node_modules', 'lighthouse', 'cli', 'index.js'),
              server.url + page,
              '--only-categories=performance',
              '--output=json',
              `--output-path=${file}`,
              '--quiet',
              `--chrome-flags=${FLAGS}`,
            ],
            {
              env: { ...process.env, CHROME_PATH: CHROME },
              stdio: ['ignore', 'ignore', 'pipe'],
              encoding: 'utf8',
            },
          );
        // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): one more try.
        let run = once();
        if (run.status !== 0 || !existsSync(file)) run = once();
        if (run.status !== 0 || !existsSync(file)) {
          console.error(`lighthouse failed on ${page} (run ${n}):\n${run.stderr}`);
          continue;
        }
        const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
        rmSync(file, { force: true });
        const score = Math.round((report.categories.performance.score ?? 0) * 100);
        done.push({ score, report });
        console.log(
          `${page.padEnd(14)} run ${n}: ${String(score).padStart(3)}   ${metrics(report)}   (load ${load()})`,
        );
      }
      const median = medianRun(done);
      if (!median) {
        failed = true;
        continue;
      }
      const pass = median.score >= TARGET;
      failed ||= !pass;
      console.log(
        `${page.padEnd(14)} median ${String(median.score).padStart(3)}  ${pass ? 'PASS' : 'FAIL'} (target ${TARGET})   ${metrics(median.report)}`,
      );
      for (const line of opportunities(median.report)) console.log(`               ${line}`);
      console.log('');
    }
  } finally {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
