import { describe, expect, it } from 'vitest';
import * as engine from './index.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';

describe('the engine entry point', () => {
  it('exports the API the runtime and the linter use', () => {
    for (const name of [
      'compileFlow',
      'start',
      'transition',
      'evaluate',
      'readPath',
      'suggest',
      'FlowError',
    ]) {
      expect(typeof (engine as Record<string, unknown>)[name]).toBe('function');
    }
    expect(engine.ALLOWED_OPERATORS).toContain('codeIn');
    expect(Object.keys(engine.NAMED_OPERATIONS)).toEqual(
      expect.arrayContaining([
        'firstWord',
        'splitList',
        'percent100',
        'str',
        'num',
        'isDni',
        'isCe',
        'isRuc',
        'isCci',
        'isMobile',
        'isPlate',
        'codeIn',
      ]),
    );
  });

  it('plays a flow from start through a call', () => {
    const flow = engine.compileFlow(testFlow(), TEST_ENDPOINTS);
    const first = engine.start(flow, { session: 'x' });
    const sent = engine.transition(flow, first.state, { type: 'submit', data: { dni: '01234567' } });
    const answered = engine.transition(flow, sent.state, {
      type: 'response',
      requestId: 'x:2',
      status: 200,
      body: { codigoRespuesta: '4', prospecto: { codigoProspecto: 9 } },
    });
    expect(answered.state.step).toBe('simulador');
  });
});
