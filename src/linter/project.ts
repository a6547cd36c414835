import { substituteParams } from '../engine/fragment-params.ts';
import { SHARED_PREFIX } from '../engine/resolve-flow.ts';
import { entriesOf, forEachAction, isObj, type Obj } from './flow-walk.ts';
import type { ParsedFlow } from './types.ts';

/** A node of the flow graph: a step or a modal. */
export type GraphNodeId = `step:${string}` | `modal:${string}`;

/**
 * The files of one lint run and how they relate: flow ids, includes (fragments whose steps
 * and modals are merged into the including flow), and the names each file may refer to.
 */
export class FlowProject {
  /** Every flow by id: the linted files first, then the library. */
  readonly byId = new Map<string, ParsedFlow>();
  /** The linted files and then the library files (not reported on). */
  readonly all: readonly ParsedFlow[];
  private readonly includers = new Map<string, Set<string>>();
  /** Fragments with parameters bound for each viewer (see {@link dataFor}). */
  private readonly bound = new Map<ParsedFlow, Map<ParsedFlow, Obj>>();
  /** Answers already computed, per file and question: rules ask the same ones many times. */
  private readonly memo = new Map<string, Map<ParsedFlow, unknown>>();

  private cached<T>(question: string, file: ParsedFlow, compute: () => T): T {
    let byFile = this.memo.get(question);
    if (!byFile) this.memo.set(question, (byFile = new Map<ParsedFlow, unknown>()));
    if (!byFile.has(file)) byFile.set(file, compute());
    return byFile.get(file) as T;
  }

  constructor(
    readonly files: readonly ParsedFlow[],
    library: readonly ParsedFlow[] = [],
  ) {
    this.all = [...files, ...library];
    for (const file of [...library, ...files]) {
      const id = flowId(file);
      if (id !== undefined) this.byId.set(id, file);
      // A fragment in a folder is included by its path under flows/ (`fragments/firma`).
      const name = includeNameOf(file.path);
      if (name !== undefined && name.includes('/') && !this.byId.has(name)) this.byId.set(name, file);
    }
    for (const file of this.byId.values()) {
      const id = flowId(file);
      for (const inc of includesOf(file)) {
        if (id === undefined) continue;
        const set = this.includers.get(inc) ?? new Set<string>();
        set.add(id);
        this.includers.set(inc, set);
      }
    }
  }

  /** The flows `file` includes, transitively (ids that resolve to a file). */
  included(file: ParsedFlow): ParsedFlow[] {
    const seen = new Set<ParsedFlow>([file]);
    const queue = [file];
    const out: ParsedFlow[] = [];
    while (queue.length > 0) {
      const cur = queue.shift()!;
      for (const inc of includesOf(cur)) {
        const f = this.byId.get(inc);
        if (f && !seen.has(f)) {
          seen.add(f);
          out.push(f);
          queue.push(f);
        }
      }
    }
    return out;
  }

  /** The flows that include `file`, transitively. */
  includedBy(file: ParsedFlow): ParsedFlow[] {
    const out: ParsedFlow[] = [];
    const seen = new Set<ParsedFlow>([file]);
    const queue = [file];
    while (queue.length > 0) {
      const cur = queue.shift()!;
      // Hosts name a fragment by id or, in a folder, by its path under flows/.
      const names = [flowId(cur), includeNameOf(cur.path)].filter((n): n is string => n !== undefined);
      const hosts = new Set(names.flatMap((n) => [...(this.includers.get(n) ?? [])]));
      for (const host of hosts) {
        const f = this.byId.get(host);
        if (f && !seen.has(f)) {
          seen.add(f);
          out.push(f);
          queue.push(f);
        }
      }
    }
    return out;
  }

  /**
   * The flows whose steps and modals `file` may name: itself, what it includes, and — for a
   * fragment — the flows that include it and their other fragments.
   */
  scope(file: ParsedFlow): ParsedFlow[] {
    return this.cached('scope', file, () => {
      const out = new Set<ParsedFlow>([file, ...this.included(file)]);
      for (const host of this.includedBy(file)) {
        out.add(host);
        for (const f of this.included(host)) out.add(f);
      }
      return [...out];
    });
  }

  /** The name `host` includes `fragment` by (its id or its path under flows/), if it includes it directly. */
  includeName(host: ParsedFlow, fragment: ParsedFlow): string | undefined {
    return includesOf(host).find((name) => this.byId.get(name) === fragment);
  }

  /**
   * The flow object of `f` as `viewer` sees it: a fragment with `parameters` has its `"$name"`
   * values replaced by what `viewer` passes in `includeParams` when `viewer` includes it, else
   * by its defaults (a reference without a value stays as written). Paths are unchanged.
   */
  dataFor(f: ParsedFlow, viewer: ParsedFlow): Obj | null {
    const flow = asFlow(f);
    if (!flow || !isObj(flow.parameters)) return flow;
    let byViewer = this.bound.get(f);
    if (!byViewer) this.bound.set(f, (byViewer = new Map<ParsedFlow, Obj>()));
    const known = byViewer.get(viewer);
    if (known) return known;
    const values = paramDefaults(flow);
    const name = viewer === f ? undefined : this.includeName(viewer, f);
    const passed = name === undefined ? undefined : passedTo(asFlow(viewer), name);
    for (const [k, v] of Object.entries(passed ?? {})) if (Object.hasOwn(flow.parameters, k)) values[k] = v;
    const out = {
      ...flow,
      steps: substituteParams(flow.steps, values),
      modals: substituteParams(flow.modals, values),
    };
    byViewer.set(viewer, out);
    return out;
  }

  /** Step ids `file` may name. */
  stepIds(file: ParsedFlow): Set<string> {
    return this.cached('stepIds', file, () => {
      return new Set(this.scope(file).flatMap((f) => entriesOf(asFlow(f)?.steps).map(([id]) => id)));
    });
  }

  /** Modal ids `file` may name. */
  modalIds(file: ParsedFlow): Set<string> {
    return this.cached('modalIds', file, () => {
      return new Set(this.scope(file).flatMap((f) => entriesOf(asFlow(f)?.modals).map(([id]) => id)));
    });
  }

  /**
   * Context keys known to `file`: context defaults, URL parameters, and every key a `set` or
   * an `assign` writes, anywhere in its scope.
   */
  contextKeys(file: ParsedFlow): Set<string> {
    return this.cached('contextKeys', file, () => {
      const keys = new Set<string>();
      for (const f of this.scope(file)) {
        const flow = this.dataFor(f, file);
        if (!flow) continue;
        if (isObj(flow.context)) Object.keys(flow.context).forEach((k) => keys.add(k));
        if (Array.isArray(flow.params)) flow.params.forEach((p) => typeof p === 'string' && keys.add(p));
        forEachAction(flow, (action) => {
          if (isObj(action.set)) Object.keys(action.set).forEach((k) => keys.add(k));
        });
        for (const [, step] of entriesOf(flow.steps)) {
          for (const [, call] of entriesOf(step.calls))
            if (isObj(call.assign)) Object.keys(call.assign).forEach((k) => keys.add(k));
          if (isObj(step.wait) && isObj(step.wait.assign))
            Object.keys(step.wait.assign).forEach((k) => keys.add(k));
        }
      }
      return keys;
    });
  }

  /** URL parameter names of `file`'s scope. */
  params(file: ParsedFlow): Set<string> {
    return this.cached('params', file, () => {
      const out = new Set<string>();
      for (const f of this.scope(file)) {
        const params = asFlow(f)?.params;
        if (Array.isArray(params)) params.forEach((p) => typeof p === 'string' && out.add(p));
      }
      return out;
    });
  }

  /**
   * Edges of the flow graph over `file`'s scope: from each step and modal to the steps and
   * modals its actions lead to. `reset` leads back to the start of the flow it is written in.
   */
  edges(file: ParsedFlow): Map<GraphNodeId, Set<GraphNodeId>> {
    return this.cached('edges', file, () => {
      const edges = new Map<GraphNodeId, Set<GraphNodeId>>();
      const add = (from: GraphNodeId, to: GraphNodeId): void => {
        const set = edges.get(from) ?? new Set<GraphNodeId>();
        set.add(to);
        edges.set(from, set);
      };
      for (const f of this.scope(file)) {
        const flow = this.dataFor(f, file);
        if (!flow) continue;
        forEachAction(flow, (action, _path, where) => {
          const from: GraphNodeId | undefined =
            where.stepId !== undefined
              ? `step:${where.stepId}`
              : where.modalId !== undefined
                ? `modal:${where.modalId}`
                : undefined;
          if (!from) return;
          if (typeof action.goto === 'string') add(from, `step:${action.goto}`);
          if (typeof action.modal === 'string') add(from, `modal:${action.modal}`);
          if (action.reset === true && typeof flow.start === 'string') add(from, `step:${flow.start}`);
        });
      }
      return edges;
    });
  }
}

/** The flow object of a parsed file as the engine plays it (resolved when `lintFlows` resolved it), or null. */
export function asFlow(file: ParsedFlow): Obj | null {
  const data = file.resolved ?? file.data;
  return file.ok && isObj(data) ? data : null;
}

/** True for a file of the shared library (`flows/shared/*.json`): templates and modals, not a flow. */
export function isSharedFile(file: ParsedFlow): boolean {
  return includeNameOf(file.path)?.startsWith(SHARED_PREFIX) === true;
}

/** The id of a parsed flow file, if it has one. */
export function flowId(file: ParsedFlow): string | undefined {
  const id = asFlow(file)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** The defaults of a flow's declared parameters (tolerant of a malformed file). */
export function paramDefaults(flow: Obj): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of entriesOf(flow.parameters))
    if (typeof p.default === 'string') out[name] = p.default;
  return out;
}

/** The values `host` passes to the fragment it includes as `name` (strings only). */
export function passedTo(host: Obj | null, name: string): Record<string, string> {
  const all = host?.includeParams;
  const mine = isObj(all) && Object.hasOwn(all, name) ? all[name] : undefined;
  const out: Record<string, string> = {};
  if (isObj(mine)) for (const [k, v] of Object.entries(mine)) if (typeof v === 'string') out[k] = v;
  return out;
}

export function includesOf(file: ParsedFlow): string[] {
  const inc = asFlow(file)?.include;
  return Array.isArray(inc) ? inc.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * The name a flow file is included by: its path under `flows/` without `.json`
 * (`flows/fragments/firma.json` → `fragments/firma`); undefined outside `flows/`.
 */
export function includeNameOf(path: string): string | undefined {
  const m = /(?:^|\/)flows\/(.+)\.json$/.exec(path.replace(/\\/g, '/'));
  return m?.[1];
}
