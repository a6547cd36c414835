/**
 * A picture of a flow for people: steps, modals and exits as nodes, and every way from one to
 * another as an edge labelled with the code, rule, button or event that takes it. Failures,
 * timeouts and timers are dashed. `toMermaid` writes it as a Mermaid flowchart.
 */
import { entriesOf, isObj, type Obj } from './flow-walk.ts';

export interface GraphNode {
  id: string;
  kind: 'step' | 'modal' | 'exit';
  label: string;
  final?: boolean;
  start?: boolean;
  /** In a flow that extends another: the variant changes this step or modal, or adds it. */
  variant?: 'overrides' | 'adds';
}

/** What a variant (a flow with `extends`) writes itself, by step and modal id. */
export interface VariantMarks {
  steps: ReadonlyMap<string, 'overrides' | 'adds'>;
  modals: ReadonlyMap<string, 'overrides' | 'adds'>;
}

export interface GraphEdge {
  from: string;
  to: string;
  label: string;
  /** Failures, timeouts and timers. */
  dashed: boolean;
}

export interface FlowGraph {
  id: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Long rule notes make unreadable edges: keep the start. */
const shorten = (s: string): string => (s.length > 48 ? `${s.slice(0, 47)}…` : s);
const safe = (s: string): string => s.replace(/[^A-Za-z0-9_]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
/** An analyst's note, as the last line of a node's label. */
const noteOf = (o: Obj): string[] => (typeof o.note === 'string' ? [`✎ ${shorten(o.note)}`] : []);
export const stepNode = (id: string): string => `s_${safe(id)}`;
export const modalNode = (id: string): string => `m_${safe(id)}`;

/** A short reading of a rule condition for an edge label. */
export function describeCondition(logic: unknown): string {
  if (!isObj(logic)) return JSON.stringify(logic);
  const [op = ''] = Object.keys(logic);
  const args = logic[op];
  if (op === 'var') return String(Array.isArray(args) ? args[0] : args).replace(/^response\./, '');
  if (
    Array.isArray(args) &&
    args.length === 2 &&
    ['==', '===', '!=', '!==', '<', '<=', '>', '>=', 'in'].includes(op)
  ) {
    return `${describeCondition(args[0])} ${op} ${describeCondition(args[1])}`;
  }
  if ((op === 'and' || op === 'or') && Array.isArray(args))
    return args.map(describeCondition).join(` ${op} `);
  if (op === '!') return `not ${describeCondition(Array.isArray(args) ? args[0] : args)}`;
  return `${op}(…)`;
}

/**
 * The graph of a flow, with the steps and modals of the fragments it includes.
 *
 * @param flow the flow object
 * @param fragments the flows it includes (by id), merged in
 * @param codeFieldOf the field that carries an endpoint's code (for the labels of `cases`)
 */
export function buildGraph(
  flow: Obj,
  fragments: readonly Obj[] = [],
  codeFieldOf: (endpoint: string) => string | null | undefined = () => undefined,
  marks?: VariantMarks,
): FlowGraph {
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const start = typeof flow.start === 'string' ? flow.start : '';
  const all = [flow, ...fragments];
  const steps = all.flatMap((f) => entriesOf(f.steps));
  const modals = all.flatMap((f) => entriesOf(f.modals));

  for (const [id, step] of steps) {
    const number = typeof step.number === 'number' ? `${step.number} · ` : '';
    const calls = entriesOf(step.calls).map(([trigger, call]) => `${trigger} → ${String(call.endpoint)}`);
    const label = [`${number}${String(step.view)}`, id, ...calls, ...noteOf(step)].join('\n');
    nodes.set(stepNode(id), {
      id: stepNode(id),
      kind: 'step',
      label,
      final: step.final === true,
      start: id === start,
      variant: marks?.steps.get(id),
    });
  }
  for (const [id, modal] of modals)
    nodes.set(modalNode(id), {
      id: modalNode(id),
      kind: 'modal',
      label: [id, String(modal.kind), ...noteOf(modal)].join('\n'),
      variant: marks?.modals.get(id),
    });

  const exit = (name: string, label: string): string => {
    const id = `x_${safe(name)}`;
    if (!nodes.has(id)) nodes.set(id, { id, kind: 'exit', label });
    return id;
  };
  const edge = (from: string, to: string, label: string, dashed = false): void => {
    const key = `${from}>${to}>${label}>${dashed}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ from, to, label, dashed });
  };
  /** Edges for what an action leads to. */
  const action = (from: string, a: unknown, label: string, dashed = false): void => {
    if (!isObj(a)) return;
    const suffix =
      (typeof a.track === 'string' ? ` (track ${a.track})` : '') +
      (typeof a.note === 'string' ? ` · ${shorten(a.note)}` : '');
    const l = label + suffix;
    if (typeof a.goto === 'string') edge(from, stepNode(a.goto), l, dashed);
    if (typeof a.modal === 'string') {
      const m = modalNode(a.modal);
      edge(from, m, l, dashed);
      if (a.then !== undefined) action(m, a.then, 'close (then)', false);
    }
    if (a.reset === true && start) edge(from, stepNode(start), `${l} · reset`, dashed);
    if (a.home === true) edge(from, exit('home', 'home /'), l, dashed);
    if (a.reload === true) edge(from, exit('reload', 'reload'), l, dashed);
    if (a.back === true) edge(from, exit('back', 'back'), l, dashed);
    if (typeof a.redirect === 'string') edge(from, exit(`to ${a.redirect}`, a.redirect), l, dashed);
  };
  const outcome = (from: string, o: unknown, prefix: string, field: string): void => {
    if (!isObj(o)) return;
    const on = typeof o.on === 'string' ? o.on : field;
    if (Array.isArray(o.rules)) {
      o.rules.forEach((r) => {
        if (isObj(r))
          action(
            from,
            r.then,
            `${prefix}${typeof r.note === 'string' ? shorten(r.note) : describeCondition(r.if)}`,
          );
      });
    }
    for (const [code, a] of entriesOf(o.cases)) action(from, a, `${prefix}${on} = ${code}`);
    action(from, o.else, `${prefix}else`);
    action(from, o.onError, `${prefix}failure`, true);
  };

  for (const [id, step] of steps) {
    const from = stepNode(id);
    for (const [trigger, call] of entriesOf(step.calls)) {
      const field = typeof call.endpoint === 'string' ? codeFieldOf(call.endpoint) : undefined;
      outcome(from, call.outcome, `${trigger}: `, field ?? 'code');
    }
    action(from, step.next, 'next');
    if (isObj(step.wait)) {
      outcome(from, step.wait.outcome, 'socket: ', 'message');
      const s = typeof step.wait.maxMs === 'number' ? ` ${Math.round(step.wait.maxMs / 1000)} s` : '';
      action(from, step.wait.timeout, `timeout${s}`, true);
    }
    if (Array.isArray(step.timers)) {
      for (const t of step.timers)
        if (isObj(t)) action(from, t.do, `timer ${String(t.id)} ${String(t.ms)} ms`, true);
    }
  }
  for (const [id, modal] of modals) {
    const from = modalNode(id);
    if (Array.isArray(modal.buttons)) {
      for (const b of modal.buttons) if (isObj(b)) action(from, b.action, `button ${String(b.label)}`);
    }
    action(from, modal.onClose, 'close');
  }
  return { id: typeof flow.id === 'string' ? flow.id : 'flow', nodes: [...nodes.values()], edges };
}

const text = (s: string): string => `"${s.replace(/"/g, '#quot;').replace(/\n/g, '<br/>')}"`;

/** The graph as a Mermaid flowchart (top-down; modals as hexagons, exits as stadiums, final steps as rounded boxes). */
export function toMermaid(graph: FlowGraph): string {
  const lines = ['flowchart TD'];
  lines.push(
    '  classDef modal fill:#fff4e6,stroke:#f08c00;',
    '  classDef exit fill:#e7f5ff,stroke:#1c7ed6;',
    '  classDef final fill:#ebfbee,stroke:#2f9e44;',
    '  classDef start stroke-width:3px;',
    '  classDef overrides stroke:#c2255c,stroke-width:3px,stroke-dasharray:6 3;',
    '  classDef adds stroke:#c2255c,stroke-width:3px;',
  );
  for (const n of graph.nodes) {
    const shape =
      n.kind === 'modal'
        ? `{{${text(n.label)}}}`
        : n.kind === 'exit'
          ? `([${text(n.label)}])`
          : n.final
            ? `(${text(n.label)})`
            : `[${text(n.label)}]`;
    const cls =
      n.kind === 'modal'
        ? ':::modal'
        : n.kind === 'exit'
          ? ':::exit'
          : n.final
            ? ':::final'
            : n.start
              ? ':::start'
              : '';
    lines.push(`  ${n.id}${shape}${cls}`);
    if (n.variant) lines.push(`  class ${n.id} ${n.variant};`);
  }
  for (const e of graph.edges)
    lines.push(`  ${e.from} ${e.dashed ? '-.->' : '-->'}|${text(e.label)}| ${e.to}`);
  return lines.join('\n') + '\n';
}
