/**
 * Lighthouse mobile performance (simulated throttling) of every route of the site
 * (`SPEC_ROUTES`, a sample value for a path parameter) and of the error page, served by the
 * real server (build first: `npm run build`; `DIST_DIR=…` serves another build). Uses Debian's
 * Chromium (CHROME_PATH=/usr/bin/chromium). A script, not a CI step: about 40 s a route.
 *
 * Scores move with the machine's load, so each page is measured `--runs` times (default 3)
 * and each figure is the median of its runs; the load average is printed with the results.
 * Per route: score, LCP, FCP, TBT, CLS and the JavaScript transferred, held against the
 * budgets of issue 24 (LCP ≤ 1.2 s, FCP ≤ 1.0 s, TBT ≤ 50 ms, CLS 0, score ≥ 98) as met or
 * MISSED; for a missed route, what to look at (the LCP element, render-blocking requests,
 * unused JavaScript, main-thread work). Exit code 1 when a route misses a budget.
 *
 * Lighthouse's throttling slows the CPU 4× whatever the host, which makes a mid-tier phone of a
 * fast desktop (benchmark index about 1,500). Each run prints the host's benchmark index, and the
 * table the slowdown Lighthouse's calibration (docs/throttling.md, "Calibrating the CPU
 * slowdown") gives for the median one: on a slower or busier host the 4× figures describe a
 * slower phone. `--cpu-slowdown X` measures with that slowdown instead; the budgets are judged
 * either way, and the table says which slowdown it was.
 *
 * Usage: node --import tsx scripts/lighthouse.ts [--runs N] [--cpu-slowdown X] [--page /path]…
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalServer } from './lib/local-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { SPEC_ROUTES } from '../src/engine/routes.ts';

/** An address of `route`: an optional parameter left out, a required one given a sample value. */
export function sampleAddress(route: string): string {
  return route.replace(/\/:\w+\?/g, '').replace(/:\w+/g, '1');
}

/** The error page's address: no route of the site takes it. */
const NOT_FOUND = '/pagina-no-encontrada';
const DEFAULT_PAGES = [...SPEC_ROUTES.map(sampleAddress), NOT_FOUND];

/** The budgets of a first screen (issue 24), in Lighthouse's units (ms, score 0–100). */
export const BUDGETS = { score: 98, lcp: 1200, fcp: 1000, tbt: 50, cls: 0 } as const;
const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const FLAGS = CHROMIUM_FLAGS.join(' ');

interface Audit {
  displayValue?: string;
  numericValue?: number;
  details?: { items?: Record<string, unknown>[] };
}

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  /** The host's CPU and memory power as Lighthouse measured it before the run. */
  environment?: { benchmarkIndex?: number };
  audits: Record<string, Audit | undefined>;
}

/** The figures of one run, or the medians of several. */
export interface Figures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** JavaScript transferred, bytes. */
  js: number;
}

interface Run extends Figures {
  report: LighthouseReport;
}

/** `--runs N` and `--page /x` (repeatable) from the command line. */
export function parseArgs(argv: string[]): { runs: number; pages: string[]; cpuSlowdown?: number } {
  let runs = 3;
  let cpuSlowdown: number | undefined;
  const pages: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--runs' && value !== undefined) {
      runs = Number(value);
      i++;
      if (!Number.isInteger(runs) || runs < 1)
        throw new Error(`--runs wants a whole number ≥ 1, not "${value}".`);
    } else if (arg === '--cpu-slowdown' && value !== undefined) {
      cpuSlowdown = Number(value);
      i++;
      if (!(cpuSlowdown >= 1)) throw new Error(`--cpu-slowdown wants a number ≥ 1, not "${value}".`);
    } else if (arg === '--page' && value !== undefined) {
      pages.push(value.startsWith('/') ? value : `/${value}`);
      i++;
    } else {
      throw new Error(
        `Unknown argument "${arg}". Usage: scripts/lighthouse.ts [--runs N] [--cpu-slowdown X] [--page /path]…`,
      );
    }
  }
  return { runs, pages: pages.length ? pages : DEFAULT_PAGES, ...(cpuSlowdown ? { cpuSlowdown } : {}) };
}

/**
 * The CPU slowdown that makes a mid-tier phone of a host with this benchmark index, by
 * Lighthouse's calibration (docs/throttling.md, "Calibrating the CPU slowdown": its calculator's
 * three lines, 150 → 1×, 800 → 2×, 1,300 → 3×, then 1× more every 233; 4× at about 1,533).
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The command line of one Lighthouse run of `page`, its report written to `file`. */
export function lighthouseArgs(origin: string, page: string, file: string, cpuSlowdown?: number): string[] {
  return [
    join('node_modules', 'lighthouse', 'cli', 'index.js'),
    origin + page,
    '--only-categories=performance',
    '--output=json',
    `--output-path=${file}`,
    '--quiet',
    `--chrome-flags=${FLAGS}`,
    ...(cpuSlowdown === undefined ? [] : [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`]),
    // The error page answers HTTP 404 on purpose; Lighthouse refuses such a page unless told.
    ...(page === NOT_FOUND ? ['--ignore-status-code'] : []),
  ];
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

/** The figures of a report. */
export function figuresOf(report: LighthouseReport): Figures {
  const value = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const requests = report.audits['network-requests']?.details?.items ?? [];
  return {
    score: Math.round((report.categories.performance.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: requests
      .filter((i) => i.resourceType === 'Script')
      .reduce((sum, i) => sum + Number(i.transferSize ?? 0), 0),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

/** Each figure's median over `runs` (the lower middle one for an even count). */
export function medianFigures(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return { score: of('score'), lcp: of('lcp'), fcp: of('fcp'), tbt: of('tbt'), cls: of('cls'), js: of('js') };
}

/** The budgets `f` misses, by name (empty when it meets them all). CLS is judged at Lighthouse's 3 decimals. */
export function missedBudgets(f: Figures): string[] {
  const missed: string[] = [];
  if (!(f.score >= BUDGETS.score)) missed.push(`score < ${BUDGETS.score}`);
  if (!(f.lcp <= BUDGETS.lcp)) missed.push(`LCP > ${BUDGETS.lcp / 1000} s`);
  if (!(f.fcp <= BUDGETS.fcp)) missed.push(`FCP > ${BUDGETS.fcp / 1000} s`);
  if (!(f.tbt <= BUDGETS.tbt)) missed.push(`TBT > ${BUDGETS.tbt} ms`);
  if (!(Math.round(f.cls * 1000) / 1000 <= BUDGETS.cls)) missed.push('CLS > 0');
  return missed;
}

/** One table row. */
function row(page: string, f: Figures, verdict: string): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    page.padEnd(34),
    String(f.score).padStart(5),
    s(f.lcp).padStart(8),
    s(f.fcp).padStart(8),
    `${Math.round(f.tbt)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(6),
    kb(f.js).padStart(9),
    `  ${verdict}`,
  ].join('');
}

const HEADER = `${'route'.padEnd(34)}${'score'.padStart(5)}${'LCP'.padStart(8)}${'FCP'.padStart(8)}${'TBT'.padStart(8)}${'CLS'.padStart(6)}${'JS'.padStart(9)}  budgets`;

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
  const { runs, pages, cpuSlowdown } = parseArgs(process.argv.slice(2));
  const slowdown = cpuSlowdown === undefined ? "Lighthouse's 4×" : `${cpuSlowdown}×`;
  const indexes: number[] = [];
  if (!existsSync(CHROME)) {
    console.error(
      `No Chromium at ${CHROME}: run \`node --import tsx scripts/ensure-chromium.ts\` or set CHROME_PATH.`,
    );
    return 2;
  }
  const server = await startLocalServer();
  const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const table: string[] = [];
  let failed = false;
  console.log(
    `Lighthouse mobile performance, CPU slowed ${slowdown}, ${runs} run(s) per route, medians; budgets: score ≥ ${BUDGETS.score}, LCP ≤ ${BUDGETS.lcp / 1000} s, FCP ≤ ${BUDGETS.fcp / 1000} s, TBT ≤ ${BUDGETS.tbt} ms, CLS ${BUDGETS.cls}; load average ${load()}\n`,
  );
  try {
    for (const page of pages) {
      const done: Run[] = [];
      for (let n = 1; n <= runs; n++) {
        const file = join(out, 'report.json');
        const once = () =>
          spawnSync(process.execPath, lighthouseArgs(server.url, page, file, cpuSlowdown), {
            env: { ...process.env, CHROME_PATH: CHROME },
            stdio: ['ignore', 'ignore', 'pipe'],
            encoding: 'utf8',
          });
        // Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART): one more try.
        let run = once();
        if (run.status !== 0 || !existsSync(file)) run = once();
        if (run.status !== 0 || !existsSync(file)) {
          console.error(`lighthouse failed on ${page} (run ${n}):\n${run.stderr}`);
          continue;
        }
        const report = JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport;
        rmSync(file, { force: true });
        const figures = figuresOf(report);
        done.push({ ...figures, report });
        const index = report.environment?.benchmarkIndex;
        if (index !== undefined) indexes.push(index);
        console.log(
          `${row(`${page} (run ${n})`, figures, '')}(load ${load()}${index === undefined ? '' : `, benchmark index ${Math.round(index)}`})`,
        );
      }
      if (done.length === 0) {
        failed = true;
        table.push(row(page, medianFigures([]), 'no run'));
        continue;
      }
      const figures = medianFigures(done);
      const missed = missedBudgets(figures);
      failed ||= missed.length > 0;
      table.push(row(page, figures, missed.length ? `MISSED (${missed.join(', ')})` : 'met'));
      if (missed.length)
        for (const line of opportunities(medianRun(done)!.report)) console.log(`    ${line}`);
    }
  } finally {
    await server.stop();
    rmSync(out, { recursive: true, force: true });
  }
  const index = median(indexes);
  console.log(
    `\nMedians of ${runs} run(s) per route, CPU slowed ${slowdown} (load average ${load()}):\n${HEADER}\n${table.join('\n')}`,
  );
  if (indexes.length > 0)
    console.log(
      `\nThe host's benchmark index: median ${Math.round(index)} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}); Lighthouse's calibration gives a mid-tier phone at ${calibratedSlowdown(index).toFixed(1)}× on it (--cpu-slowdown).`,
    );
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
