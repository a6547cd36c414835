import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { FlowError } from './flow-error.ts';
import type { Flow } from './flow-types.ts';
import { bindParams, paramRef, paramUses, substituteParams } from './fragment-params.ts';
import { start } from './start.ts';

/** A signature-like fragment: its lookup endpoint, the step it returns to and a message are parameters. */
const firma: Flow = {
  id: 'firma',
  title: 'producto.firma',
  routes: [],
  layout: 'default',
  start: 'firmaCarga',
  parameters: {
    consulta: { default: 'lde.preEvaluate', description: 'The lookup of the application.' },
    volver: { description: 'The step of the including flow to go back to.' },
    aviso: { default: 'firma.aviso' },
  },
  steps: {
    firmaCarga: {
      number: 101,
      view: 'loading',
      calls: {
        enter: {
          endpoint: '$consulta',
          outcome: { on: 'codRes', cases: { '00': { goto: 'firmaFin' } }, else: { goto: '$volver' } },
        },
      },
    },
    firmaFin: { number: 106, view: 'message', final: true, props: { message: '$aviso' } },
  },
  modals: { firmaAviso: { kind: 'alert', message: '$aviso', onClose: { goto: '$volver' } } },
};

function host(params?: Record<string, string>): Flow {
  const flow = testFlow();
  flow.include = ['firma'];
  if (params) flow.includeParams = { firma: params };
  flow.steps.token!.calls!.submit!.outcome.cases!['00'] = { goto: 'firmaCarga' };
  return flow;
}

function compileError(flow: Flow, fragments: Record<string, Flow> = { firma }): FlowError {
  try {
    compileFlow(flow, TEST_ENDPOINTS, fragments);
  } catch (e) {
    if (e instanceof FlowError) return e;
    throw e;
  }
  throw new Error('expected a FlowError');
}

describe('fragment parameters', () => {
  it('plays the fragment with the endpoint and step the including flow passes', () => {
    const compiled = compileFlow(host({ consulta: 'token.resend', volver: 'simulador' }), TEST_ENDPOINTS, {
      firma,
    });
    const carga = compiled.steps.get('firmaCarga')!;
    expect(carga.calls.get('enter')!.endpoint.id).toBe('token.resend');
    expect(carga.calls.get('enter')!.outcome.else.target).toBe('simulador');
    expect(compiled.modals.get('firmaAviso')!.onClose!.target).toBe('simulador');
  });

  it('takes the default of a parameter the including flow does not pass', () => {
    const compiled = compileFlow(host({ volver: 'datos' }), TEST_ENDPOINTS, { firma });
    expect(compiled.steps.get('firmaCarga')!.calls.get('enter')!.endpoint.id).toBe('lde.preEvaluate');
    expect(compiled.flow.steps.firmaFin!.props).toEqual({ message: 'firma.aviso' });
  });

  it('calls the passed endpoint when the step is entered', () => {
    const flow = host({ consulta: 'token.resend', volver: 'datos' });
    flow.start = 'firmaCarga';
    const { effects } = start(compileFlow(flow, TEST_ENDPOINTS, { firma }), {
      session: 's',
      context: { codigoProspecto: 7 },
    });
    expect(effects.find((e) => e.type === 'call')).toMatchObject({
      endpoint: 'token.resend',
      path: '/kong/token/enviar',
    });
  });

  it('leaves a fragment without parameters, and a flow that passes none, as they were', () => {
    const plain: Flow = {
      ...firma,
      steps: { firmaFin: { number: 106, view: 'message', final: true, props: { message: 'firma.aviso' } } },
      modals: {},
    };
    delete plain.parameters;
    const flow = testFlow();
    flow.include = ['firma'];
    flow.steps.token!.calls!.submit!.outcome.cases!['00'] = { goto: 'firmaFin' };
    const compiled = compileFlow(flow, TEST_ENDPOINTS, { firma: plain });
    expect(compiled.flow.steps.firmaFin).toEqual(plain.steps.firmaFin);
  });

  /** Each broken include: the values passed, the error code, its JSON pointer and words the message must have. */
  const broken: [string, Flow, string, string, string][] = [
    [
      'a parameter the fragment does not declare',
      host({ volver: 'datos', consultaa: 'x' }),
      'unknown-parameter',
      '/includeParams/firma/consultaa',
      'Did you mean "consulta"?',
    ],
    [
      'a parameter without default that is not passed',
      host(),
      'missing-parameter',
      '/include/0',
      'needs a value for its parameter "volver"',
    ],
    [
      'a passed endpoint that is not in the registry',
      host({ volver: 'datos', consulta: 'lde.preEvaluat' }),
      'unknown-endpoint',
      '/steps/firmaCarga/calls/enter/endpoint',
      'Did you mean "lde.preEvaluate"?',
    ],
    [
      'a passed step that the flow does not have',
      host({ volver: 'dato' }),
      'unknown-step',
      '/steps/firmaCarga/calls/enter/outcome/else/goto',
      'Did you mean "datos"?',
    ],
  ];
  it.each(broken)('refuses %s, saying where', (_name, flow, code, path, words) => {
    const error = compileError(flow);
    expect(error.code).toBe(code);
    expect(error.path).toBe(path);
    expect(error.message).toContain(words);
  });

  it('refuses a reference to a name the fragment does not declare', () => {
    const typo: Flow = structuredClone(firma);
    typo.steps.firmaFin!.props = { message: '$avisos' };
    const error = compileError(host({ volver: 'datos' }), { firma: typo });
    expect(error).toMatchObject({
      code: 'unknown-parameter',
      path: '/steps/firmaFin/props/message',
      source: 'firma',
    });
    expect(error.message).toContain('Did you mean "aviso"?');
  });

  it('refuses values passed to a fragment the flow does not include', () => {
    const flow = host({ volver: 'datos' });
    flow.includeParams = { ...flow.includeParams, firmas: {} };
    expect(compileError(flow)).toMatchObject({ code: 'unknown-fragment', path: '/includeParams/firmas' });
  });
});

describe('fragment parameter helpers', () => {
  it('reads only a whole "$name" as a reference', () => {
    expect(['$consulta', 'x$y', '$', '$1a', 'consulta', 3].map(paramRef)).toEqual([
      'consulta',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('finds every reference with what it stands for', () => {
    expect(paramUses(firma).map((u) => `${u.kind}:${u.name}@${u.path.join('/')}`)).toEqual([
      'endpoint:consulta@steps/firmaCarga/calls/enter/endpoint',
      'step:volver@steps/firmaCarga/calls/enter/outcome/else/goto',
      'message:aviso@steps/firmaFin/props/message',
      'message:aviso@modals/firmaAviso/message',
      'step:volver@modals/firmaAviso/onClose/goto',
    ]);
  });

  it('substitutes values but never property names, so every JSON path stays', () => {
    expect(substituteParams({ $a: '$a', b: ['$a', '$c'] }, { a: 'x' })).toEqual({ $a: 'x', b: ['x', '$c'] });
  });

  it('binds passed values over defaults and lists what is wrong', () => {
    const b = bindParams(firma, { consulta: 'token.resend', otro: 'x' });
    expect(b.values).toEqual({ consulta: 'token.resend', aviso: 'firma.aviso' });
    expect(b.unknown).toEqual(['otro']);
    expect(b.missing).toEqual(['volver']);
  });
});
