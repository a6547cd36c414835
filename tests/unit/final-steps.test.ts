/**
 * Issue 23, "End pages … offer the next action": every step a flow ends on (`"final": true`)
 * shows a button and says where it leads (`next`), so no applicant is left on a page with
 * nowhere to go but the browser's address bar.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveFlow } from '../../src/engine/resolve-flow.ts';
import { readFlowLibrary } from '../../src/linter/load-flows.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const library = readFlowLibrary(root);

interface Step {
  final?: boolean;
  props?: { button?: string; action?: string };
  next?: Record<string, unknown>;
  calls?: Record<string, unknown>;
}

/** The button leads somewhere: the step's `next`, or the call its action raises (a rejection's "contact me"). */
const leads = (step: Step) =>
  (step.next !== undefined && Object.keys(step.next).length > 0) ||
  (step.props?.action !== undefined && step.calls?.[step.props.action] !== undefined);

const ends = Object.entries(library).flatMap(([name, raw]) => {
  const flow = resolveFlow(raw, library, name).flow as { routes?: string[]; steps?: Record<string, Step> };
  if (!flow.routes?.length) return [];
  return Object.entries(flow.steps ?? {})
    .filter(([, step]) => step.final === true)
    .map(([id, step]) => ({ where: `${name} → ${id}`, step }));
});

describe('the pages a flow ends on', () => {
  it('exist in the products (the check below checks something)', () => {
    expect(ends.length).toBeGreaterThan(30);
  });

  it('each offers the next action: a button and where it leads', () => {
    const stuck = ends.filter(({ step }) => !step.props?.button || !leads(step)).map(({ where }) => where);
    expect(stuck).toEqual([]);
  });
});
