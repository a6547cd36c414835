import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Flow } from '../../engine/flow-types.ts';
import { lintOne, TEST_ENV } from '../test-env.ts';
import type { LintEnv } from '../types.ts';

const read = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/flows/valid/${name}.json`, import.meta.url), 'utf8');
const FRAGMENT = read('fragmento-consulta');
const HOST = read('prueba-parametros');

/** The test tables with the parameterised fragment available to `include`. */
const env = (fragment: string = FRAGMENT): LintEnv => ({
  ...TEST_ENV,
  library: [{ path: 'flows/fragmento-consulta.json', text: fragment }],
});
const host = (): Flow => JSON.parse(HOST) as Flow;
const passing = (params: Record<string, string>): Flow => ({
  ...host(),
  includeParams: { 'fragmento-consulta': params },
});
const lint = (flow: Flow, rule: string, fragment?: string) =>
  lintOne(flow, rule, {}, env(fragment)).map((p) => `${p.path} ${p.message}`);

describe('rule fragment-parameter', () => {
  it('accepts a flow that passes declared parameters, and one that relies on the defaults', () => {
    expect(lint(host(), 'fragment-parameter')).toEqual([]);
    const defaults = host();
    delete defaults.includeParams;
    expect(lint(defaults, 'fragment-parameter')).toEqual([]);
  });

  it('reports a passed name the fragment does not declare, at that name, with the one meant', () => {
    expect(lint(passing({ alTerminar: 'fin', consultaa: 'prueba.simular' }), 'fragment-parameter')).toEqual([
      '/includeParams/fragmento-consulta/consultaa The fragment "fragmento-consulta" has no parameter "consultaa" (its parameters: consulta, alTerminar, aviso). Did you mean "consulta"?',
    ]);
  });

  it('reports a parameter without default that the flow does not pass, at its include', () => {
    const fragment = JSON.parse(FRAGMENT) as Flow;
    delete fragment.parameters!.alTerminar!.default;
    expect(
      lint(passing({ consulta: 'prueba.simular' }), 'fragment-parameter', JSON.stringify(fragment)),
    ).toEqual([
      '/include/0 The fragment "fragmento-consulta" needs a value for its parameter "alTerminar", which has no default: add "includeParams": { "fragmento-consulta": { "alTerminar": … } }.',
    ]);
  });

  it('reports a "$name" the fragment does not declare, where it is written', () => {
    const fragment = JSON.parse(FRAGMENT) as Flow;
    fragment.modals!.consultaAviso!.message = '$avisos';
    expect(lint(fragment, 'fragment-parameter')).toEqual([
      '/modals/consultaAviso/message "$avisos" is not a parameter of this fragment (its parameters: consulta, alTerminar, aviso). Did you mean "aviso"? Declare it under "parameters" or fix the name.',
    ]);
  });
});

describe('names passed to fragment parameters', () => {
  it('are checked by the rule of what the fragment uses them for, at the passed value', () => {
    expect(lint(passing({ consulta: 'prueba.simulr', alTerminar: 'fin' }), 'unknown-endpoint')).toEqual([
      '/includeParams/fragmento-consulta/consulta There is no endpoint "prueba.simulr" in the endpoint registry (passed to the parameter "consulta" of "fragmento-consulta"). Did you mean "prueba.simular"?',
    ]);
    expect(lint(passing({ alTerminar: 'fn' }), 'unknown-step')).toEqual([
      '/includeParams/fragmento-consulta/alTerminar There is no step "fn" in this flow or its included fragments (passed to the parameter "alTerminar" of "fragmento-consulta"). Did you mean "fin"?',
    ]);
    expect(lint(passing({ alTerminar: 'fin', aviso: 'modal.enProces' }), 'unknown-message')).toEqual([
      '/includeParams/fragmento-consulta/aviso The i18n key "modal.enProces" (passed to the parameter "aviso" of "fragmento-consulta") is not in i18n/es-PE.json. Did you mean "modal.enProceso"?',
    ]);
  });

  it('reports a default step the including flow does not have at the include, saying to pass another', () => {
    const fragment = JSON.parse(FRAGMENT) as Flow;
    fragment.parameters!.alTerminar!.default = 'aprobacion';
    const defaults = host();
    delete defaults.includeParams;
    expect(lint(defaults, 'unknown-step', JSON.stringify(fragment))).toEqual([
      '/include/0 There is no step "aprobacion" in this flow or its included fragments (the default of the parameter "alTerminar" of "fragmento-consulta": pass another in "includeParams").',
    ]);
  });

  it('checks a fragment on its own with its defaults in place', () => {
    const fragment = JSON.parse(FRAGMENT) as Flow;
    fragment.parameters!.consulta!.default = 'prueba.simulr';
    expect(lint(fragment, 'unknown-endpoint')).toEqual([
      '/steps/consultaCarga/calls/enter/endpoint There is no endpoint "prueba.simulr" in the endpoint registry. Did you mean "prueba.simular"?',
    ]);
  });
});
