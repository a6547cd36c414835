import { testRule } from '../rule-tester.ts';

testRule('duplicate-step-number', {
  valid: [
    { name: 'distinct numbers', change: () => undefined },
    {
      name: 'a number shared on purpose by every step with it',
      change: (f) => {
        f.steps.simulador!.number = 1;
        f.steps.simulador!.props = { sharedNumber: true };
        f.steps.datos!.props = { sharedNumber: true };
      },
    },
  ],
  invalid: [
    {
      name: 'two steps with number 1',
      change: (f) => void (f.steps.simulador!.number = 1),
      problems: [
        'Step "datos" has number 1, like step "simulador".',
        'Step "simulador" has number 1, like step "datos".',
      ],
    },
    {
      name: 'a shared number declared on one step only',
      change: (f) => {
        f.steps.simulador!.number = 1;
        f.steps.simulador!.props = { sharedNumber: true };
      },
      problems: ['Step "datos" has number 1', 'Step "simulador" has number 1'],
    },
  ],
});
