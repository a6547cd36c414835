/**
 * `compileFlow`: resolves a flow file once so that playing it costs no parsing. It merges the
 * included fragments, compiles every json-logic expression and decision table, and checks
 * every name the flow uses (steps, modals, endpoints, path placeholders), throwing a
 * {@link FlowError} with a JSON pointer and a "did you mean" on the first it cannot resolve.
 */
import type { EndpointDef } from './endpoint-types.ts';
import type { CallSpec, Flow, Modal, Step } from './flow-types.ts';
import type {
  CompiledAction,
  CompiledCall,
  CompiledFlow,
  CompiledModal,
  CompiledStep,
  CompiledTimer,
} from './compiled-types.ts';
import { compileAction, compileMap, compileOutcome, type CompileScope } from './compile-action.ts';
import { FlowError, pointer, pointerPath } from './flow-error.ts';
import {
  checkEndpointRef,
  checkFragmentRef,
  checkParamGiven,
  checkParamsTarget,
  checkParamUse,
  checkPassedParam,
} from './flow-checks.ts';
import { compileLogic, type Evaluator } from './logic.ts';
import {
  bindParams,
  declaredParams,
  defaultValues,
  passedParams,
  substituteParams,
} from './fragment-params.ts';
import { didYouMean } from './suggest.ts';
import { resolveFlow, resolveFlowInParts, type FlowLibrary } from './resolve-flow.ts';

interface Origin<T> {
  readonly value: T;
  /** Id of the flow or fragment that holds it. */
  readonly origin: string;
}

function addAll<T>(
  into: Map<string, Origin<T>>,
  from: Record<string, T> | undefined,
  origin: string,
  what: string,
  includePath: string,
  flowId: string,
): void {
  for (const [id, value] of Object.entries(from ?? {})) {
    const existing = into.get(id);
    // The same library modal opened by a flow and by a fragment it includes is one modal.
    if (existing !== undefined && JSON.stringify(existing.value) === JSON.stringify(value)) continue;
    if (existing !== undefined) {
      throw new FlowError(
        'fragment-clash',
        `The ${what} "${id}" of "${origin}" clashes with the ${what} "${id}" of "${existing.origin}": rename one of them.`,
        includePath,
        flowId,
      );
    }
    into.set(id, { value, origin });
  }
}

/**
 * The steps and modals of `fragment` with its parameters bound to what `host` passes (else the
 * defaults). Throws on a passed name the fragment does not declare, a reference to an
 * undeclared name, or a parameter without default that the host does not pass.
 */
function bindFragment(fragment: Flow, host: Flow, name: string, at: string): Pick<Flow, 'steps' | 'modals'> {
  const passed = passedParams(host, name);
  const binding = bindParams(fragment, passed);
  const declared = Object.keys(declaredParams(fragment));
  const [unknown] = binding.unknown;
  const unknownProblem =
    unknown === undefined
      ? undefined
      : checkPassedParam(name, unknown, declared, ['includeParams', name, unknown]);
  if (unknownProblem !== undefined)
    throw new FlowError(
      unknownProblem.code,
      unknownProblem.message,
      pointer('/includeParams', name, unknown!),
      host.id,
    );
  const [undeclared] = binding.undeclared;
  const undeclaredProblem =
    undeclared === undefined ? undefined : checkParamUse(undeclared.name, declared, undeclared.path);
  if (undeclaredProblem !== undefined)
    throw new FlowError(
      undeclaredProblem.code,
      undeclaredProblem.message,
      pointer('', ...undeclared!.path),
      fragment.id,
    );
  const [missing] = binding.missing;
  const missingProblem = missing === undefined ? undefined : checkParamGiven(name, missing, false, []);
  if (missingProblem !== undefined)
    throw new FlowError(missingProblem.code, missingProblem.message, at, host.id);
  return substituteParams({ steps: fragment.steps, modals: fragment.modals }, binding.values);
}

/**
 * A fragment that counts its own progress (`progress.total`, e.g. the signature's dots 1-3)
 * keeps that count inside any flow: its steps that show progress get the fragment's total
 * unless they name their own.
 */
function withProgressTotal(
  steps: Record<string, Step> | undefined,
  progress: { total: number; title?: string } | undefined,
): Record<string, Step> | undefined {
  if (steps === undefined || progress === undefined) return steps;
  const { total, title } = progress;
  return Object.fromEntries(
    Object.entries(steps).map(([id, step]) => [
      id,
      step.progress === undefined
        ? step
        : {
            ...step,
            ...(step.progressTotal === undefined ? { progressTotal: total } : {}),
            ...(title !== undefined && step.progressTitle === undefined ? { progressTitle: title } : {}),
          },
    ]),
  );
}

/**
 * Merges the steps and modals of the flow and, recursively, of every fragment it includes (each
 * resolved and bound to its host's parameters), stopping before each fragment: a product
 * including several fragments took 8–12 ms here in one part.
 */
function* merge(
  flow: Flow,
  library: FlowLibrary,
): Generator<void, { steps: Map<string, Origin<Step>>; modals: Map<string, Origin<Modal>> }, void> {
  const fragments: Record<string, Flow> = {};
  const fragmentOf = (name: string): Flow | undefined => {
    if (!Object.hasOwn(library, name)) return undefined;
    return (fragments[name] ??= resolveFlow(library[name], library, name).flow);
  };
  const steps = new Map<string, Origin<Step>>();
  const modals = new Map<string, Origin<Modal>>();
  const seen = new Set<string>([flow.id]);
  // A fragment compiled on its own (the linter does) plays with its defaults.
  const own = substituteParams({ steps: flow.steps, modals: flow.modals }, defaultValues(flow));
  addAll(steps, own.steps, flow.id, 'step', '/steps', flow.id);
  addAll(modals, own.modals, flow.id, 'modal', '/modals', flow.id);
  function* visit(host: Flow): Generator<void, void, void> {
    for (const name of Object.keys(host.includeParams ?? {})) {
      const problem = checkParamsTarget(name, host.include ?? [], ['includeParams', name]);
      if (problem !== undefined)
        throw new FlowError(problem.code, problem.message, pointer('/includeParams', name), host.id);
    }
    const include = host.include ?? [];
    for (let i = 0; i < include.length; i++) {
      const name = include[i]!;
      const at = pointer('/include', i);
      yield;
      const fragment = fragmentOf(name);
      if (fragment === undefined) {
        const problem = checkFragmentRef(name, new Set(Object.keys(library)), ['include', i])!;
        throw new FlowError(problem.code, problem.message, at, host.id);
      }
      if (seen.has(name)) continue;
      seen.add(name);
      const bound = bindFragment(fragment, host, name, at);
      addAll(steps, withProgressTotal(bound.steps, fragment.progress), name, 'step', at, host.id);
      addAll(modals, bound.modals, name, 'modal', at, host.id);
      yield* visit(fragment);
    }
  }
  yield* visit(flow);
  return { steps, modals };
}

function splitPath(
  endpoint: EndpointDef,
  call: CallSpec,
  path: string,
  origin: string,
): (string | Evaluator)[] {
  const parts: (string | Evaluator)[] = [];
  const given = call.path ?? {};
  const names: string[] = [];
  const re = /\{([^}]+)\}/g;
  let last = 0;
  for (let m = re.exec(endpoint.path); m !== null; m = re.exec(endpoint.path)) {
    const name = m[1]!;
    names.push(name);
    parts.push(endpoint.path.slice(last, m.index));
    if (!Object.hasOwn(given, name)) {
      throw new FlowError(
        'missing-placeholder',
        `The endpoint "${endpoint.id}" (${endpoint.method} ${endpoint.path}) needs a value for "{${name}}": add "${name}" to this call's "path", e.g. "path": { "${name}": { "var": "context.${name}" } }.`,
        pointer(path, 'path'),
        origin,
      );
    }
    parts.push(compileLogic(given[name]!, pointer(path, 'path', name), origin));
    last = m.index + m[0].length;
  }
  parts.push(endpoint.path.slice(last));
  for (const name of Object.keys(given)) {
    if (!names.includes(name)) {
      throw new FlowError(
        'unknown-placeholder',
        `The endpoint "${endpoint.id}" (${endpoint.path}) has no placeholder "{${name}}".${didYouMean(name, names)}${names.length ? '' : ' Remove "path" from this call.'}`,
        pointer(path, 'path', name),
        origin,
      );
    }
  }
  return parts.filter((part) => part !== '');
}

function compileCall(
  trigger: string,
  call: CallSpec,
  path: string,
  endpoints: Readonly<Record<string, EndpointDef>>,
  scope: CompileScope,
): CompiledCall {
  const endpoint = Object.hasOwn(endpoints, call.endpoint) ? endpoints[call.endpoint] : undefined;
  if (endpoint === undefined) {
    const known = new Set(Object.keys(endpoints));
    const problem = checkEndpointRef(call.endpoint, known, [...pointerPath(path), 'endpoint'])!;
    throw new FlowError(problem.code, problem.message, pointer(path, 'endpoint'), scope.origin);
  }
  const body = call.body;
  return {
    spec: call,
    trigger,
    endpoint,
    pathParts: splitPath(endpoint, call, path, scope.origin),
    query: compileMap(call.query, pointer(path, 'query'), scope.origin),
    body:
      endpoint.method === 'GET'
        ? null
        : {
            from: body?.from ?? [],
            with: compileMap(body?.with, pointer(path, 'body', 'with'), scope.origin),
            // What `with` sets is always sent: `pick` chooses what to take from `from`, so a
            // field is written once (in `with`), never also in `pick`.
            pick:
              body?.pick === undefined
                ? null
                : [...body.pick, ...Object.keys(body.with ?? {}).filter((k) => !body.pick!.includes(k))],
          },
    assign: compileMap(call.assign, pointer(path, 'assign'), scope.origin),
    outcome: compileOutcome(
      call.outcome,
      call.outcome.on ?? endpoint.codeField,
      pointer(path, 'outcome'),
      scope,
    ),
  };
}

function compileStep(
  id: string,
  step: Step,
  endpoints: Readonly<Record<string, EndpointDef>>,
  scope: CompileScope,
): CompiledStep {
  const at = pointer('/steps', id);
  const calls = new Map<string, CompiledCall>();
  for (const [trigger, call] of Object.entries(step.calls ?? {})) {
    calls.set(trigger, compileCall(trigger, call, pointer(at, 'calls', trigger), endpoints, scope));
  }
  const timers: CompiledTimer[] = [];
  (step.timers ?? []).forEach((timer, i) => {
    const tp = pointer(at, 'timers', i);
    if (timers.some((t) => t.id === timer.id)) {
      throw new FlowError(
        'duplicate-timer',
        `The step "${id}" has two timers with the id "${timer.id}": give each its own id.`,
        pointer(tp, 'id'),
        scope.origin,
      );
    }
    timers.push({ id: timer.id, ms: timer.ms, do: compileAction(timer.do, pointer(tp, 'do'), scope) });
  });
  const wait = step.wait;
  const wp = pointer(at, 'wait');
  return {
    id,
    step,
    origin: scope.origin,
    calls,
    next: step.next === undefined ? null : compileAction(step.next, pointer(at, 'next'), scope),
    timers,
    wait:
      wait === undefined
        ? null
        : {
            spec: wait,
            room: compileLogic(wait.room, pointer(wp, 'room'), scope.origin),
            assign: compileMap(wait.assign, pointer(wp, 'assign'), scope.origin),
            outcome: compileOutcome(wait.outcome, wait.outcome.on ?? null, pointer(wp, 'outcome'), scope),
            timeout: compileAction(wait.timeout, pointer(wp, 'timeout'), scope),
          },
  };
}

function compileModal(id: string, modal: Modal, scope: CompileScope): CompiledModal {
  const at = pointer('/modals', id);
  return {
    id,
    modal,
    origin: scope.origin,
    onClose: modal.onClose === undefined ? null : compileAction(modal.onClose, pointer(at, 'onClose'), scope),
    buttons: (modal.buttons ?? []).map((button, i) =>
      compileAction(button.action, pointer(at, 'buttons', i, 'action'), scope),
    ),
  };
}

/**
 * Compiles a flow for `start` and `transition`.
 *
 * @param flow the flow file
 * @param endpoints the endpoint registry (`ENDPOINTS` from `endpoints.ts`, or a test double)
 * @param library the other flow files by name (their id, or their path under `flows/`): the fragments
 *   `flow.include` names (their steps and modals are merged in), the flows `extends` names and
 *   the modal library `modals/*` (see `resolveFlow`)
 * @throws FlowError on an unknown step, modal, endpoint, fragment or operator, a missing or
 *   unknown path placeholder, a fragment parameter passed but not declared, referenced but not
 *   declared, or without default and not passed, a step or modal id defined twice, `cases` with no code field,
 *   or an action that does more than one thing
 */
export function compileFlow(
  flow: Flow,
  endpoints: Readonly<Record<string, EndpointDef>>,
  library: FlowLibrary = {},
): CompiledFlow {
  const work = compileFlowInParts(flow, endpoints, library);
  let next = work.next();
  while (!next.done) next = work.next();
  return next.value;
}

/**
 * `compileFlow` in parts: the generator stops between the phases of resolving the flow, before
 * each fragment it merges and after each step and modal, so a caller that must not block (the
 * browser, while it takes over the first screen) can do other work between parts. Same result,
 * same errors.
 */
export function* compileFlowInParts(
  flow: Flow,
  endpoints: Readonly<Record<string, EndpointDef>>,
  library: FlowLibrary = {},
): Generator<void, CompiledFlow, void> {
  flow = (yield* resolveFlowInParts(flow, library)).flow;
  yield;
  const merged = yield* merge(flow, library);
  yield;
  const actions = new Map<string, CompiledAction>();
  const stepIds = new Set(merged.steps.keys());
  const modalIds = new Set(merged.modals.keys());
  const scopeFor = (origin: string): CompileScope => ({ stepIds, modalIds, origin, actions });
  if (!stepIds.has(flow.start)) {
    throw new FlowError(
      'unknown-step',
      `"start" names the step "${flow.start}", which this flow does not have.${didYouMean(flow.start, stepIds)}`,
      '/start',
      flow.id,
    );
  }
  for (const [param, target] of Object.entries(flow.startFrom ?? {})) {
    if (!(flow.params ?? []).includes(param))
      throw new FlowError(
        'unknown-parameter',
        `"startFrom" names the URL parameter "${param}", which "params" does not list: add it to "params".`,
        `/startFrom/${param}`,
        flow.id,
      );
    if (!stepIds.has(target))
      throw new FlowError(
        'unknown-step',
        `"startFrom" starts at the step "${target}", which this flow does not have.${didYouMean(target, stepIds)}`,
        `/startFrom/${param}`,
        flow.id,
      );
  }
  const steps = new Map<string, CompiledStep>();
  for (const [id, { value, origin }] of merged.steps) {
    steps.set(id, compileStep(id, value, endpoints, scopeFor(origin)));
    yield;
  }
  const modals = new Map<string, CompiledModal>();
  for (const [id, { value, origin }] of merged.modals) {
    modals.set(id, compileModal(id, value, scopeFor(origin)));
    yield;
  }
  const mergedFlow: Flow = {
    ...flow,
    steps: Object.fromEntries([...merged.steps].map(([id, s]) => [id, s.value])),
    modals: Object.fromEntries([...merged.modals].map(([id, m]) => [id, m.value])),
  };
  return {
    id: flow.id,
    flow: mergedFlow,
    start: flow.start,
    params: flow.params ?? [],
    context: flow.context ?? {},
    steps,
    modals,
    actions,
  };
}
