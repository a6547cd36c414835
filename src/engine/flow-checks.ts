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

/** A json-logic operator is one the engine knows (its allowed set and named operations). */
export function checkOperator(
  operator: string,
  allowed: readonly string[],
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (allowed.includes(operator)) return undefined;
  return {
    code: 'unknown-operator',
    path,
    message: `The json-logic operator "${operator}" is not allowed.${didYouMean(operator, allowed)} Allowed: ${allowed.join(' ')}. (An object with one key is read as an operator; to pass data, give it two keys or build it with "merge".)`,
  };
}

/** An `include` entry names a fragment that exists. */
export function checkFragmentRef(
  name: string,
  known: Known,
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (known.has(name)) return undefined;
  return {
    code: 'unknown-fragment',
    path,
    message: `There is no fragment "${name}" to include (flows/${name}.json).${didYouMean(name, known)} Fix the name, or remove the entry.`,
  };
}

/** `includeParams` passes values only to fragments the flow includes. */
export function checkParamsTarget(
  name: string,
  included: readonly string[],
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (included.includes(name)) return undefined;
  return {
    code: 'unknown-fragment',
    path,
    message: `"includeParams" passes values to "${name}", which "include" does not name: include it or fix the name.${didYouMean(name, included)}`,
  };
}

/** A value passed to a fragment names one of its parameters. */
export function checkPassedParam(
  fragment: string,
  param: string,
  declared: readonly string[],
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (declared.includes(param)) return undefined;
  return {
    code: 'unknown-parameter',
    path,
    message: `The fragment "${fragment}" has no parameter "${param}" (its parameters: ${declared.join(', ') || 'none'}).${didYouMean(param, declared)}`,
  };
}

/** A `"$name"` a fragment writes is one of its declared parameters. */
export function checkParamUse(
  name: string,
  declared: readonly string[],
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (declared.includes(name)) return undefined;
  return {
    code: 'unknown-parameter',
    path,
    message: `"$${name}" is not a parameter of this fragment (its parameters: ${declared.join(', ') || 'none'}).${didYouMean(name, declared)} Declare it under "parameters" or fix the name.`,
  };
}

/** A parameter without default gets a value from every flow that includes its fragment. */
export function checkParamGiven(
  fragment: string,
  param: string,
  hasValue: boolean,
  path: readonly (string | number)[],
): FlowProblem | undefined {
  if (hasValue) return undefined;
  return {
    code: 'missing-parameter',
    path,
    message: `The fragment "${fragment}" needs a value for its parameter "${param}", which has no default: add "includeParams": { "${fragment}": { "${param}": … } }.`,
  };
}
