/**
 * Checks the compiler and the linter share: each is one function that returns the problem
 * (a code, where, and the one message), or nothing. The compiler throws it as a
 * {@link FlowError}; the linter's rule reports it at its line. A check written here is not
 * written again in a rule.
 */
import { ERROR_MODAL } from './compiled-types.ts';
import type { FlowErrorCode } from './flow-error.ts';
import { didYouMean } from './suggest.ts';

export interface FlowProblem {
  readonly code: FlowErrorCode;
  /** JSON path of the node at fault, in the flow being checked. */
  readonly path: readonly (string | number)[];
  readonly message: string;
}

type Known = ReadonlySet<string>;

/** A `goto` or `start` names a step of the flow (or of a fragment it includes). */
export function checkStepRef(
  name: string,
  steps: Known,
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (steps.has(name)) return undefined;
  return {
    code: 'unknown-step',
    path,
    message: `There is no step "${name}" in this flow or its included fragments.${didYouMean(name, steps)}`,
  };
}

/** A `modal` an action opens is declared under `modals` (or is the engine's error modal). */
export function checkModalRef(
  name: string,
  modals: Known,
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (name === ERROR_MODAL || modals.has(name)) return undefined;
  return {
    code: 'unknown-modal',
    path,
    message: `There is no modal "${name}" under "modals".${didYouMean(name, modals)} Declare it or fix the name.`,
  };
}

/** A call names an endpoint of the registry (src/engine/endpoints.ts). */
export function checkEndpointRef(
  name: string,
  endpoints: Known,
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (endpoints.has(name)) return undefined;
  return {
    code: 'unknown-endpoint',
    path,
    message: `There is no endpoint "${name}" in the endpoint registry.${didYouMean(name, endpoints)}`,
  };
}
