/**
 * A campaign's address (`?utm_source=…&gclid=…`) is served the page the build drew
 * (`drawnScreenOf` in `src/engine/routes.ts`, as the server and the browser ask it): so no flow may let a tracking parameter
 * change its first screen. Started with every one of them, each flow shows what it shows
 * without: the same step, nothing else pending, no modal, the same form values (the runtime's
 * own test before it takes the build's HTML over).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { start } from '../../src/engine/index.ts';
import { TRACKING_PARAMS } from '../../src/engine/routes.ts';
import { compileProjectFlows } from '../../src/linter/load-flows.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const flows = compileProjectFlows(root);
const tracking = Object.fromEntries(TRACKING_PARAMS.map((name) => [name, `campana-${name}`]));

/** What a visitor sees first: the step, whether it waits, its modal and its form's values. */
function firstScreen(state: ReturnType<typeof start>['state']) {
  return {
    step: state.step,
    waits: state.pending !== null,
    modal: state.modal,
    form: state.forms[state.step] ?? {},
  };
}

describe('tracking parameters change no first screen', () => {
  it('reads every flow', () => {
    expect(flows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(flows.map((f) => [f.id, f] as const))('%s', (_id, flow) => {
    const plain = start(flow, { session: 's', params: {} }, { now: 0 });
    const tracked = start(flow, { session: 's', params: tracking }, { now: 0 });
    expect(firstScreen(tracked.state)).toEqual(firstScreen(plain.state));
    // A flow that lists one sends it with its calls: it is kept, just not shown.
    for (const name of TRACKING_PARAMS)
      if (flow.params.includes(name)) expect(tracked.state.params[name]).toBe(tracking[name]);
  });
});
