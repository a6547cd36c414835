import { testRule } from '../rule-tester.ts';

testRule('dead-end', {
  valid: [
    { name: 'the last step is final', change: () => undefined },
    {
      name: 'a step with next',
      change: (f) => void (f.steps.fin = { number: 3, view: 'message', next: { home: true } }),
    },
    {
      name: 'a step with a timer',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'loading',
          timers: [{ id: 't', ms: 1, do: { goto: 'datos' } }],
        }),
    },
  ],
  invalid: [
    {
      name: 'a last step not marked final',
      change: (f) => void delete f.steps.fin!.final,
      problems: ['Step "fin" is a dead end: it has no call, "next", "wait" or timer'],
    },
    {
      name: 'a step with empty calls and timers',
      change: (f) => void (f.steps.fin = { number: 3, view: 'message', calls: {}, timers: [] }),
      problems: ['Step "fin" is a dead end'],
    },
  ],
});
