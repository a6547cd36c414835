/**
 * Engine benchmark: plays a realistic ten-step flow (`tests/fixtures/flows/valid/bench.json`,
 * every step a form submit, a call, and an answer read through rules and a decision table)
 * with the real endpoint registry, in a loop of submit → response transitions (and a reset
 * after the last step) for about one second. Budget: at least 100,000 transitions per second.
 * Run directly (`node --import tsx scripts/bench-engine.ts`) or through `npm run bench`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ENDPOINTS } from '../src/engine/endpoints.ts';
import {
  compileFlow,
  start,
  transition,
  type CompiledFlow,
  type Flow,
  type FlowEvent,
  type Transition,
} from '../src/engine/index.ts';

const FIXTURE = fileURLToPath(new URL('../tests/fixtures/flows/valid/bench.json', import.meta.url));

/** The budget of issue 2: engine transitions per second. */
export const ENGINE_BUDGET = 100_000;

const lead = {
  tipoDocumento: 1,
  numeroDocumento: '01234567',
  celular: '987654321',
  correo: 'ana@example.pe',
  terminos: true,
};
const firstAnswer = {
  codigoRespuesta: '0',
  estadoProspecto: 92,
  prospecto: { codigoProspecto: 'P000123', estadoProspecto: 92 },
};
const okAnswer = { codigoRespuesta: '00', codRes: '00', prospecto: { estadoProspecto: 92 } };

/** One transition of the loop: submit, answer the pending call, or start again after the last step. */
function advance(flow: CompiledFlow, t: Transition): Transition {
  const event: FlowEvent =
    t.state.step === 'fin'
      ? { type: 'reset' }
      : t.state.pending === null
        ? { type: 'submit', data: lead }
        : {
            type: 'response',
            requestId: t.state.pending.requestId,
            status: 200,
            body: t.state.step === 'datos' ? firstAnswer : okAnswer,
          };
  return transition(flow, t.state, event, { now: 0 });
}

/**
 * Runs the loop for about `durationMs` after a warm-up. `transitionsPerSecond` is measured on
 * the wall clock (what the budget is about); `perCpuSecond` divides by the CPU time the
 * process got, which tells the engine's own speed apart from a machine busy with other work.
 */
export function benchEngine(durationMs = 1000): {
  transitionsPerSecond: number;
  perCpuSecond: number;
  transitions: number;
  flowsCompleted: number;
} {
  const flow = compileFlow(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Flow, ENDPOINTS);
  let t = start(flow, { session: 'bench', params: { utm_source: 'bench' } }, { now: 0 });
  for (let i = 0; i < 20_000; i++) t = advance(flow, t); // warm-up: let the JIT settle
  let transitions = 0;
  let completed = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let elapsed: number;
  do {
    for (let i = 0; i < 2_000; i++) {
      t = advance(flow, t);
      if (t.state.step === 'fin') completed++;
    }
    transitions += 2_000;
    elapsed = performance.now() - t0;
  } while (elapsed < durationMs);
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (completed === 0)
    throw new Error(
      `The bench flow never reached its last step (stuck at "${t.state.step}"): check tests/fixtures/flows/valid/bench.json.`,
    );
  return {
    transitionsPerSecond: Math.round(transitions / (elapsed / 1000)),
    perCpuSecond: Math.round(transitions / Math.max(cpuSeconds, 1e-6)),
    transitions,
    flowsCompleted: completed,
  };
}

/** One line for people: the figure and the budget. */
export function describeEngine(result: {
  transitionsPerSecond: number;
  perCpuSecond: number;
  flowsCompleted: number;
}): string {
  const verdict = result.transitionsPerSecond >= ENGINE_BUDGET ? 'within' : 'UNDER';
  const n = (x: number) => x.toLocaleString('en-US');
  return (
    `engine: ${n(result.transitionsPerSecond)} transitions/s over a 10-step flow ` +
    `(${n(result.perCpuSecond)} per CPU second; ${n(result.flowsCompleted)} applications completed; ` +
    `budget ≥ ${n(ENGINE_BUDGET)}/s: ${verdict})`
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(describeEngine(benchEngine()) + '\n');
}
