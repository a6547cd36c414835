import { ruleTester } from '../rule-cases.ts';
import { rule } from './revisit-step.ts';

ruleTester(rule, {
  valid: [
    { name: 'no step revisited', change: () => undefined },
    {
      name: 'a simulator the applicant may come back to',
      change: (f) => void (f.steps.simulador!.revisit = true),
    },
  ],
  invalid: [
    {
      name: 'a loading screen',
      change: (f) => void Object.assign(f.steps.simulador!, { view: 'loading', revisit: true }),
      errors: [{ messageId: 'passing', path: '/steps/simulador/revisit', message: 'a loading screen' }],
    },
    {
      name: 'a final step',
      change: (f) => void (f.steps.fin!.revisit = true),
      errors: [{ messageId: 'final', path: '/steps/fin/revisit' }],
    },
  ],
});
