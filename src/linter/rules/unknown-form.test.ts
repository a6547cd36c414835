import { testRule } from '../rule-tester.ts';

testRule('unknown-form', {
  valid: [
    { name: 'the form exists', change: () => undefined },
    { name: 'a step without a form', change: (f) => void delete f.steps.datos!.form },
  ],
  invalid: [
    {
      name: 'a form typo, with a suggestion',
      change: (f) => void (f.steps.datos!.form = 'lead-pruebas'),
      problems: [
        'There is no form "lead-pruebas" (schemas/forms/lead-pruebas.json). Did you mean "lead-prueba"?',
      ],
    },
  ],
});
