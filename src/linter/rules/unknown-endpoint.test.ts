import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('unknown-endpoint', {
  valid: [{ name: 'every endpoint is registered', change: () => undefined }],
  invalid: [
    {
      name: 'an endpoint typo, with a suggestion',
      change: (f) => void (preEvaluate(f).endpoint = 'lde.preEvaluat'),
      problems: [
        'There is no endpoint "lde.preEvaluat" in the endpoint registry. Did you mean "lde.preEvaluate"?',
      ],
    },
    {
      name: 'an endpoint of no family',
      change: (f) => void (simulate(f).endpoint = 'foo'),
      problems: ['There is no endpoint "foo"'],
    },
  ],
});
