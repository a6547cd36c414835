import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { checkEndpointRef, checkModalRef, checkStepRef } from './flow-checks.ts';
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
});
