import { testRule, preEvaluate } from '../rule-tester.ts';

testRule('unreachable-step', {
  valid: [
    { name: 'every step is reached', change: () => undefined },
    {
      name: 'a step reached only through a modal button',
      change: (f) => {
        f.steps.extra = { number: 4, view: 'message', final: true };
        f.modals!.enProceso!.buttons = [{ label: 'app.ok', action: { goto: 'extra' } }];
      },
    },
    {
      name: 'a step reached only through a modal then',
      change: (f) => {
        f.steps.extra = { number: 4, view: 'message', final: true };
        preEvaluate(f).outcome.cases!['10'] = { modal: 'enProceso', then: { goto: 'extra' } };
      },
    },
    { name: 'an unknown start is unknown-step, not this rule', change: (f) => void (f.start = 'nada') },
  ],
  invalid: [
    {
      name: 'an orphan step',
      change: (f) => void (f.steps.huerfano = { number: 4, view: 'message', final: true }),
      problems: ['Step "huerfano" cannot be reached from the start step "datos"'],
    },
    {
      name: 'a step only reachable from another unreachable step',
      change: (f) => {
        f.steps.a = { number: 4, view: 'message', next: { goto: 'b' } };
        f.steps.b = { number: 5, view: 'message', final: true };
      },
      problems: ['Step "a" cannot', 'Step "b" cannot'],
    },
  ],
});
