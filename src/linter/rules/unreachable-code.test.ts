import { ruleTester } from '../rule-cases.ts';
import { preEvaluate, simulate } from '../rule-tester.ts';
import { rule } from './unreachable-code.ts';

const why = 'the steps before leave the application in a state that answers these only';

ruleTester(rule, {
  valid: [
    { name: 'no "answers": every code of the registry may come', change: () => undefined },
    {
      name: '"answers" leaves out a code only the else handles',
      change: (f) => void (simulate(f).answers = { codes: ['00', '01'], why }),
    },
    {
      name: '"answers" with every code a case names',
      change: (f) => void (preEvaluate(f).answers = { codes: ['0', '4', '10', '-6'], why }),
    },
    {
      name: 'a rule over another field that says why it can never hold',
      change: (f) => {
        const rules = simulate(f).outcome.rules!;
        rules.push({
          if: { '!==': [{ var: 'response.detalleRespuesta' }, 'OK'] },
          then: { modal: 'errorGenerico' },
          unreachable: 'the service always answers OK here',
        });
      },
    },
  ],
  invalid: [
    {
      name: 'a case for a code "answers" leaves out, at its key',
      change: (f) => void (preEvaluate(f).answers = { codes: ['0', '4', '-6'], why }),
      errors: [
        {
          messageId: 'unreachable',
          path: '/steps/datos/calls/submit/outcome/cases/10',
          message: 'Code "10" is unreachable here',
        },
      ],
    },
    {
      name: 'a code rule for codes "answers" leaves out, at its condition',
      change: (f) => void (simulate(f).answers = { codes: ['01', '99'], why }),
      errors: [{ messageId: 'unreachable', path: '/steps/simulador/calls/submit/outcome/rules/0/if' }],
    },
    {
      name: '"unreachable" on a rule over the code field\'s codes, at the key: "answers" says that',
      change: (f) => void (simulate(f).outcome.rules![0]!.unreachable = 'never here'),
      errors: [
        {
          messageId: 'codeRule',
          path: '/steps/simulador/calls/submit/outcome/rules/0/unreachable',
          message: 'instead of "unreachable" on the rule',
        },
      ],
    },
    {
      name: 'a code the registry does not list, with the one meant',
      change: (f) => void (simulate(f).answers = { codes: ['00', '01', '9'], why }),
      errors: [
        {
          messageId: 'unknown',
          path: '/steps/simulador/calls/submit/answers/codes/2',
          message: 'never answers (it answers "00", "01", "99")',
        },
      ],
    },
    {
      name: '"answers" on an outcome that reads another field',
      change: (f) => {
        preEvaluate(f).outcome.on = 'prospecto.estadoProspecto';
        preEvaluate(f).answers = { codes: ['0'], why };
      },
      errors: [{ messageId: 'otherField', path: '/steps/datos/calls/submit/answers' }],
    },
  ],
});
