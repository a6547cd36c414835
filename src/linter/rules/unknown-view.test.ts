import { testRule } from '../rule-tester.ts';

testRule('unknown-view', {
  valid: [{ name: 'every view is in the registry', change: () => undefined }],
  invalid: [
    {
      name: 'a view typo, with a suggestion',
      change: (f) => void (f.steps.simulador!.view = 'simulater'),
      problems: [
        'There is no view "simulater" in the view registry. Did you mean "simulator"? Views: form, phases',
      ],
    },
    {
      name: 'a view of another product',
      change: (f) => void (f.steps.fin!.view = 'congratulations'),
      problems: ['There is no view "congratulations"'],
    },
  ],
});
