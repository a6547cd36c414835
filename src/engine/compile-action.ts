/**
 * Compiling the parts of a flow that decide what happens next: actions, outcomes (rules
 * first, then the `cases` table, then `else`) and `set`/`assign` maps.
 */
import type { Action, Logic, Outcome } from './flow-types.ts';
import type { ActionKind, CompiledAction, CompiledOutcome, CompiledRule } from './compiled-types.ts';
import { FlowError, pointer, pointerPath } from './flow-error.ts';
import { checkModalRef, checkStepRef } from './flow-checks.ts';
import { compileLogic, type Evaluator } from './logic.ts';

/** What compiling needs to know about the whole flow. */
export interface CompileScope {
  readonly stepIds: ReadonlySet<string>;
  readonly modalIds: ReadonlySet<string>;
  /** Id of the flow or fragment the part being compiled was written in (for errors). */
  readonly origin: string;
  /** Receives every compiled action by its pointer. */
  readonly actions: Map<string, CompiledAction>;
}

const TERMINALS = ['goto', 'modal', 'reset', 'home', 'reload', 'redirect', 'back'] as const;

/** Compiles `key → json-logic` maps (`set`, `assign`, `with`, `query`). */
export function compileMap(
  map: Record<string, Logic> | undefined,
  path: string,
  origin: string,
): (readonly [string, Evaluator])[] {
  if (map === undefined) return [];
  return Object.entries(map).map(
    ([key, logic]) => [key, compileLogic(logic, pointer(path, key), origin)] as const,
  );
}

/** Compiles one action, checking that the step or modal it names exists. */
export function compileAction(action: Action, path: string, scope: CompileScope): CompiledAction {
  const terminals = TERMINALS.filter((key) => {
    const value: unknown = action[key];
    return value !== undefined && value !== false;
  });
  if (terminals.length > 1) {
    throw new FlowError(
      'conflicting-action',
      `An action does at most one of ${TERMINALS.join(', ')}; this one has ${terminals.join(' and ')}. Keep one, or put the next one in a modal's "then".`,
      path,
      scope.origin,
    );
  }
  const kind: ActionKind = terminals[0] ?? 'stay';
  let target: string | undefined;
  if (kind === 'goto') {
    target = action.goto!;
    const problem = checkStepRef(target, scope.stepIds, [...pointerPath(path), 'goto']);
    if (problem) throw new FlowError(problem.code, problem.message, pointer(path, 'goto'), scope.origin);
  } else if (kind === 'modal') {
    target = action.modal!;
    const problem = checkModalRef(target, scope.modalIds, [...pointerPath(path), 'modal']);
    if (problem) throw new FlowError(problem.code, problem.message, pointer(path, 'modal'), scope.origin);
  } else if (kind === 'redirect') {
    target = action.redirect;
  }
  if (action.carry && (kind !== 'redirect' || !target?.startsWith('/')))
    throw new FlowError(
      'carry-without-route',
      '"carry" hands what was typed to the flow of another route of this site: use it with a "redirect" to a path such as "/renovacion".',
      pointer(path, 'carry'),
      scope.origin,
    );
  const compiled: CompiledAction = {
    source: action,
    path,
    set: compileMap(action.set, pointer(path, 'set'), scope.origin),
    track: action.track,
    kind,
    target,
    then: action.then === undefined ? null : compileAction(action.then, pointer(path, 'then'), scope),
  };
  scope.actions.set(path, compiled);
  return compiled;
}

/**
 * Compiles an outcome into ordered rules: the json-logic `rules` as written, then one rule per
 * `cases` entry (compared loosely as strings with the code at `on`), then `else`.
 */
export function compileOutcome(
  outcome: Outcome,
  on: string | null,
  path: string,
  scope: CompileScope,
): CompiledOutcome {
  const rules: CompiledRule[] = (outcome.rules ?? []).map((rule, i) => ({
    if: rule.if,
    test: compileLogic(rule.if, pointer(path, 'rules', i, 'if'), scope.origin),
    then: compileAction(rule.then, pointer(path, 'rules', i, 'then'), scope),
    code: undefined,
    path: pointer(path, 'rules', i),
  }));
  const cases = Object.entries(outcome.cases ?? {});
  if (cases.length > 0 && on === null) {
    throw new FlowError(
      'no-code-field',
      'This outcome has "cases" but no code to compare them with: the endpoint names no code field, so set "on" to the response field that carries the code.',
      pointer(path, 'cases'),
      scope.origin,
    );
  }
  for (const [code, action] of cases) {
    rules.push({
      if: { codeIn: [{ var: `response.${on}` }, [code]] },
      test: undefined,
      then: compileAction(action, pointer(path, 'cases', code), scope),
      code,
      path: pointer(path, 'cases', code),
    });
  }
  return {
    on,
    rules,
    else: compileAction(outcome.else, pointer(path, 'else'), scope),
    onError:
      outcome.onError === undefined ? null : compileAction(outcome.onError, pointer(path, 'onError'), scope),
  };
}
