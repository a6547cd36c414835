import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('unhandled-code', {
  valid: [
    { name: 'codes covered by cases, rules and a moving else', change: () => undefined },
    {
      name: 'an else that stays, with every code covered',
      change: (f) =>
        void (simulate(f).outcome = {
          cases: { '00': { goto: 'fin' }, '01': {}, '99': { modal: 'errorGenerico' } },
          else: {},
        }),
    },
    {
      name: 'codes covered by an "in" rule',
      change: (f) =>
        void (simulate(f).outcome = {
          rules: [{ if: { in: [{ var: 'response.codRes' }, ['00', '01', '99']] }, then: { goto: 'fin' } }],
          else: {},
        }),
    },
    {
      name: 'an outcome on another field (codes unknown)',
      change: (f) =>
        void (preEvaluate(f).outcome = {
          on: 'prospecto.estadoProspecto',
          cases: { '4': { goto: 'fin' } },
          else: {},
        }),
    },
  ],
  invalid: [
    {
      name: 'codes left to an else that stays',
      change: (f) =>
        void (simulate(f).outcome = { cases: { '00': { goto: 'fin' } }, else: { set: { x: 1 } } }),
      problems: [
        'Endpoint "prueba.simular" can answer codRes "01", "99", which only the "else" handles, and the "else" just stays on the step',
      ],
      severity: 'warning',
    },
    {
      name: 'codes with no else at all',
      change: (f) => void (simulate(f).outcome = { cases: { '00': { goto: 'fin' } } } as never),
      problems: [
        'Endpoint "prueba.simular" can answer codRes "01", "99", and no case, rule or "else" handles them',
      ],
      severity: 'error',
    },
  ],
});
