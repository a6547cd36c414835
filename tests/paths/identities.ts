/**
 * The scenario identities a flow's path tests start from: the happy path's, every identity of
 * the scenario table (docs/sandbox-scenarios.md), and the vehicle rule rows (DNI 500000SS
 * answers state SS, 590000NN answers −NN) for each state the flow's vehicle pre-evaluation can
 * answer. The pre-evaluation is the call that opens the vehicle application (its registry
 * entry `grants` one, `by: 'create'`), wherever the flow places it: not the first call of the
 * file, which may be an earlier step's.
 */
import { VEHICLE_STATES } from '../../src/engine/endpoints/define.ts';
import type { CompiledFlow } from '../../src/engine/index.ts';
import { SCENARIOS } from '../../src/server/sandbox/scenarios.ts';

const STATES: ReadonlySet<string> = new Set(VEHICLE_STATES);

/** The DNI the sandbox answers vehicle pre-evaluation state `state` for (rule rows 500000SS / 590000NN). */
export function stateIdentity(state: string): string {
  const n = Number(state);
  return n < 0 ? `590000${String(-n).padStart(2, '0')}` : `500000${String(n).padStart(2, '0')}`;
}

/** The `step|trigger` of every call of `flow` that opens a vehicle application. */
export function vehicleOpeners(flow: CompiledFlow): string[] {
  const out: string[] = [];
  for (const step of flow.steps.values())
    for (const [trigger, call] of step.calls) {
      const grants = call.endpoint.grants;
      if (grants?.by === 'create' && grants.kinds.includes('vehicle')) out.push(`${step.id}|${trigger}`);
    }
  return out;
}

/** Every identity a flow's runs start from (see the module comment). */
export function identities(flow: CompiledFlow): string[] {
  const out = new Set<string>([SCENARIOS.happyPathExample]);
  // Rows keyed by a plate (the semi-new check) are not applicants' documents.
  for (const section of SCENARIOS.sections)
    for (const row of section.rows) if (/^\d{8}$/.test(row.documento)) out.add(row.documento);
  for (const at of vehicleOpeners(flow)) {
    const [stepId, trigger] = at.split('|') as [string, string];
    const call = flow.steps.get(stepId)!.calls.get(trigger)!;
    if (call.outcome.on !== call.endpoint.codeField) continue;
    for (const code of call.endpoint.codes) if (STATES.has(code)) out.add(stateIdentity(code));
  }
  return [...out];
}
