import { TEST_ENV } from '../test-env.ts';
import { preEvaluate } from '../rule-tester.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './never-true-code.ts';

const code = { var: 'response.codigoRespuesta' };
const lista = { '==': [{ var: 'response.prospecto.estadoProspecto' }, 1] };
/** The pre-evaluation with one rule whose condition is `condition`. */
const ruleIf = (condition: unknown) => (f: Parameters<typeof preEvaluate>[0]) =>
  void (preEvaluate(f).outcome.rules = [{ if: condition as never, then: { goto: 'fin' } }]);
/** The environment where the code may be a number (`"type": ["string", "integer"]`). */
const numericEnv = {
  responseSchemas: {
    ...TEST_ENV.responseSchemas,
    'prueba.preEvaluar': { type: 'object', properties: { codigoRespuesta: { type: ['string', 'integer'] } } },
  },
};

ruleTester(rule, {
  valid: [
    { name: 'a string code inside an and', change: ruleIf({ and: [{ '===': [code, '4'] }, lista] }) },
    {
      name: 'codeIn with codes the call answers',
      change: ruleIf({ and: [{ codeIn: [code, ['0', '4']] }, lista] }),
    },
    {
      name: 'loose equality with a number some code equals',
      change: ruleIf({ and: [{ '==': [code, 10] }, lista] }),
    },
    {
      name: 'the number 99 where the schema lets the code be a number',
      env: numericEnv,
      change: ruleIf({ '===': [code, 99] }),
    },
  ],
  invalid: [
    {
      name: 'a number by strict equality inside an and',
      change: ruleIf({ and: [{ '===': [code, 0] }, lista] }),
      errors: [
        {
          messageId: 'strictNumber',
          path: '/steps/datos/calls/submit/outcome/rules/0/if/and/0/===',
          message: 'Write "0" in quotes',
        },
      ],
    },
    {
      name: 'a code the call never answers inside an and',
      change: ruleIf({ and: [{ '===': [code, '00'] }, lista] }),
      errors: [{ messageId: 'unknown', message: 'Did you mean "0"?' }],
    },
    {
      name: 'codeIn with a code the call never answers',
      change: ruleIf({ codeIn: [code, ['0', '5']] }),
      errors: [{ messageId: 'unknown', path: '/steps/datos/calls/submit/outcome/rules/0/if/codeIn/1/1' }],
    },
    {
      name: 'loose equality with a number no code equals, under a not',
      change: ruleIf({ '!': { '==': [code, 7] } }),
      errors: [{ messageId: 'looseNumber' }],
    },
    {
      name: 'in with a number',
      change: ruleIf({ and: [{ in: [code, [4, '10']] }, lista] }),
      errors: [{ messageId: 'inNumber' }],
    },
  ],
});
