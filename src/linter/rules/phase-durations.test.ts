import { ruleTester } from '../rule-cases.ts';
import { rule } from './phase-durations.ts';

const phases =
  (durations: unknown) =>
  (f: { steps: Record<string, { view: string; props?: Record<string, unknown> }> }) => {
    f.steps.fin!.view = 'phases';
    f.steps.fin!.props = { durations };
  };

ruleTester(rule, {
  valid: [
    { name: 'milliseconds', change: phases([2000, 0, 3000]) },
    { name: 'no durations (the view defaults)', change: () => undefined },
  ],
  invalid: [
    {
      name: 'a negative duration',
      change: phases([2000, -1000, 3000]),
      errors: [{ messageId: 'negative', path: '/steps/fin/props/durations/1' }],
    },
    {
      name: 'a duration in quotes',
      change: phases(['2000', 1000]),
      errors: [{ messageId: 'notNumber', path: '/steps/fin/props/durations/0' }],
    },
    {
      name: 'not a list',
      change: phases(2000),
      errors: [{ messageId: 'notList', path: '/steps/fin/props/durations' }],
    },
  ],
});
