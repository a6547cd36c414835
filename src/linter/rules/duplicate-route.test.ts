import { testRule } from '../rule-tester.ts';

testRule('duplicate-route', {
  valid: [{ name: 'one route', change: () => undefined }],
  invalid: [
    {
      name: 'the same route twice',
      change: (f) => void (f.routes = ['/prueba', '/', '/prueba']),
      problems: ['Route "/prueba" is listed twice in "routes" (first at position 1)'],
    },
  ],
});
