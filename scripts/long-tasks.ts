/**
 * `npm run long-tasks`: what fills the main thread while a page's first screen is taken over.
 * Loads the page `--loads` times (default 3) in Debian's Chromium with a phone's viewport, with
 * a performance trace and V8's sampling profiler running, and prints for each load every task
 * after the first contentful paint that would block on a slower CPU (longer than 50 ms once
 * multiplied by `--slowdown`, default 4, as Lighthouse's simulation multiplies it), with the
 * trace events inside it and the functions that ran in it (own time and with callees). The
 * last line adds the loads up: the blocking time of those tasks (each one's excess over 50 ms),
 * median and range. Served by the real server from `dist/` (`npm run build` first;
 * `DIST_DIR=…` for another build, e.g. one built with `--minify false` to keep the names).
 *
 *   node --import tsx scripts/long-tasks.ts [--page /credinstante] [--loads N] [--slowdown X]
 *
 * The same reading as Lighthouse's blocking time, without its page-load model: for finding
 * what to cut, not for judging a budget (`npm run lighthouse` does that).
 */
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium.ts';
import { startLocalServer } from './lib/local-server.ts';
import { percentile } from './bench-steps.ts';

/** A trace event, as Chromium writes it (times in µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** V8's CPU profile, as `Profiler.stop` answers it. */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a long task held: its largest trace events and the functions that ran in it (ms). */
export interface TaskParts {
  events: [string, number][];
  self: [string, number][];
  total: [string, number][];
}

const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
/** Trace events worth naming inside a task. */
const PART_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'EventDispatch',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'MinorGC',
  'MajorGC',
]);

/** The page's main thread: the renderer thread that parsed the most HTML. */
export function mainThread(events: readonly TraceEvent[]): string | undefined {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
  const parsed = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) === 'CrRendererMain' && e.name === 'ParseHTML')
      parsed.set(key, (parsed.get(key) ?? 0) + 1);
  }
  return [...parsed].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The tasks of `events` (one thread's) that no other task holds, in order. */
export function outermostTasks(events: readonly TraceEvent[]): TraceEvent[] {
  const tasks = events
    .filter((e) => e.ph === 'X' && TASK_EVENTS.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const out: TraceEvent[] = [];
  for (const task of tasks) {
    const last = out.at(-1);
    if (last && task.ts + task.dur! <= last.ts + last.dur!) continue;
    out.push(task);
  }
  return out;
}

/** The blocking time of tasks (ms) once slowed `slowdown` times: each one's excess over 50 ms. */
export function blockingTime(durations: readonly number[], slowdown: number): number {
  return durations.reduce((sum, d) => sum + Math.max(0, d * slowdown - 50), 0);
}

/**
 * The file a script address names. A script inline in the page (the boot script) is named by
 * the page's address, which the profiler may give as the address the tab had before: "page".
 */
function fileOf(url: string): string {
  const last = url.split('/').pop() ?? '';
  return last === '' || last.endsWith('.js') ? last : 'page';
}

function label(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const file = fileOf(frame.url);
  return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
}

const top = (m: Map<string, number>, n: number): [string, number][] =>
  [...m].sort((a, b) => b[1] - a[1]).slice(0, n);

/** What ran in the task from `start` for `duration` µs: trace events and profiled functions. */
export function partsOf(
  start: number,
  duration: number,
  events: readonly TraceEvent[],
  profile: CpuProfile,
): TaskParts {
  const end = start + duration;
  const kinds = new Map<string, number>();
  for (const e of events) {
    if (e.ph !== 'X' || !PART_EVENTS.has(e.name) || e.ts < start || e.ts >= end) continue;
    const url = e.args?.data?.url;
    const name = [e.name, url && fileOf(url), e.args?.data?.functionName].filter(Boolean).join(' ');
    kinds.set(name, Math.max(kinds.get(name) ?? 0, (e.dur ?? 0) / 1000));
  }
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < start || t >= end) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i]!;
    const own = byId.get(id);
    if (!own || ['(idle)', '(root)', '(program)'].includes(own.callFrame.functionName)) continue;
    self.set(label(own.callFrame), (self.get(label(own.callFrame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node || node.callFrame.functionName === '(root)') continue;
      const name = label(node.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  }
  return { events: top(kinds, 5), self: top(self, 6), total: top(total, 10) };
}

/** `--page`, `--loads` and `--slowdown` from the command line. */
export function parseArgs(argv: readonly string[]): { page: string; loads: number; slowdown: number } {
  const out = { page: '/credinstante', loads: 3, slowdown: 4 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--page' && value?.startsWith('/')) out.page = value;
    else if (flag === '--loads' && /^[1-9]\d*$/.test(value ?? '')) out.loads = Number(value);
    else if (flag === '--slowdown' && Number(value) >= 1) out.slowdown = Number(value);
    else
      throw new Error(
        `long-tasks: "${flag} ${value ?? ''}" is not an option. Use --page /path, --loads N (1 or more), --slowdown X (1 or more).`,
      );
  }
  return out;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const list = (xs: [string, number][]) => xs.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ');

async function main(): Promise<void> {
  const { page: path, loads, slowdown } = parseArgs(process.argv.slice(2));
  const server = await startLocalServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] });
  const totals: number[] = [];
  try {
    for (let n = 1; n <= loads; n++) {
      // Lighthouse's phone screen, so the two read the same page.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // The same origin first, so the profiler runs in the renderer that loads the page.
      await page.goto(`${server.url}/robots.txt`);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await browser.startTracing(page, {
        categories: [
          'toplevel',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'loading',
        ],
      });
      await cdp.send('Profiler.start');
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      // What the page does after its load event: the rest of its code, hydration, idle work.
      await page.waitForTimeout(3000);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      const all = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
        .traceEvents;
      await context.close();
      const thread = mainThread(all);
      const events = all.filter((e) => `${e.pid}:${e.tid}` === thread);
      const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts;
      if (fcp === undefined) throw new Error(`long-tasks: ${path} reported no first contentful paint.`);
      const tasks = outermostTasks(events).filter((task) => task.ts >= fcp);
      const long = tasks.filter((task) => (task.dur! / 1000) * slowdown > 50);
      const blocking = blockingTime(
        tasks.map((task) => task.dur! / 1000),
        slowdown,
      );
      totals.push(blocking);
      console.log(
        `\n${path}, load ${n}: ${long.length} of ${tasks.length} tasks after the first paint over 50 ms at ${slowdown}×, blocking ${ms(blocking)}`,
      );
      for (const task of long) {
        const parts = partsOf(task.ts, task.dur!, events, profile);
        const d = task.dur! / 1000;
        console.log(
          `- ${ms((task.ts - fcp) / 1000)} after the paint: ${ms(d)} (${ms(d * slowdown)} at ${slowdown}×)`,
        );
        if (parts.events.length > 0) console.log(`    events: ${list(parts.events)}`);
        if (parts.self.length > 0) console.log(`    own time: ${list(parts.self)}`);
        if (parts.total.length > 0) console.log(`    with callees: ${list(parts.total)}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(
    `\n${path}: blocking time after the first paint at ${slowdown}×, median ${ms(percentile(totals, 50))} of ${loads} load(s) (${ms(Math.min(...totals))}–${ms(Math.max(...totals))})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
