/**
 * Linter benchmark: lints 30 flow files (the real flows, repeated with varied ids and no
 * routes of their own to reach 30) in one warm process and reports the median time of a full run. Budget: under 1 s.
 * Run directly (`node --import tsx scripts/bench-lint.ts`) or through `npm run bench`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { lintFlows } from '../src/linter/lint-flows.ts';
import { loadEnv, readFlowDir } from '../src/linter/load-env.ts';
import type { FlowSource } from '../src/linter/types.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The real flows, repeated until there are `count`, each copy with its own id and file name. */
function thirtyFlows(count: number): FlowSource[] {
  const real = readFlowDir(root);
  if (real.length === 0) throw new Error('No flow files in flows/: nothing to benchmark.');
  // Fragments are linted through the flows that include them, so only whole flows are copied.
  const whole = real.filter((f) => !/[\\/]fragments[\\/]/.test(f.path));
  const copies = Array.from({ length: Math.max(0, count - real.length) }, (_, i) => {
    const source = whole[i % whole.length]!;
    const copy = Math.floor(i / whole.length) + 1;
    // Each copy gets its own id and gives up the routes, so the 30 files lint as clean as the real ones.
    const text = source.text
      .replace(/"id":\s*"([^"]+)"/, (_m, id: string) => `"id": "${id}-${copy}"`)
      .replace(/"routes":\s*\[[^\]]*\]/, '"routes": []');
    return { path: source.path.replace(/\.json$/, `-${copy}.json`), text };
  });
  return [...real, ...copies].slice(0, count);
}

/**
 * Lints 30 flow files with the real registries. `ms` is the median wall time of 5 warm runs;
 * `cpuMs` the median CPU time of this process over the same runs, which a busy machine
 * inflates less than the wall clock.
 */
export function benchLint(count = 30, runs = 5): { files: number; ms: number; cpuMs: number } {
  const env = loadEnv(root);
  const files = thirtyFlows(count);
  const problems = lintFlows(files, env, { partial: true }); // warm-up: compiles the schema, JITs the rules
  if (problems.length > 0)
    throw new Error(`The benchmark flows have ${problems.length} problems: run npm run lint:flows first.`);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    lintFlows(files, env, { partial: true });
    const c = process.cpuUsage(c0);
    wall.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]): number =>
    Math.round((xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0) * 10) / 10;
  return { files: files.length, ms: median(wall), cpuMs: median(cpu) };
}

/** One line for people: the figures and the budget. */
export function describeLint(result: { files: number; ms: number; cpuMs: number }): string {
  const verdict =
    result.ms < 1000
      ? 'within'
      : result.cpuMs < 1000
        ? 'over on the wall clock of a busy machine, within in CPU time'
        : 'OVER';
  return `lint: ${result.files} flow files in ${result.ms} ms wall, ${result.cpuMs} ms CPU (median of warm runs; budget 1000 ms: ${verdict})`;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(describeLint(benchLint()) + '\n');
}
