/**
 * The step change after the service's answer, in the browser, over Credinstante's whole
 * journey with the CPU slowed 4× (`Emulation.setCPUThrottlingRate`, the mobile profile of
 * Lighthouse): from the end of the answer that moved the flow (its resource timing) to the next
 * step's view in the page (the engine's transition and React's render of the next step).
 * Every view's code is loaded beforehand, so the figure is the runtime's, not the network's.
 * An answer is a fetch's end or a socket message; a change that follows a timer (the evaluation
 * phases) is measured from the last answer before it, so it reads longer than it is.
 * Writes the samples to `BENCH_STEPS_OUT`; scripts/bench-steps.ts prints them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { answerQuestions, freshDni } from '../e2e/helpers.ts';
import { acceptAndSign, confirmData, fillBank, submitEligible } from '../e2e/credinstante-journey.ts';

/** One step change: the view shown, and the milliseconds from the answer to it. */
export interface StepSample {
  view: string;
  step: string;
  ms: number;
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

/** The step changes that followed an answer: a change with no answer since the last one (a timer, a socket) is not one. */
function samples(shown: Window['__stepsShown'], answers: number[]): StepSample[] {
  const out: StepSample[] = [];
  let previous = -Infinity;
  for (const s of shown) {
    const answer = Math.max(...answers.filter((a) => a > previous && a <= s.t));
    if (Number.isFinite(answer)) out.push({ view: s.view, step: s.step, ms: s.t - answer });
    previous = s.t;
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
  const { shown, answers } = await page.evaluate(() => ({
    shown: window.__stepsShown,
    answers: window.__answers,
  }));
  const out = process.env.BENCH_STEPS_OUT;
  const found = samples(shown, answers);
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
