import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('unknown-endpoint', {
  valid: [{ name: 'every endpoint is registered', change: () => undefined }],
  invalid: [
    {
      name: 'an endpoint typo, with a suggestion',
      change: (f) => void (preEvaluate(f).endpoint = 'prueba.preEvaluat'),
      problems: [
        'There is no endpoint "prueba.preEvaluat" in the endpoint registry. Did you mean "prueba.preEvaluar"?',
      ],
    },
    {
      name: 'an endpoint of no family',
      change: (f) => void (simulate(f).endpoint = 'foo'),
      problems: ['There is no endpoint "foo"'],
    },
  ],
});
