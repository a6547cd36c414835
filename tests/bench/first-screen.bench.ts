/**
 * The long tasks of taking over a prerendered first screen, in the browser with the CPU slowed
 * 4× (`Emulation.setCPUThrottlingRate`, Lighthouse's mobile profile): every task over 50 ms
 * (the Long Tasks API) from the first contentful paint until the runtime owns the page and the
 * page is idle (its code parsed and run, hydration, and the effects that follow it), then the
 * first transition: the lead form's submit until the next step shows. The tasks before the
 * first paint (the browser parsing, styling and laying out the HTML: no script of the site has
 * run yet) are reported apart, as Lighthouse leaves them out of its blocking time. Every route
 * of the build's prerendered map (`dist/.vite/prerendered.json`). Writes the samples to
 * `BENCH_HYDRATION_OUT`; scripts/bench-steps.ts prints them.
 *
 * The waits run in the page's own world (`page.evaluate`), not through Playwright's selector
 * engine, whose injected script (tens of milliseconds to compile on a slow CPU) would be
 * counted as the page's long task.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test, type Page } from '@playwright/test';
import { PRERENDERED_PATH, type Prerendered } from '../../src/server/route-preloads.ts';
import { APPLICANT, fillLeadForm, freshDni, freshPhone } from '../e2e/helpers.ts';

/** The long tasks of one phase of one route: their durations in ms. */
export interface HydrationSample {
  route: string;
  phase: 'before first paint' | 'hydration' | 'first transition';
  tasks: number[];
}

declare global {
  interface Window {
    __longTasks: { start: number; ms: number }[];
    __firstPaint: number | undefined;
  }
}

function recordLongTasks(): void {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === 'first-contentful-paint') window.__firstPaint ??= e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** Until the page is React's (its root element's first child carries React's fiber) and idle. */
async function untilLiveAndIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        const live = () => {
          const first = document.getElementById('root')?.firstElementChild;
          if (first && Object.keys(first).some((k) => k.startsWith('__react'))) done();
          else setTimeout(live, 50);
        };
        live();
      }),
  );
  await page.waitForLoadState('networkidle');
  // Twice: the work an idle period lets in (effects, a transition) runs before the second.
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
}

const tasksSince = (page: Page, since: number) =>
  page.evaluate((t) => window.__longTasks.filter((x) => x.start >= t).map((x) => x.ms), since);

function save(found: HydrationSample[]): void {
  const out = process.env.BENCH_HYDRATION_OUT;
  if (!out) return;
  let before: HydrationSample[] = [];
  try {
    before = JSON.parse(readFileSync(out, 'utf8')) as HydrationSample[];
  } catch {
    // The first test of the run.
  }
  writeFileSync(out, JSON.stringify([...before, ...found]));
}

const prerendered = JSON.parse(readFileSync(`dist/${PRERENDERED_PATH}`, 'utf8')) as Prerendered;

for (const route of Object.keys(prerendered.routes)) {
  test(`taking over ${route}, 4× slower CPU`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(recordLongTasks);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(route);
    await untilLiveAndIdle(page);
    const { before, after } = await page.evaluate(() => {
      const paint = window.__firstPaint ?? 0;
      return {
        before: window.__longTasks.filter((x) => x.start < paint).map((x) => x.ms),
        after: window.__longTasks.filter((x) => x.start >= paint).map((x) => x.ms),
      };
    });
    const found: HydrationSample[] = [
      { route, phase: 'before first paint', tasks: before },
      { route, phase: 'hydration', tasks: after },
    ];
    if (route === '/credinstante') {
      // A new applicant each run: a DNI with an application in progress is told so.
      await fillLeadForm(page, {
        ...APPLICANT,
        documento: freshDni(),
        placa: 'ABC123',
        celular: freshPhone(),
      });
      const since = await page.evaluate(() => performance.now());
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { name: 'Verifica tu celular' }).waitFor();
      await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
      found.push({ route, phase: 'first transition', tasks: await tasksSince(page, since) });
    }
    save(found);
  });
}
