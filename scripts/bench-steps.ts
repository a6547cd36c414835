/**
 * `npm run bench:steps`: how long a step change takes after the service's answer (the
 * engine's transition and the render of the next step), in Chromium with the CPU slowed 4×,
 * over Credinstante's whole journey (`tests/bench/steps.bench.ts`, run `--runs` times,
 * default 3). Prints p50 and p95 per view of the engine and the render (the budget: p95 ≤ 100
 * ms) and of the whole wait after the answer, and the long
 * tasks of taking over each prerendered first screen and of its first transition
 * (`tests/bench/first-screen.bench.ts`, budget: none over 50 ms), with the load average; exit
 * code 1 when a view or a first screen misses its budget. Build first (`npm run build`).
 *
 *   node --import tsx scripts/bench-steps.ts [--runs N] [--grep PATTERN]
 *
 * `--grep` runs only the benchmarks whose title matches (Playwright's `--grep`): `--grep
 * "taking over /credinstante,"` for one first screen, `--grep "taking over"` for all of them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HydrationSample } from '../tests/bench/first-screen.bench.ts';
import type { StepSample } from '../tests/bench/steps.bench.ts';

/** The budget of a step change at the 95th percentile (issue 24). */
export const BUDGET_P95_MS = 100;

/** A long task: the longest a first screen's take-over may block the page (issue 24). */
export const LONG_TASK_MS = 50;

/** The `p`th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * One line per view: samples, then p50 and p95 of the engine and the render (the budget: the
 * event's arrival at the engine to the next step's view) and of the whole wait after the
 * answer (its reading and the page being busy with the click that sent the call included).
 */
export function stepTable(samples: StepSample[]): { lines: string[]; missed: boolean } {
  const byView = new Map<string, StepSample[]>();
  for (const s of samples) byView.set(s.view, [...(byView.get(s.view) ?? []), s]);
  let missed = false;
  const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(9);
  const lines = [...byView.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([view, list]) => {
      const engine = list.map((s) => s.engineMs);
      const whole = list.map((s) => s.ms);
      const p95 = percentile(engine, 95);
      const ok = p95 <= BUDGET_P95_MS;
      missed ||= !ok;
      return `${view.padEnd(12)}${String(list.length).padStart(4)}${ms(percentile(engine, 50))}${ms(p95)}${ms(percentile(whole, 50))}${ms(percentile(whole, 95))}  ${ok ? 'met' : 'MISSED'}`;
    });
  return {
    lines: [
      `${''.padEnd(16)}${'engine + render'.padStart(18)}${'after the answer'.padStart(18)}`,
      `${'view'.padEnd(12)}${'n'.padStart(4)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p50'.padStart(9)}${'p95'.padStart(9)}  budget: engine + render p95 ≤ ${BUDGET_P95_MS} ms`,
      ...lines,
    ],
    missed,
  };
}

/**
 * One line per route and phase of the first screens' take-over: runs, the longest task of
 * each run's worst, the tasks over 50 ms, and the verdict (no task over 50 ms in any run; the
 * tasks before the first paint are shown but not judged).
 */
export function longTaskTable(samples: HydrationSample[]): { lines: string[]; missed: boolean } {
  const byRoute = new Map<string, number[][]>();
  for (const s of samples) {
    const key = `${s.route} ${s.phase}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), s.tasks]);
  }
  let missed = false;
  const lines = [...byRoute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, runs]) => {
      const longest = Math.max(0, ...runs.flat());
      const over = runs.flat().filter((ms) => ms > LONG_TASK_MS).length;
      // The browser drawing the HTML before any script ran: shown, outside the budget (as in
      // Lighthouse's blocking time, which starts at the first contentful paint).
      const judged = !key.endsWith(' before first paint');
      if (judged) missed ||= over > 0;
      const verdict = !judged ? '(not judged)' : over === 0 ? 'met' : 'MISSED';
      return `${key.padEnd(44)}${String(runs.length).padStart(4)}${`${longest.toFixed(0)} ms`.padStart(10)}${String(over).padStart(6)}  ${verdict}`;
    });
  return {
    lines: [
      `${'first screen'.padEnd(44)}${'n'.padStart(4)}${'longest'.padStart(10)}${'> 50'.padStart(6)}  budget: no task > ${LONG_TASK_MS} ms`,
      ...lines,
    ],
    missed,
  };
}

/** The samples a bench wrote to `file`, or null when it wrote none. */
function samplesIn<T>(file: string): T[] | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T[]) : null;
}

function main(): number {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs wants a whole number ≥ 1, not "${process.argv[at + 1]}".`);
    return 2;
  }
  if (!existsSync('dist/.vite/manifest.json')) {
    console.error('No build in dist/: run npm run build first.');
    return 2;
  }
  const grepAt = process.argv.indexOf('--grep');
  const grep = grepAt >= 0 ? process.argv[grepAt + 1] : undefined;
  if (grepAt >= 0 && !grep) {
    console.error('--grep wants a pattern.');
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-steps-'));
  const out = join(dir, 'samples.json');
  const hydrationOut = join(dir, 'hydration.json');
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' ');
  console.log(`bench:steps: Credinstante's journey ×${runs}, CPU 4× slower; load average ${load()}`);
  try {
    const run = spawnSync(
      process.execPath,
      [
        join('node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '--config',
        'playwright.bench.config.ts',
        '--repeat-each',
        String(runs),
        ...(grep ? ['--grep', grep] : []),
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, BENCH_STEPS_OUT: out, BENCH_HYDRATION_OUT: hydrationOut },
      },
    );
    const steps = samplesIn<StepSample>(out);
    const hydration = samplesIn<HydrationSample>(hydrationOut);
    if (!steps && !hydration) {
      console.error('The benchmarks recorded nothing: see the output above.');
      return 2;
    }
    let missed = false;
    for (const table of [steps && stepTable(steps), hydration && longTaskTable(hydration)]) {
      if (!table) continue;
      missed ||= table.missed;
      console.log(`\n${table.lines.join('\n')}`);
    }
    console.log(`(load average ${load()})`);
    return run.status === 0 && !missed ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
