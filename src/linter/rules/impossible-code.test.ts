import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('impossible-code', {
  valid: [
    { name: 'cases and rules name answered codes', change: () => undefined },
    {
      name: 'a case key with spaces around a known code',
      change: (f) => void (preEvaluate(f).outcome.cases = { ' 0 ': { goto: 'simulador' } }),
    },
    {
      name: 'cases on another field are not held against the codes',
      change: (f) => void (preEvaluate(f).outcome.on = 'prospecto.estadoProspecto'),
    },
  ],
  invalid: [
    {
      name: 'a case the endpoint never answers',
      change: (f) => void (preEvaluate(f).outcome.cases!['7'] = { goto: 'fin' }),
      problems: [
        'Endpoint "prueba.preEvaluar" never answers codigoRespuesta "7"; it answers "0", "4", "10", "-6".',
      ],
    },
    {
      name: '"0" written as "00"',
      change: (f) => void (preEvaluate(f).outcome.cases!['00'] = { goto: 'fin' }),
      problems: ['never answers codigoRespuesta "00"'],
    },
    {
      name: 'a rule for a code never answered',
      change: (f) =>
        void simulate(f).outcome.rules!.push({
          if: { '===': ['02', { var: 'response.codRes' }] },
          then: { goto: 'fin' },
        }),
      problems: [
        'Endpoint "prueba.simular" never answers codRes "02"; it answers "00", "01", "99". Did you mean "00"?',
      ],
    },
  ],
});
