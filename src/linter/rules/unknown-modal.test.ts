import { testRule, preEvaluate } from '../rule-tester.ts';

testRule('unknown-modal', {
  valid: [{ name: 'every modal is declared', change: () => undefined }],
  invalid: [
    {
      name: 'a modal typo, with a suggestion',
      change: (f) => void (preEvaluate(f).outcome.cases!['10'] = { modal: 'enProces' }),
      problems: ['There is no modal "enProces" under "modals". Did you mean "enProceso"?'],
    },
    {
      name: 'a modal opened from onError',
      change: (f) => void (preEvaluate(f).outcome.onError = { modal: 'errorRed' }),
      problems: ['There is no modal "errorRed"'],
    },
    {
      name: 'a flow without modals',
      change: (f) => void delete f.modals,
      problems: ['"enProceso"', '"enProceso"', '"errorGenerico"', '"errorGenerico"', '"errorGenerico"'],
    },
  ],
});
