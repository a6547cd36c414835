import { ruleTester } from '../rule-cases.ts';
import { rule } from './progress-range.ts';

ruleTester(rule, {
  valid: [
    { name: 'progress within the total', change: () => undefined },
    {
      name: "a step's own total",
      change: (f) => void Object.assign(f.steps.fin!, { progress: 5, progressTotal: 5 }),
    },
    {
      name: 'a bar that counts from 0',
      change: (f) => {
        f.progress = { total: 3, start: 0 };
        f.steps.datos!.progress = 0;
      },
    },
  ],
  invalid: [
    {
      name: 'a step past the total',
      change: (f) => void (f.steps.fin!.progress = 4),
      errors: [{ messageId: 'above', path: '/steps/fin/progress', message: 'progress 4 of 3' }],
    },
    {
      name: 'a step past the total of a bar that counts from 0 names the range from 0',
      change: (f) => {
        f.progress = { total: 3, start: 0 };
        f.steps.fin!.progress = 4;
      },
      errors: [{ messageId: 'above', path: '/steps/fin/progress', message: 'from 0 to 3' }],
    },
    {
      name: 'progress 0 in a bar that counts from 1',
      change: (f) => void (f.steps.datos!.progress = 0),
      errors: [{ messageId: 'below', path: '/steps/datos/progress', message: 'counts from 1' }],
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
