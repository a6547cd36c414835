import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEW_IDS } from '../../engine/views.ts';
import { testRule } from '../rule-tester.ts';
import { lintOne } from '../test-env.ts';

const schema = JSON.parse(
  readFileSync(new URL('../../../schemas/flow.schema.json', import.meta.url), 'utf8'),
) as {
  definitions: Record<string, { properties: Record<string, { enum?: string[]; description?: string }> }>;
  properties: Record<string, { description?: string }>;
};

/** A flow that uses every field of `Flow`, `Step`, `CallSpec`, `Outcome`, `Action`, `WaitSpec`, `TimerSpec` and `Modal`. */
const EVERY_FIELD = {
  $schema: '../schemas/flow.schema.json',
  id: 'completo',
  title: 'product.prueba',
  routes: ['/prueba'],
  layout: 'credinstante',
  theme: 'blue',
  progress: { total: 7 },
  context: { tipoDocumento: 1 },
  params: ['codigoEntidad'],
  include: ['firma'],
  includeParams: { firma: { lookupProspect: 'prueba.consultar' } },
  parameters: { volver: { default: 'uno', description: 'The step to go back to.' } },
  requiresPromoter: false,
  start: 'uno',
  steps: {
    uno: {
      number: 1,
      view: 'form',
      form: 'lead-prueba',
      title: 'step.datos',
      progress: 1,
      props: { sharedNumber: false },
      calls: {
        submit: {
          endpoint: 'prueba.preEvaluar',
          path: { dni: { var: 'form.numeroDocumento' } },
          query: { tipo: '2' },
          body: { from: ['context', 'form', 'params'], with: { paso: 1 }, pick: ['paso'] },
          assign: { codigoProspecto: { var: 'response.codigoProspecto' } },
          outcome: {
            on: 'codigoRespuesta',
            cases: { '0': { goto: 'dos' } },
            rules: [
              {
                if: true,
                then: { set: { a: 1 }, track: 'conversion', modal: 'm', then: { reset: true } },
                note: 'n',
              },
            ],
            else: { home: true },
            onError: { reload: true },
          },
        },
      },
      next: { redirect: '/productos' },
      timers: [{ id: 't', ms: 10, do: { back: true } }],
      final: false,
    },
    dos: {
      number: 2,
      view: 'phases',
      wait: {
        socket: '/credinstante',
        event: 'resultado',
        room: { var: 'context.codigoProspecto' },
        maxMs: 180000,
        assign: { r: { var: 'response.resultado' } },
        outcome: { on: 'resultado', else: { goto: 'uno' } },
        timeout: { modal: 'm' },
      },
      final: true,
    },
  },
  modals: {
    m: {
      kind: 'confirm',
      title: 'modal.aviso',
      message: 'modal.enProceso',
      image: '/img/error.png',
      buttons: [{ label: 'app.ok', action: { home: true }, link: '/x' }],
      onClose: { reset: true },
    },
  },
};

testRule('schema', {
  valid: [
    { name: 'the sound test flow', change: () => undefined },
    { name: 'a flow with every field', change: () => EVERY_FIELD },
  ],
  invalid: [
    {
      name: 'a misspelled step property, with a suggestion and the allowed names',
      change: (f) => void Object.assign(f.steps.datos!, { tittle: 'x' }),
      problems: ['Unknown property "tittle" in /steps/datos. Did you mean "title"? Allowed: number, view'],
    },
    {
      name: 'a misspelled action property',
      change: (f) => void (f.steps.simulador!.next = { gotoo: 'fin' } as never),
      problems: ['Unknown property "gotoo" in /steps/simulador/next. Did you mean "goto"?'],
    },
    {
      name: 'a step number written as text',
      change: (f) => void ((f.steps.datos as { number: unknown }).number = '1'),
      problems: ['/steps/datos/number must be an integer, found a string ("1")'],
    },
    {
      name: 'an unknown layout',
      change: (f) => void ((f as { layout: string }).layout = 'mobile'),
      problems: ['"mobile" is not allowed at /layout. Use one of: celulares, credinstante'],
    },
    {
      name: 'a missing start',
      change: (f) => void delete (f as { start?: string }).start,
      problems: ['The flow is missing the required property "start"'],
    },
    {
      name: 'reset that is not true',
      change: (f) => void ((f.modals!.enProceso!.onClose as { reset: unknown }).reset = 'yes'),
      problems: ['/modals/enProceso/onClose/reset must be true'],
    },
    {
      name: 'no $schema (a warning: editors cannot help)',
      change: (f) => void delete f.$schema,
      problems: ['The flow has no "$schema": add "$schema": "../schemas/flow.schema.json"'],
      severity: 'warning',
    },
    {
      name: 'a route without a leading slash',
      change: (f) => void (f.routes = ['prueba']),
      problems: ['"prueba" at /routes/0 is not in the expected form: A route path starting with `/`'],
    },
    {
      name: 'a socket wait without the message field to read',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'phases',
          wait: { socket: '/x', event: 'e', room: 1, maxMs: 1, outcome: { else: {} } as never, timeout: {} },
        }),
      problems: ['/steps/fin/wait/outcome is missing the required property "on"'],
    },
  ],
});

describe('schema contract', () => {
  it('lists exactly the view ids of the view registry, so the editor offers them', () => {
    expect(schema.definitions.step!.properties.view!.enum).toEqual([...VIEW_IDS]);
  });

  it('describes every property, so the editor can explain each field', () => {
    const missing: string[] = [];
    for (const [name, p] of Object.entries(schema.properties)) if (!p.description) missing.push(name);
    for (const [def, d] of Object.entries(schema.definitions)) {
      for (const [name, p] of Object.entries(d.properties ?? {}))
        if (!p.description) missing.push(`${def}.${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves an unknown view and a missing else to their own rules', () => {
    const flow = JSON.parse(JSON.stringify(EVERY_FIELD)) as typeof EVERY_FIELD;
    (flow.steps.uno as { view: string }).view = 'formulario';
    delete (flow.steps.uno.calls.submit.outcome as { else?: unknown }).else;
    expect(lintOne(flow, 'schema')).toEqual([]);
  });
});
