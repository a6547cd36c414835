import { describe, expect, it } from 'vitest';
import type { Flow } from './flow-types.ts';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS } from './engine-fixture.ts';
import { MAX_HISTORY } from './enter-step.ts';
import { start } from './start.ts';
import { transition } from './transition.ts';

/** Two steps that send each other back and forth, and a third reached from the second. */
const loop: Flow = {
  id: 'vaiven',
  title: 't',
  routes: [],
  layout: 'default',
  start: 'a',
  steps: {
    a: { number: 1, view: 'form', next: { goto: 'b' } },
    b: { number: 2, view: 'form', next: { goto: 'c' }, timers: [{ id: 'volver', ms: 1, do: { goto: 'a' } }] },
    c: { number: 3, view: 'form', next: { goto: 'b' } },
  },
};
const flow = compileFlow(loop, TEST_ENDPOINTS);

describe('history', () => {
  it('cuts back to before a step that is entered again, so back never goes round a loop', () => {
    let t = start(flow, { session: 's' });
    t = transition(flow, t.state, { type: 'submit', data: {} }); // a → b
    t = transition(flow, t.state, { type: 'submit', data: {} }); // b → c
    expect(t.state.history).toEqual(['a', 'b']);
    t = transition(flow, t.state, { type: 'submit', data: {} }); // c → b again
    expect(t.state.history).toEqual(['a']);
    t = transition(flow, t.state, { type: 'timer', id: 'volver' }); // b → a again
    expect(t.state.history).toEqual([]);
  });

  it(`keeps at most ${MAX_HISTORY} steps`, () => {
    const many: Flow = { ...loop, start: 's0', steps: {} };
    for (let i = 0; i < MAX_HISTORY + 10; i++)
      many.steps[`s${i}`] = { number: i + 1, view: 'form', next: { goto: `s${i + 1}` } };
    many.steps[`s${MAX_HISTORY + 10}`] = { number: 999, view: 'message', final: true };
    const compiled = compileFlow(many, TEST_ENDPOINTS);
    let t = start(compiled, { session: 's' });
    for (let i = 0; i < MAX_HISTORY + 10; i++)
      t = transition(compiled, t.state, { type: 'submit', data: {} });
    expect(t.state.step).toBe(`s${MAX_HISTORY + 10}`);
    expect(t.state.history).toHaveLength(MAX_HISTORY);
    expect(t.state.history.at(-1)).toBe(`s${MAX_HISTORY + 9}`);
  });
});
