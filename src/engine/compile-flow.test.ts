import { describe, expect, it } from 'vitest';
import type { Flow } from './flow-types.ts';
import { compileFlow, compileFlowInParts } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { FlowError } from './flow-error.ts';

function compileError(flow: Flow, fragments?: Record<string, Flow>): FlowError {
  try {
    compileFlow(flow, TEST_ENDPOINTS, fragments);
  } catch (e) {
    if (e instanceof FlowError) return e;
    throw e;
  }
  throw new Error('expected a FlowError');
}

const firma: Flow = {
  id: 'firma',
  title: 'producto.firma',
  routes: [],
  layout: 'default',
  start: 'firmaToken',
  steps: {
    firmaToken: { number: 101, view: 'token', next: { goto: 'firmaFin' } },
    firmaFin: { number: 106, view: 'message', final: true, next: { modal: 'firmaOk' } },
  },
  modals: { firmaOk: { kind: 'alert', onClose: { home: true } } },
};

describe('compileFlow', () => {
  it('compiles the test flow: every step, modal and call resolved', () => {
    const flow = compileFlow(testFlow(), TEST_ENDPOINTS);
    expect([...flow.steps.keys()]).toEqual(['datos', 'evaluacion', 'simulador', 'token', 'final']);
    expect(flow.steps.get('simulador')!.calls.get('enter')!.endpoint.id).toBe('lde.simulation');
    expect(flow.modals.get('rechazado')!.buttons.map((b) => b.kind)).toEqual(['redirect', 'goto']);
  });

  it('compiles the same flow in parts, stopping between steps, and fails the same way', () => {
    const parts = compileFlowInParts(testFlow(), TEST_ENDPOINTS, { firma });
    let stops = 0;
    let next = parts.next();
    for (; !next.done; next = parts.next()) stops++;
    const whole = compileFlow(testFlow(), TEST_ENDPOINTS, { firma });
    expect(next.value.flow).toEqual(whole.flow);
    expect([...next.value.steps.keys()]).toEqual([...whole.steps.keys()]);
    expect(stops).toBeGreaterThan(whole.steps.size);
    const broken = compileFlowInParts({ ...testFlow(), start: 'nada' }, TEST_ENDPOINTS);
    expect(() => {
      while (!broken.next().done);
    }).toThrow(FlowError);
  });

  it('orders an outcome as rules first, then cases, then else', () => {
    const outcome = compileFlow(testFlow(), TEST_ENDPOINTS).steps.get('datos')!.calls.get('submit')!.outcome;
    expect(outcome.rules.map((r) => r.code ?? 'rule')).toEqual(['rule', '0', '4', '10', '-6']);
    expect(outcome.on).toBe('codigoRespuesta');
    expect(outcome.rules[1]!.if).toEqual({ codeIn: [{ var: 'response.codigoRespuesta' }, ['0']] });
    expect(outcome.else.target).toBe('errorGenerico');
  });

  it('merges the steps and modals of included fragments', () => {
    const flow = testFlow();
    flow.include = ['firma'];
    flow.steps.token!.calls!.submit!.outcome.cases!['00'] = { goto: 'firmaToken' };
    const compiled = compileFlow(flow, TEST_ENDPOINTS, { firma });
    expect(compiled.steps.get('firmaToken')!.origin).toBe('firma');
    expect(compiled.modals.has('firmaOk')).toBe(true);
    expect(Object.keys(compiled.flow.steps)).toContain('firmaFin');
  });

  it("gives a fragment's own progress count to its steps, whatever the including flow counts", () => {
    const flow = testFlow();
    flow.progress = { total: 7 };
    flow.include = ['firma'];
    flow.steps.token!.calls!.submit!.outcome.cases!['00'] = { goto: 'firmaToken' };
    const counted: Flow = {
      ...firma,
      progress: { total: 3 },
      steps: { ...firma.steps, firmaToken: { ...firma.steps.firmaToken!, progress: 2 } },
    };
    const steps = compileFlow(flow, TEST_ENDPOINTS, { firma: counted }).flow.steps;
    expect(steps.firmaToken!.progressTotal).toBe(3);
    // A step without progress stays without; the flow's own steps keep the flow's count.
    expect(steps.firmaFin!.progressTotal).toBeUndefined();
    expect(steps.datos!.progressTotal).toBeUndefined();
  });

  it('names both sides of a fragment clash', () => {
    const flow = testFlow();
    flow.include = ['firma'];
    flow.steps.firmaToken = { number: 7, view: 'token' };
    const error = compileError(flow, { firma });
    expect(error.code).toBe('fragment-clash');
    expect(error.path).toBe('/include/0');
    expect(error.message).toContain(
      'The step "firmaToken" of "firma" clashes with the step "firmaToken" of "prueba"',
    );
  });

  it('names an unknown fragment and suggests the one meant', () => {
    const flow = testFlow();
    flow.include = ['firmas'];
    const error = compileError(flow, { firma });
    expect(error.code).toBe('unknown-fragment');
    expect(error.message).toContain('Did you mean "firma"?');
  });

  /** Each broken flow: what to break, the error code, its JSON pointer, and words the message must have. */
  const broken: [string, (f: Flow) => void, string, string, string][] = [
    ['unknown start', (f) => (f.start = 'dato'), 'unknown-step', '/start', 'Did you mean "datos"?'],
    [
      'unknown goto in a case',
      (f) => (f.steps.datos!.calls!.submit!.outcome.cases!['4'] = { goto: 'simuladr' }),
      'unknown-step',
      '/steps/datos/calls/submit/outcome/cases/4/goto',
      'Did you mean "simulador"?',
    ],
    [
      'unknown modal in a rule',
      (f) => (f.steps.datos!.calls!.submit!.outcome.rules![0]!.then = { modal: 'bloqueada' }),
      'unknown-modal',
      '/steps/datos/calls/submit/outcome/rules/0/then/modal',
      'Did you mean "bloqueado"?',
    ],
    [
      'unknown modal in a timer',
      (f) => (f.steps.evaluacion!.timers![0]!.do = { modal: 'tiempoAgotad' }),
      'unknown-modal',
      '/steps/evaluacion/timers/0/do/modal',
      'Did you mean "tiempoAgotado"?',
    ],
    [
      'unknown step in a modal button',
      (f) => (f.modals!.rechazado!.buttons![1]!.action = { goto: 'dato' }),
      'unknown-step',
      '/modals/rechazado/buttons/1/action/goto',
      'Did you mean "datos"?',
    ],
    [
      'unknown endpoint',
      (f) => (f.steps.datos!.calls!.submit!.endpoint = 'lde.preEvaluat'),
      'unknown-endpoint',
      '/steps/datos/calls/submit/endpoint',
      'Did you mean "lde.preEvaluate"?',
    ],
    [
      'missing placeholder',
      (f) => delete f.steps.simulador!.calls!.enter!.path,
      'missing-placeholder',
      '/steps/simulador/calls/enter/path',
      'needs a value for "{id}"',
    ],
    [
      'unknown placeholder',
      (f) => (f.steps.token!.calls!.submit!.path = { grupo: 'X', grupos: 'Y' }),
      'unknown-placeholder',
      '/steps/token/calls/submit/path/grupos',
      'Did you mean "grupo"?',
    ],
    [
      'unknown operator in assign',
      (f) =>
        (f.steps.simulador!.calls!.enter!.assign = { plazos: { splitlist: { var: 'response.plazos' } } }),
      'unknown-operator',
      '/steps/simulador/calls/enter/assign/plazos/splitlist',
      'Did you mean "splitList"?',
    ],
    [
      'cases with no code field',
      (f) => (f.steps.simulador!.calls!.resend!.outcome.cases = { '00': {} }),
      'no-code-field',
      '/steps/simulador/calls/resend/outcome/cases',
      'set "on"',
    ],
    [
      'a socket wait with cases and no "on"',
      (f) => Reflect.deleteProperty(f.steps.evaluacion!.wait!.outcome, 'on'),
      'no-code-field',
      '/steps/evaluacion/wait/outcome/cases',
      'set "on"',
    ],
    [
      'two things in one action',
      (f) => (f.steps.simulador!.next = { goto: 'token', reset: true }),
      'conflicting-action',
      '/steps/simulador/next',
      'goto and reset',
    ],
    [
      'timer ids twice',
      (f) => f.steps.evaluacion!.timers!.push({ id: 'fase2', ms: 1, do: {} }),
      'duplicate-timer',
      '/steps/evaluacion/timers/2/id',
      '"fase2"',
    ],
  ];

  it.each(broken)('refuses %s', (_name, breakIt, code, path, words) => {
    const flow = testFlow();
    breakIt(flow);
    const error = compileError(flow);
    expect(error.code).toBe(code);
    expect(error.path).toBe(path);
    expect(error.source).toBe('prueba');
    expect(error.message).toContain(words);
  });
});
