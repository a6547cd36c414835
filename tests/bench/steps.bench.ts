/**
 * The step change after the service's answer, in the browser, over Credinstante's whole
 * journey with the CPU slowed 4× (`Emulation.setCPUThrottlingRate`, the mobile profile of
 * Lighthouse): from what moved the flow (an answer's arrival, a timer, a button) to the next
 * step's view in the page (the engine's transition and React's render of the next step).
 * Every view's code is loaded beforehand, so the figure is the runtime's, not the network's.
 * The runtime marks each step change (`flow:step`, with the event that caused it): a change an
 * answer caused (a fetch's end, a socket message) is measured from the answer, one a timer or a
 * button caused from the event's arrival at the engine.
 * Writes the samples to `BENCH_STEPS_OUT`; scripts/bench-steps.ts prints them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { answerQuestions, freshDni } from '../e2e/helpers.ts';
import { acceptAndSign, confirmData, fillBank, submitEligible } from '../e2e/credinstante-journey.ts';

/** One step change: the view shown, and how long it took. */
export interface StepSample {
  view: string;
  step: string;
  /** The event that moved the flow: `response`, `timer`, `submit`… */
  cause: string;
  /** From the cause (the answer's arrival, the timer) to the view in the page. */
  ms: number;
  /**
   * From the event's arrival at the engine to the view in the page: the engine's transition
   * and the render of the next step (issue 24's budget). `ms` adds the wait for the page to be
   * free (still drawing the click that sent the call) and the answer's reading.
   */
  engineMs: number;
}

declare global {
  interface Window {
    __stepsShown: { step: string; view: string; t: number }[];
    __answers: number[];
  }
}

/** Notes, in the page, when each API answer ends and when each step's view first shows. */
function recordSteps(): void {
  window.__stepsShown = [];
  window.__answers = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[])
      if (e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest')
        window.__answers.push(e.responseEnd);
  }).observe({ type: 'resource', buffered: true });
  // The evaluation's outcome arrives on a socket: its messages are answers too.
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      this.addEventListener('message', () => window.__answers.push(performance.now()));
    }
  };
  const seen = new WeakSet<Element>();
  new MutationObserver(() => {
    for (const section of document.querySelectorAll<HTMLElement>('section.flow__step')) {
      if (seen.has(section)) continue;
      const view = section.querySelector('.step-view');
      if (!view) continue;
      seen.add(section);
      const name = [...view.classList].find((c) => c.startsWith('step-') && c !== 'step-view') ?? '?';
      window.__stepsShown.push({
        step: section.dataset.step ?? '?',
        view: name.slice(5),
        t: performance.now(),
      });
    }
  }).observe(document, { subtree: true, childList: true });
}

/** The chunks of every view and modal (the build's manifest). */
function viewChunks(): string[] {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  return Object.entries(manifest)
    .filter(([src]) => /src\/web\/(views\/[\w-]+-view|modals\/[\w-]+)\.tsx$/.test(src))
    .map(([, chunk]) => `/${chunk.file}`);
}

/** Once the page has loaded, loads every view's and modal's code, so no step waits on the network. */
function loadViews(urls: string[]): void {
  window.addEventListener('load', () => {
    for (const url of urls) void import(/* @vite-ignore */ url).catch(() => undefined);
  });
}

/** The runtime's `flow:step` mark: the event that moved the flow reached the engine (flow-controller.ts). */
interface StepMark {
  t: number;
  to: string;
  event: string;
}

/** Events that are answers: the step change is measured from the answer's arrival. */
const ANSWERS = new Set(['response', 'failure', 'socket', 'socket-timeout']);

/**
 * Every step change the runtime marked, from its cause to the next step's view in the page:
 * from the answer's arrival when an answer moved the flow (the client reading it, the engine,
 * the render), from the event's arrival at the engine otherwise (a timer, a button with no
 * call: the engine and the render).
 */
export function samples(shown: Window['__stepsShown'], answers: number[], marks: StepMark[]): StepSample[] {
  const out: StepSample[] = [];
  let previous = -Infinity;
  for (const s of shown) {
    const mark = marks.filter((m) => m.to === s.step && m.t > previous && m.t <= s.t).at(-1);
    previous = s.t;
    if (!mark) continue;
    const answer = Math.max(...answers.filter((a) => a <= mark.t));
    const from = ANSWERS.has(mark.event) && Number.isFinite(answer) ? answer : mark.t;
    out.push({
      view: s.view,
      step: s.step,
      cause: mark.event,
      ms: s.t - from,
      engineMs: s.t - mark.t,
    });
  }
  return out;
}

test('Credinstante from the lead form to the congratulations, 4× slower CPU', async ({ page, request }) => {
  // A whole journey on a 4× slower CPU, on a machine others share.
  test.setTimeout(900_000);
  await page.addInitScript(recordSteps);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(loadViews, viewChunks());
  // A new applicant each run: a DNI with an application in progress is told so ("Ya tienes una solicitud en proceso").
  const dni = freshDni();
  const phone = await submitEligible(page, request, dni);
  await page.getByRole('button', { name: 'Lo quiero' }).click();
  await answerQuestions(page, request, dni);
  await confirmData(page);
  await fillBank(page);
  await acceptAndSign(page, request, phone);
  const { shown, answers, marks, ahead } = await page.evaluate(() => ({
    shown: window.__stepsShown,
    answers: window.__answers,
    marks: performance.getEntriesByName('flow:step').map((m) => ({
      t: m.startTime,
      ...((m as PerformanceMark).detail as { to: string; event: string }),
    })),
    // Each view drawn ahead (flow-page.tsx): when, how long, how it ended.
    ahead: performance.getEntriesByName('flow:drawn-ahead').map((m) => ({
      t: Math.round(m.startTime),
      ms: Math.round(m.duration),
      ...((m as PerformanceMeasure).detail as { view: string; outcome: string }),
    })),
  }));
  const out = process.env.BENCH_STEPS_OUT;
  const found = samples(shown, answers, marks);
  if (process.env.BENCH_STEPS_VERBOSE) console.log(JSON.stringify({ steps: found, drawnAhead: ahead }));
  if (out) {
    const before = (() => {
      try {
        return JSON.parse(readFileSync(out, 'utf8')) as StepSample[];
      } catch {
        return [];
      }
    })();
    writeFileSync(out, JSON.stringify([...before, ...found]));
  }
});
