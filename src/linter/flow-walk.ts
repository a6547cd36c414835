/**
 * Tolerant walkers over a flow's data. Files may be malformed (the schema rule says how), so
 * every walker checks shapes instead of trusting the types, and hands out JSON paths.
 */
import type { PathSegment } from './types.ts';

export type Path = readonly PathSegment[];
export type Obj = Record<string, unknown>;

export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Entries of an object-valued property, or none. */
export function entriesOf(value: unknown): [string, Obj][] {
  if (!isObj(value)) return [];
  return Object.entries(value).filter((e): e is [string, Obj] => isObj(e[1]));
}

/** Where a piece of a flow sits: its step or modal, and the call or wait it belongs to. */
export interface Where {
  stepId?: string;
  step?: Obj;
  modalId?: string;
  /** The endpoint id of the call whose outcome this is in. */
  endpoint?: string;
  /** True inside a socket wait (its `response` is the socket message). */
  wait?: boolean;
}

/** Visits an action and the actions nested in it (`then`). */
function walkAction(
  action: unknown,
  path: Path,
  where: Where,
  visit: (a: Obj, p: Path, w: Where) => void,
): void {
  if (!isObj(action)) return;
  visit(action, path, where);
  if (action.then !== undefined) walkAction(action.then, [...path, 'then'], where, visit);
}

/** Visits the actions of an outcome (rules, cases, else, onError). */
function walkOutcomeActions(
  outcome: unknown,
  path: Path,
  where: Where,
  visit: (a: Obj, p: Path, w: Where) => void,
): void {
  if (!isObj(outcome)) return;
  if (Array.isArray(outcome.rules)) {
    outcome.rules.forEach((rule, i) => {
      if (isObj(rule)) walkAction(rule.then, [...path, 'rules', i, 'then'], where, visit);
    });
  }
  for (const [code, action] of entriesOf(outcome.cases))
    walkAction(action, [...path, 'cases', code], where, visit);
  walkAction(outcome.else, [...path, 'else'], where, visit);
  walkAction(outcome.onError, [...path, 'onError'], where, visit);
}

/** An outcome of a call or a wait, with where it is. */
export interface OutcomeSite {
  outcome: Obj;
  path: Path;
  where: Where;
  /** The call it belongs to (absent for a wait). */
  call?: Obj;
}

/** Every outcome of the flow: one per call, one per wait. */
export function outcomesOf(flow: Obj): OutcomeSite[] {
  const sites: OutcomeSite[] = [];
  for (const [stepId, step] of entriesOf(flow.steps)) {
    for (const [trigger, call] of entriesOf(step.calls)) {
      const endpoint = typeof call.endpoint === 'string' ? call.endpoint : undefined;
      if (isObj(call.outcome)) {
        sites.push({
          outcome: call.outcome,
          path: ['steps', stepId, 'calls', trigger, 'outcome'],
          where: { stepId, step, endpoint },
          call,
        });
      }
    }
    if (isObj(step.wait) && isObj(step.wait.outcome)) {
      sites.push({
        outcome: step.wait.outcome,
        path: ['steps', stepId, 'wait', 'outcome'],
        where: { stepId, step, wait: true },
      });
    }
  }
  return sites;
}

/** Calls every action in the flow: outcomes, next, wait timeout, timers, modal buttons and onClose, nested `then`. */
export function forEachAction(flow: Obj, visit: (action: Obj, path: Path, where: Where) => void): void {
  for (const [stepId, step] of entriesOf(flow.steps)) {
    const base: Path = ['steps', stepId];
    const where: Where = { stepId, step };
    for (const [trigger, call] of entriesOf(step.calls)) {
      const endpoint = typeof call.endpoint === 'string' ? call.endpoint : undefined;
      walkOutcomeActions(call.outcome, [...base, 'calls', trigger, 'outcome'], { ...where, endpoint }, visit);
    }
    walkAction(step.next, [...base, 'next'], where, visit);
    if (isObj(step.wait)) {
      walkOutcomeActions(step.wait.outcome, [...base, 'wait', 'outcome'], { ...where, wait: true }, visit);
      walkAction(step.wait.timeout, [...base, 'wait', 'timeout'], where, visit);
    }
    if (Array.isArray(step.timers)) {
      step.timers.forEach((timer, i) => {
        if (isObj(timer)) walkAction(timer.do, [...base, 'timers', i, 'do'], where, visit);
      });
    }
  }
  for (const [modalId, modal] of entriesOf(flow.modals)) {
    const where: Where = { modalId };
    if (Array.isArray(modal.buttons)) {
      modal.buttons.forEach((button, i) => {
        if (isObj(button))
          walkAction(button.action, ['modals', modalId, 'buttons', i, 'action'], where, visit);
      });
    }
    walkAction(modal.onClose, ['modals', modalId, 'onClose'], where, visit);
  }
}

/** The scopes (`var` roots) the engine offers to a json-logic expression at a given place. */
export type ScopeKind = 'outcome' | 'request' | 'wait-room';

/** A json-logic expression of the flow, with the scopes it may read. */
export interface LogicSite {
  logic: unknown;
  path: Path;
  where: Where;
  kind: ScopeKind;
}

function pushValues(sites: LogicSite[], map: unknown, path: Path, where: Where, kind: ScopeKind): void {
  if (!isObj(map)) return;
  for (const [key, logic] of Object.entries(map)) sites.push({ logic, path: [...path, key], where, kind });
}

/** Every json-logic expression of the flow: rule conditions, `set`, `assign`, request building, wait room. */
export function logicSitesOf(flow: Obj): LogicSite[] {
  const sites: LogicSite[] = [];
  forEachAction(flow, (action, path, where) =>
    pushValues(sites, action.set, [...path, 'set'], where, 'outcome'),
  );
  for (const site of outcomesOf(flow)) {
    if (Array.isArray(site.outcome.rules)) {
      site.outcome.rules.forEach((rule, i) => {
        if (isObj(rule) && 'if' in rule)
          sites.push({
            logic: rule.if,
            path: [...site.path, 'rules', i, 'if'],
            where: site.where,
            kind: 'outcome',
          });
      });
    }
  }
  for (const [stepId, step] of entriesOf(flow.steps)) {
    const where: Where = { stepId, step };
    for (const [trigger, call] of entriesOf(step.calls)) {
      const base: Path = ['steps', stepId, 'calls', trigger];
      const endpoint = typeof call.endpoint === 'string' ? call.endpoint : undefined;
      pushValues(sites, call.path, [...base, 'path'], where, 'request');
      pushValues(sites, call.query, [...base, 'query'], where, 'request');
      if (isObj(call.body)) pushValues(sites, call.body.with, [...base, 'body', 'with'], where, 'request');
      pushValues(sites, call.assign, [...base, 'assign'], { ...where, endpoint }, 'outcome');
    }
    if (isObj(step.wait)) {
      const base: Path = ['steps', stepId, 'wait'];
      if ('room' in step.wait)
        sites.push({ logic: step.wait.room, path: [...base, 'room'], where, kind: 'wait-room' });
      pushValues(sites, step.wait.assign, [...base, 'assign'], { ...where, wait: true }, 'outcome');
    }
  }
  return sites;
}

/** One operator application inside a json-logic expression. */
export interface Operation {
  operator: string;
  args: unknown;
  /** Path of the operator's key. */
  path: Path;
}

/**
 * Every operation inside a json-logic expression. An object with exactly one key is an
 * operation (as json-logic reads it); objects with several keys are data.
 */
export function operationsOf(logic: unknown, path: Path): Operation[] {
  const out: Operation[] = [];
  const walk = (node: unknown, p: Path): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, [...p, i]));
      return;
    }
    if (!isObj(node)) return;
    const keys = Object.keys(node);
    if (keys.length !== 1) return;
    const operator = keys[0] ?? '';
    out.push({ operator, args: node[operator], path: [...p, operator] });
    walk(node[operator], [...p, operator]);
  };
  walk(logic, path);
  return out;
}

/** True when an action moves the applicant somewhere or shows something (not a bare stay). */
export function actionMoves(action: unknown): boolean {
  if (!isObj(action)) return false;
  return ['goto', 'modal', 'reset', 'home', 'reload', 'redirect', 'back'].some(
    (k) => action[k] !== undefined && action[k] !== false,
  );
}
