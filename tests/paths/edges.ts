/**
 * The edges of a compiled flow that path tests must play: for every step and every call it
 * makes, each code the call can answer (the endpoint registry's `codes`) and each json-logic
 * rule of its outcome; for a socket wait, each code its table names, each rule and the
 * timeout; for a call whose answer carries no code, the answer itself; and each timer.
 * Every edge knows where the analyst wrote it (file:line), for the uncovered list.
 */
import type { CompiledFlow, CompiledOutcome, CompiledStep } from '../../src/engine/index.ts';
import type { Outcome } from '../../src/engine/flow-types.ts';
import { fromPointer, nodeAt, positionAt } from '../../src/linter/json-position.ts';
import type { ParsedFlow } from '../../src/linter/types.ts';

export type EdgeKind = 'code' | 'rule' | 'answer' | 'timeout' | 'timer';

export interface Edge {
  /** Stable id: `flow|step|trigger|what` (trigger `wait` for a socket wait, `timer` for timers). */
  id: string;
  flow: string;
  step: string;
  trigger: string;
  kind: EdgeKind;
  /** The code (kind `code`), rule pointer (`rule`) or timer id (`timer`). */
  what: string;
  /** `flows/moto.json:123`: the case, rule, `else` or timer that handles it. */
  at: string;
  /**
   * Set on a code the call's `answers` leaves out (the linter's `unreachable-code`), or on a rule
   * that says it is `unreachable`: why the service cannot answer it here, and where that is
   * written. Such an edge is explained, not played.
   */
  unreachable?: { why: string; at: string; by: 'answers' | 'rule' };
}

export const edgeId = (flow: string, step: string, trigger: string, what: string): string =>
  `${flow}|${step}|${trigger}|${what}`;

/** `file:line` of a JSON pointer in the file that wrote `origin`. */
function locate(files: ReadonlyMap<string, ParsedFlow>, origin: string, pointer: string): string {
  const file = files.get(origin);
  if (file === undefined) return `${origin}${pointer}`;
  const node = nodeAt(file.tree, fromPointer(pointer));
  const { line } = positionAt(file.lineStarts, node?.offset ?? 0);
  return `${file.path}:${line}`;
}

function outcomeEdges(
  flow: CompiledFlow,
  step: CompiledStep,
  trigger: string,
  outcome: CompiledOutcome,
  codes: readonly string[],
  at: (pointer: string) => string,
): Edge[] {
  const edge = (kind: EdgeKind, what: string, pointer: string): Edge => ({
    id: edgeId(
      flow.id,
      step.id,
      trigger,
      kind === 'code' ? `code:${what}` : kind === 'rule' ? `rule:${what}` : kind,
    ),
    flow: flow.id,
    step: step.id,
    trigger,
    kind,
    what,
    at: at(pointer),
  });
  const out: Edge[] = [];
  for (const code of codes) {
    const rule = outcome.rules.find((r) => r.code === code);
    out.push(edge('code', code, rule?.path ?? outcome.else.path));
  }
  for (const rule of outcome.rules) if (rule.test !== undefined) out.push(edge('rule', rule.path, rule.path));
  if (codes.length === 0) out.push(edge('answer', '', outcome.else.path));
  return out;
}

/**
 * The json-logic rules of an outcome that say why they can never hold (`unreachable`), by the
 * rule's pointer: the compiled rules keep the written ones' order (cases come after them).
 */
export function declaredUnreachable(outcome: CompiledOutcome, written: Outcome): Map<string, string> {
  const out = new Map<string, string>();
  const rules = written.rules ?? [];
  outcome.rules
    .filter((r) => r.test !== undefined)
    .forEach((r, i) => {
      const why = rules[i]?.unreachable;
      if (why !== undefined) out.set(r.path, why);
    });
  return out;
}

function explainRules(edges: Edge[], declared: ReadonlyMap<string, string>): void {
  for (const e of edges) {
    const why = e.kind === 'rule' ? declared.get(e.what) : undefined;
    if (why !== undefined) e.unreachable = { why, at: e.at, by: 'rule' };
  }
}

/** Every edge of `flow`, in step order. */
export function edgesOf(flow: CompiledFlow, files: ReadonlyMap<string, ParsedFlow>): Edge[] {
  const out: Edge[] = [];
  for (const step of flow.steps.values()) {
    const at = (pointer: string): string => locate(files, step.origin, pointer);
    for (const [trigger, call] of step.calls) {
      // The registry's codes hold for the endpoint's own code field; a table read on another
      // field names its own codes.
      const onOwnField = call.outcome.on === call.endpoint.codeField;
      const codes =
        call.outcome.on === null
          ? []
          : onOwnField
            ? call.endpoint.codes
            : call.outcome.rules.flatMap((r) => (r.code === undefined ? [] : [r.code]));
      const edges = outcomeEdges(flow, step, trigger, call.outcome, codes, at);
      const answers = call.spec.answers;
      if (answers !== undefined && onOwnField) {
        const declared = at(`/steps/${step.id}/calls/${trigger}/answers`);
        for (const e of edges)
          if (e.kind === 'code' && !answers.codes.includes(e.what))
            e.unreachable = { why: answers.why, at: declared, by: 'answers' };
      }
      explainRules(edges, declaredUnreachable(call.outcome, call.spec.outcome));
      out.push(...edges);
    }
    if (step.wait !== null) {
      const wait = step.wait;
      const codes = wait.outcome.rules.flatMap((r) => (r.code === undefined ? [] : [r.code]));
      const edges = outcomeEdges(flow, step, 'wait', wait.outcome, codes, at);
      explainRules(edges, declaredUnreachable(wait.outcome, wait.spec.outcome));
      out.push(...edges);
      out.push({
        id: edgeId(flow.id, step.id, 'wait', 'timeout'),
        flow: flow.id,
        step: step.id,
        trigger: 'wait',
        kind: 'timeout',
        what: '',
        at: at(wait.timeout.path),
      });
    }
    for (const timer of step.timers) {
      out.push({
        id: edgeId(flow.id, step.id, 'timer', `timer:${timer.id}`),
        flow: flow.id,
        step: step.id,
        trigger: 'timer',
        kind: 'timer',
        what: timer.id,
        at: at(timer.do.path),
      });
    }
  }
  return out;
}
