import { ruleTester } from '../rule-cases.ts';
import { rule } from './progress-range.ts';

ruleTester(rule, {
  valid: [
    { name: 'progress within the total', change: () => undefined },
    {
      name: "a step's own total",
      change: (f) => void Object.assign(f.steps.fin!, { progress: 5, progressTotal: 5 }),
    },
  ],
  invalid: [
    {
      name: 'a step past the total',
      change: (f) => void (f.steps.fin!.progress = 4),
      errors: [{ messageId: 'above', path: '/steps/fin/progress', message: 'progress 4 of 3' }],
    },
    {
      name: 'progress in a flow without a total',
      change: (f) => void delete f.progress,
      errors: [
        { messageId: 'noTotal', path: '/steps/datos/progress' },
        { messageId: 'noTotal', path: '/steps/simulador/progress' },
      ],
    },
  ],
});
