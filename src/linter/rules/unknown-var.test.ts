import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('unknown-var', {
  valid: [
    { name: 'response, form, context and params paths that exist', change: () => undefined },
    {
      name: 'a nested response path through a $ref',
      change: (f) => void (preEvaluate(f).assign!.estado = { var: 'response.prospecto.estadoProspecto' }),
    },
    {
      name: 'an array element of the response',
      change: (f) => void (simulate(f).assign = { primerPlazo: { var: 'response.plazos.0.plazo' } }),
    },
    {
      name: 'a context key set by an action elsewhere',
      change: (f) => void (simulate(f).body!.with = { oferta: { var: 'context.ofertaLista' } }),
    },
    {
      name: 'element paths inside some/filter are not the flow data',
      change: (f) =>
        void (simulate(f).outcome.rules![0]!.if = {
          some: [{ var: 'response.plazos' }, { '==': [{ var: 'plazo' }, 12] }],
        }),
    },
    {
      name: 'a var with a default',
      change: (f) => void (simulate(f).body!.with = { x: { var: ['context.tipoDocumento', 1] } }),
    },
  ],
  invalid: [
    {
      name: 'a response field typo',
      change: (f) => void (preEvaluate(f).assign = { codigoProspecto: { var: 'response.codigoProspeto' } }),
      problems: [
        '"response.codigoProspeto": the response of "prueba.preEvaluar" has no field "codigoProspeto". Did you mean "codigoProspecto"?',
      ],
    },
    {
      name: 'a deep response field typo',
      change: (f) => void (preEvaluate(f).assign!.e = { var: 'response.prospecto.estadoProspeto' }),
      problems: ['has no field "estadoProspeto". Did you mean "estadoProspecto"?'],
    },
    {
      name: 'a context key nobody sets',
      change: (f) => void (simulate(f).body!.with = { c: { var: 'context.codigoProspeto' } }),
      problems: ['"context.codigoProspeto": no context key "codigoProspeto" is set anywhere in the flow'],
    },
    {
      name: 'a form field the form lacks',
      change: (f) => void (preEvaluate(f).body!.with = { d: { var: 'form.numDocumento' } }),
      problems: [
        '"form.numDocumento": form "lead-prueba" has no field "numDocumento". Did you mean "numeroDocumento"?',
      ],
    },
    {
      name: 'an undeclared URL parameter',
      change: (f) => void (preEvaluate(f).body!.with = { e: { var: 'params.codigoEntidd' } }),
      problems: ['"codigoEntidd" is not one of the flow\'s URL "params". Did you mean "codigoEntidad"?'],
    },
    {
      name: 'a path without a scope',
      change: (f) => void (simulate(f).outcome.rules![0]!.if = { '==': [{ var: 'codRes' }, '00'] }),
      problems: [
        '"codRes" does not start with a scope: here a var path starts with response, context, form, params, error.',
      ],
    },
    {
      name: 'a response path in a request body',
      change: (f) => void (simulate(f).body!.with = { r: { var: 'response.codRes' } }),
      problems: [
        '"response.codRes" does not start with a scope: here a var path starts with context, form, params.',
      ],
    },
    {
      name: 'a socket room read from the form (the engine gives a room only the context)',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'phases',
          wait: {
            socket: '/x',
            event: 'e',
            room: { var: 'form.numeroDocumento' },
            maxMs: 5,
            outcome: { on: 'r', else: { home: true } },
            timeout: { home: true },
          },
        }),
      problems: ['"form.numeroDocumento" does not start with a scope: here a var path starts with context.'],
    },
    {
      name: 'an outcome "on" field typo',
      change: (f) => void (preEvaluate(f).outcome.on = 'codigoRespuest'),
      problems: [
        '"response.codigoRespuest": the response of "prueba.preEvaluar" has no field "codigoRespuest".',
      ],
    },
  ],
});
