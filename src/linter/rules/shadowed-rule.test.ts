import { testRule, preEvaluate, simulate } from '../rule-tester.ts';
import { baseFlow } from '../rule-tester.ts';

const repeatedKey = JSON.stringify(baseFlow(), null, 2).replace(
  '"10": {',
  '"10": { "goto": "fin" },\n "10": {',
);

testRule('shadowed-rule', {
  valid: [
    { name: 'distinct rules and cases', change: () => undefined },
    {
      name: 'an always-true rule last, without cases',
      change: (f) =>
        void (simulate(f).outcome = {
          rules: [
            { if: { '==': [{ var: 'response.codRes' }, '00'] }, then: { goto: 'fin' } },
            { if: true, then: { modal: 'errorGenerico' } },
          ],
          else: {},
        }),
    },
    {
      name: 'a strict test of the number 99 before the case of the text code "99"',
      change: (f) => {
        const outcome = simulate(f).outcome;
        outcome.rules!.push({
          if: { '===': [{ var: 'response.codRes' }, 99] },
          then: { modal: 'errorGenerico' },
        });
        outcome.cases!['99'] = { modal: 'errorGenerico' };
      },
    },
  ],
  invalid: [
    {
      name: 'a rule after an always-true rule, and the cases',
      change: (f) => void simulate(f).outcome.rules!.unshift({ if: true, then: { goto: 'fin' } }),
      problems: ['Rule 1 never runs: rule 0 always matches', 'These cases never run: rule 0 always matches'],
    },
    {
      name: 'two rules with the same condition',
      change: (f) =>
        void simulate(f).outcome.rules!.push({
          if: { '==': [{ var: 'response.codRes' }, '00'] },
          then: { modal: 'errorGenerico' },
        }),
      problems: ['Rule 1 never runs: rule 0 has the same condition'],
    },
    {
      name: 'a case a rule already handles',
      change: (f) => void (simulate(f).outcome.cases!['00'] = { modal: 'errorGenerico' }),
      problems: ['Case "00" never runs: rule 0 already handles code "00"'],
    },
    {
      name: 'a case key repeated after trimming',
      change: (f) => void (preEvaluate(f).outcome.cases![' 4'] = { goto: 'fin' }),
      problems: ['Case " 4" is the same code as the earlier case "4"'],
    },
    {
      name: 'a case key written twice in the file',
      change: () => repeatedKey,
      problems: ['Case "10" is the same code as the earlier case "10"'],
    },
  ],
});
