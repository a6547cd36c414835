import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import {
  checkEndpointRef,
  checkFragmentRef,
  checkModalRef,
  checkOperator,
  checkParamGiven,
  checkParamsTarget,
  checkParamUse,
  checkPassedParam,
  checkStepRef,
} from './flow-checks.ts';
import type { Flow } from './flow-types.ts';
import { ALLOWED_OPERATORS } from './logic.ts';
import { FlowError } from './flow-error.ts';

/** The message the compiler refuses `flow` with (without the "(at …)" it adds). */
function refusal(change: (flow: ReturnType<typeof testFlow>) => void): {
  code: string;
  message: string;
  path: string;
} {
  const flow = testFlow();
  change(flow);
  try {
    compileFlow(flow, TEST_ENDPOINTS);
  } catch (error) {
    if (!(error instanceof FlowError)) throw error;
    return { code: error.code, message: error.message.replace(/ \(at [^)]*\)$/, ''), path: error.path };
  }
  throw new Error('the flow compiled');
}

describe('one check, one message: the compiler throws what the linter reports', () => {
  it('a goto to no step', () => {
    const flow = testFlow();
    const steps = new Set(Object.keys(flow.steps));
    const got = refusal((f) => void (f.steps.datos!.calls!.submit!.outcome.else = { goto: 'simuladr' }));
    const expected = checkStepRef('simuladr', steps, [
      'steps',
      'datos',
      'calls',
      'submit',
      'outcome',
      'else',
      'goto',
    ])!;
    expect(got).toEqual({
      code: expected.code,
      message: expected.message,
      path: '/steps/datos/calls/submit/outcome/else/goto',
    });
    expect(expected.message).toContain('Did you mean "simulador"?');
  });

  it('a modal nobody declared', () => {
    const flow = testFlow();
    const modals = new Set(Object.keys(flow.modals ?? {}));
    const got = refusal((f) => void (f.steps.datos!.calls!.submit!.outcome.else = { modal: 'noExiste' }));
    expect(got.message).toBe(checkModalRef('noExiste', modals, [])!.message);
    expect(got.code).toBe('unknown-modal');
  });

  it('an endpoint outside the registry', () => {
    const got = refusal((f) => void (f.steps.datos!.calls!.submit!.endpoint = 'lde.preEvaluat'));
    const expected = checkEndpointRef('lde.preEvaluat', new Set(Object.keys(TEST_ENDPOINTS)), [])!;
    expect(got.message).toBe(expected.message);
    expect(got.message).toContain('Did you mean "lde.preEvaluate"?');
  });

  it('an operator the engine does not know', () => {
    const got = refusal(
      (f) =>
        void (f.steps.datos!.calls!.submit!.outcome.rules = [
          { if: { equals: [1, 1] }, then: { goto: 'simulador' } },
        ]),
    );
    expect(got.code).toBe('unknown-operator');
    expect(got.message).toBe(checkOperator('equals', ALLOWED_OPERATORS, [])!.message);
  });
});

describe('one check, one message: fragments and their parameters', () => {
  const fragment: Flow = {
    id: 'firma',
    title: 'producto.firma',
    routes: [],
    layout: 'default',
    start: 'firmaFin',
    parameters: { volver: { description: 'Where to go back.' }, aviso: { default: 'firma.aviso' } },
    steps: {
      firmaFin: { number: 106, view: 'message', final: true, props: { message: '$aviso' } },
    },
  };
  const refused = (change: (flow: Flow) => void, fragments: Record<string, Flow> = { firma: fragment }) => {
    const flow = testFlow();
    change(flow);
    try {
      compileFlow(flow, TEST_ENDPOINTS, fragments);
    } catch (error) {
      if (!(error instanceof FlowError)) throw error;
      return { code: error.code, message: error.message.replace(/ \(at [^)]*\)$/, '') };
    }
    throw new Error('the flow compiled');
  };

  it('an include of no fragment', () => {
    const got = refused((f) => void (f.include = ['fima']));
    expect(got).toEqual({
      code: 'unknown-fragment',
      message: checkFragmentRef('fima', new Set(['firma']), [])!.message,
    });
    expect(got.message).toContain('Did you mean "firma"?');
  });

  it('values passed to a fragment the flow does not include', () => {
    const got = refused((f) => void (f.includeParams = { firma: { volver: 'datos' } }));
    expect(got.message).toBe(checkParamsTarget('firma', [], [])!.message);
  });

  it('a value for a parameter the fragment does not have', () => {
    const got = refused((f) => {
      f.include = ['firma'];
      f.includeParams = { firma: { volver: 'datos', volvr: 'datos' } };
    });
    expect(got).toEqual({
      code: 'unknown-parameter',
      message: checkPassedParam('firma', 'volvr', ['volver', 'aviso'], [])!.message,
    });
  });

  it('a parameter without default that the flow does not pass', () => {
    const got = refused((f) => void (f.include = ['firma']));
    expect(got).toEqual({
      code: 'missing-parameter',
      message: checkParamGiven('firma', 'volver', false, [])!.message,
    });
  });

  it('a "$name" the fragment does not declare', () => {
    const broken: Flow = {
      ...fragment,
      steps: { firmaFin: { number: 106, view: 'message', final: true, props: { message: '$avso' } } },
    };
    const got = refused(
      (f) => {
        f.include = ['firma'];
        f.includeParams = { firma: { volver: 'datos' } };
      },
      { firma: broken },
    );
    expect(got).toEqual({
      code: 'unknown-parameter',
      message: checkParamUse('avso', ['volver', 'aviso'], [])!.message,
    });
  });
});
