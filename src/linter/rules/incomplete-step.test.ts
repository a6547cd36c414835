import { ruleTester } from '../rule-cases.ts';
import { rule } from './incomplete-step.ts';

/** The test flow with a step template `aviso` (a message page without a number). */
const withTemplate = (flow: object, step: object) => ({
  ...flow,
  stepTemplates: {
    aviso: {
      view: 'message',
      title: 'app.ok',
      props: { title: 'app.ok' },
      next: { home: true },
      final: true,
    },
  },
  steps: { ...(flow as { steps: object }).steps, aviso: step },
});

ruleTester(rule, {
  valid: [
    { name: 'the sound flow', change: () => undefined },
    {
      name: 'a step that uses a template and gives its number',
      change: (f) => withTemplate(f, { use: 'aviso', number: 9 }),
    },
  ],
  invalid: [
    {
      name: 'a step that uses a template without a number',
      change: (f) => withTemplate(f, { use: 'aviso' }),
      errors: [{ messageId: 'missing', path: '/steps/aviso', message: 'has no "number"' }],
    },
    {
      name: 'a step that uses a template without a view, and a number',
      change: (f) => ({
        ...withTemplate(f, {}),
        stepTemplates: { vacio: { title: 'app.ok' } },
        steps: { ...f.steps, aviso: { use: 'vacio' } },
      }),
      errors: [
        { messageId: 'missing', path: '/steps/aviso', message: 'has no "number"' },
        { messageId: 'missing', path: '/steps/aviso', message: 'has no "view"' },
      ],
    },
  ],
});
