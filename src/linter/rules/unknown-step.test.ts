import { testRule, preEvaluate } from '../rule-tester.ts';

testRule('unknown-step', {
  valid: [
    { name: 'every goto names a step', change: () => undefined },
    {
      name: 'a goto inside a modal then',
      change: (f) =>
        void (preEvaluate(f).outcome.cases!['10'] = { modal: 'enProceso', then: { goto: 'fin' } }),
    },
  ],
  invalid: [
    {
      name: 'a goto typo, with a suggestion',
      change: (f) => void (preEvaluate(f).outcome.cases!['0'] = { goto: 'simuladr' }),
      problems: [
        'There is no step "simuladr" in this flow or its included fragments. Did you mean "simulador"?',
      ],
    },
    {
      name: 'an unknown start step',
      change: (f) => void (f.start = 'dato'),
      problems: ['There is no step "dato" in this flow or its included fragments. Did you mean "datos"?'],
    },
    {
      name: 'a goto in a modal button',
      change: (f) => void (f.modals!.enProceso!.buttons = [{ label: 'app.ok', action: { goto: 'inicio' } }]),
      problems: ['There is no step "inicio"'],
    },
    {
      name: 'a goto in a timer',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'loading',
          timers: [{ id: 't', ms: 5, do: { goto: 'final' } }],
        }),
      problems: ['There is no step "final"'],
    },
  ],
});
