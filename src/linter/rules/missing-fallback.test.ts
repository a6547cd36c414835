import { testRule, preEvaluate } from '../rule-tester.ts';

testRule('missing-fallback', {
  valid: [{ name: 'every outcome has an else', change: () => undefined }],
  invalid: [
    {
      name: 'a call outcome without else',
      change: (f) => void delete (preEvaluate(f).outcome as { else?: unknown }).else,
      problems: ['The outcome of call "submit" in step "datos" has no "else"'],
    },
    {
      name: 'a socket wait outcome without else',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'phases',
          wait: {
            socket: '/x',
            event: 'e',
            room: 1,
            maxMs: 5,
            outcome: { on: 'r', cases: { '1': { goto: 'datos' } } } as never,
            timeout: { home: true },
          },
        }),
      problems: ['The outcome of the socket wait in step "fin" has no "else"'],
    },
  ],
});
