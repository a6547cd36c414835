/**
 * `resolveFlow`: turns a flow file as an analyst writes it into the plain flow the engine
 * compiles. It is the one place where the conveniences of the format are undone, for the
 * engine, the web runtime, the linter, the graph and the tests alike:
 *
 * - `"extends": "credinstante"` — the flow is the named flow (a product, or a base flow with
 *   no routes) with this file laid over it as a JSON merge patch (RFC 7386): an object merges
 *   key by key (steps, cases, modals, context defaults… override by name), anything else
 *   replaces, and `null` removes what the base has.
 * - The shared library (`flows/shared/*.json`): a modal an action opens that the flow does not
 *   define comes from the library's `modals`; the flow's own modal of that id wins.
 * - Named templates: `actions`, `outcomes`, `calls`, `bodies` and `stepTemplates` at the top of
 *   a flow, its base or a shared file name an action, an outcome table, a call, a request body
 *   or a step; `{ "use": "name", … }` anywhere stands for that template with the other keys laid
 *   over it (as a merge patch). The flow's own win.
 * - `"like": "documentos"` on a step (or a modal): that step of the same flow with this one's
 *   keys laid over it.
 * - Several codes on one case: `"24|27|34|92": { … }` is four cases with the same action.
 * - Endpoint defaults: `"callDefaults": { "lde.preEvaluate": { "body": { "with": { … } } } }`
 *   is laid under every call of that endpoint (the call's own values win).
 * - `note`: free text for analysts on a step, call, case, rule or modal; the engine ignores it.
 *
 * Resolving keeps a source map: {@link ResolvedFlow.originOf} says in which file and at which
 * JSON path each part of the resolved flow was written, so problems point at the analyst's line.
 */
import type { Flow } from './flow-types.ts';
import { FlowError, pointer } from './flow-error.ts';
import { didYouMean } from './suggest.ts';

/** Flow files by the name they are referred to by (`credinstante`, `fragments/firma`, `modals/comunes`). */
export type FlowLibrary = Readonly<Record<string, unknown>>;

/** Where a part of a resolved flow was written. */
export interface SourceRef {
  /** The library name of the file (the flow's own name for the file being resolved). */
  readonly file: string;
  readonly path: readonly (string | number)[];
}

export interface ResolvedFlow {
  /** The flow with every convenience of the format undone (fragments are still only named in `include`). */
  readonly flow: Flow;
  /** Where the node at `path` of {@link flow} was written (the nearest written ancestor for a made-up node). */
  readonly originOf: (path: readonly (string | number)[]) => SourceRef;
  /** The base flows this one extends, nearest first. */
  readonly bases: readonly string[];
}

/** Top-level keys that only the source format has. */
const SOURCE_ONLY = [
  'extends',
  'actions',
  'outcomes',
  'calls',
  'bodies',
  'stepTemplates',
  'callDefaults',
] as const;
/** Sections whose entries `use` may name. */
const TEMPLATE_SECTIONS = ['actions', 'outcomes', 'calls', 'bodies', 'stepTemplates'] as const;
/** Folder of the shared library: its `modals` and its templates serve every flow. */
export const SHARED_PREFIX = 'shared/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Source positions of the objects and arrays built while resolving. */
class Origins {
  private readonly nodes = new WeakMap<object, SourceRef>();
  private readonly keys = new WeakMap<object, Map<string, SourceRef>>();

  /** Copies `value` (written in `file` at `path`), remembering where each of its nodes came from. */
  copy(value: Json, file: string, path: (string | number)[]): Json {
    if (Array.isArray(value)) {
      const out = value.map((v, i) => this.copy(v, file, [...path, i]));
      this.nodes.set(out, { file, path });
      return out;
    }
    if (isObj(value)) {
      const out: Obj = {};
      for (const [k, v] of Object.entries(value)) out[k] = this.copy(v, file, [...path, k]);
      this.nodes.set(out, { file, path });
      return out;
    }
    return value;
  }

  at(node: object): SourceRef | undefined {
    return this.nodes.get(node);
  }

  set(node: object, ref: SourceRef): void {
    this.nodes.set(node, ref);
  }

  /** Remembers that `key` of `node` was written at `ref` (a key taken from a base, or a split case). */
  setKey(node: object, key: string, ref: SourceRef): void {
    let map = this.keys.get(node);
    if (!map) this.keys.set(node, (map = new Map<string, SourceRef>()));
    map.set(key, ref);
  }

  keyOf(node: object, key: string): SourceRef | undefined {
    return this.keys.get(node)?.get(key);
  }

  resolve(root: Json, path: readonly (string | number)[], fallback: SourceRef): SourceRef {
    let best: SourceRef = (isObj(root) || Array.isArray(root) ? this.at(root) : undefined) ?? fallback;
    let rest: (string | number)[] = [];
    let node: Json | undefined = root;
    for (const seg of path) {
      const parent: Json | undefined = node;
      node = isObj(parent) ? parent[String(seg)] : Array.isArray(parent) ? parent[Number(seg)] : undefined;
      const keyRef = isObj(parent) || Array.isArray(parent) ? this.keyOf(parent, String(seg)) : undefined;
      const ref = node !== undefined && (isObj(node) || Array.isArray(node)) ? this.at(node) : undefined;
      if (ref) {
        best = ref;
        rest = [];
      } else if (keyRef) {
        best = keyRef;
        rest = [];
      } else {
        rest.push(seg);
      }
    }
    return { file: best.file, path: [...best.path, ...rest] };
  }
}

/** Lays `patch` over `base` (RFC 7386 merge patch), both already copied; keys kept from `base` keep their origin. */
function mergePatch(base: Json | undefined, patch: Json, origins: Origins): Json {
  if (!isObj(patch)) return patch;
  if (!isObj(base)) return stripNulls(patch);
  const out: Obj = {};
  const patchRef = origins.at(patch);
  const baseRef = origins.at(base);
  for (const [k, v] of Object.entries(base)) {
    if (Object.hasOwn(patch, k)) continue;
    out[k] = v;
    if (baseRef && !(isObj(v) || Array.isArray(v)))
      origins.setKey(out, k, { file: baseRef.file, path: [...baseRef.path, k] });
  }
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) continue;
    out[k] = mergePatch(base[k], v, origins);
  }
  // Keys in the base's order first, then the patch's new ones: a variant reads like its base.
  const ordered: Obj = {};
  for (const k of Object.keys(base)) if (Object.hasOwn(out, k)) ordered[k] = out[k]!;
  for (const k of Object.keys(out)) if (!Object.hasOwn(ordered, k)) ordered[k] = out[k]!;
  for (const k of Object.keys(ordered)) {
    const ref = origins.keyOf(out, k);
    if (ref) origins.setKey(ordered, k, ref);
  }
  origins.set(ordered, patchRef ?? baseRef ?? { file: '', path: [] });
  return ordered;
}

function stripNulls(value: Obj): Obj {
  for (const [k, v] of Object.entries(value)) if (v === null) delete value[k];
  return value;
}

/** The flow `name` and the flows it extends, base first (each copied, with origins). */
function layersOf(
  name: string,
  raw: unknown,
  library: FlowLibrary,
  origins: Origins,
  chain: string[],
  bases: string[],
): { file: string; value: Json }[] {
  const own = origins.copy(raw as Json, name, []);
  if (!isObj(own) || typeof own.extends !== 'string') return [{ file: name, value: own }];
  const baseName = own.extends;
  if (chain.includes(baseName)) {
    throw new FlowError(
      'unknown-flow',
      `"extends" makes a loop: ${[...chain, baseName].join(' → ')}. A flow cannot extend itself.`,
      '/extends',
      name,
    );
  }
  const base = Object.hasOwn(library, baseName) ? library[baseName] : undefined;
  if (!isObj(base)) {
    const known = Object.keys(library).filter((n) => !n.startsWith(SHARED_PREFIX));
    throw new FlowError(
      'unknown-flow',
      `"extends" names the flow "${baseName}", which is not under flows/.${didYouMean(baseName, known)}`,
      '/extends',
      name,
    );
  }
  bases.push(baseName);
  return [
    ...layersOf(baseName, base, library, origins, [...chain, baseName], bases),
    { file: name, value: own },
  ];
}

/** Replaces every `{ "use": name, … }` with the named template and the other keys laid over it. */
function expandUses(
  node: Json,
  templates: Readonly<Record<string, { value: Json; section: string }>>,
  origins: Origins,
  at: (string | number)[],
  file: string,
  stack: string[],
): Json {
  if (Array.isArray(node)) {
    const out = node.map((v, i) => expandUses(v, templates, origins, [...at, i], file, stack));
    const ref = origins.at(node);
    if (ref) origins.set(out, ref);
    return out;
  }
  if (!isObj(node)) return node;
  if (typeof node.use === 'string') {
    const name = node.use;
    const template = Object.hasOwn(templates, name) ? templates[name] : undefined;
    const ref = origins.at(node) ?? { file, path: at };
    if (template === undefined) {
      throw new FlowError(
        'unknown-template',
        `"use" names "${name}", which no "actions", "outcomes", "calls", "bodies" or "stepTemplates" of this flow or its base defines.${didYouMean(name, Object.keys(templates))}`,
        pointer('', ...at, 'use'),
        file,
      );
    }
    if (stack.includes(name)) {
      throw new FlowError(
        'unknown-template',
        `The template "${name}" uses itself: ${[...stack, name].join(' → ')}.`,
        pointer('', ...at, 'use'),
        file,
      );
    }
    const expanded = expandUses(template.value, templates, origins, at, file, [...stack, name]);
    const rest: Obj = {};
    for (const [k, v] of Object.entries(node)) if (k !== 'use') rest[k] = v;
    origins.set(rest, ref);
    const expandedRest = expandUses(rest, templates, origins, at, file, stack);
    return mergePatch(clone(expanded, origins), expandedRest, origins);
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(node))
    out[k] = expandUses(v, templates, origins, [...at, k], file, stack);
  const ref = origins.at(node);
  if (ref) origins.set(out, ref);
  for (const k of Object.keys(node)) {
    const kr = origins.keyOf(node, k);
    if (kr) origins.setKey(out, k, kr);
  }
  return out;
}

/** A structural copy that keeps the origins of the copied nodes. */
function clone(node: Json, origins: Origins): Json {
  if (Array.isArray(node)) {
    const out = node.map((v) => clone(v, origins));
    const ref = origins.at(node);
    if (ref) origins.set(out, ref);
    return out;
  }
  if (!isObj(node)) return node;
  const out: Obj = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = clone(v, origins);
    const kr = origins.keyOf(node, k);
    if (kr) origins.setKey(out, k, kr);
  }
  const ref = origins.at(node);
  if (ref) origins.set(out, ref);
  return out;
}

/**
 * `"like": "otherStep"` on a step (or a modal): that step of the same flow, with this one's
 * keys laid over it (a merge patch), e.g. the same upload step with one slot less.
 */
function resolveLikes(entries: Obj, section: 'steps' | 'modals', origins: Origins, file: string): Obj {
  const done = new Map<string, Json>();
  const resolveOne = (id: string, stack: string[]): Json => {
    const known = done.get(id);
    if (known !== undefined) return known;
    const entry = entries[id]!;
    if (!isObj(entry) || typeof entry.like !== 'string') {
      done.set(id, entry);
      return entry;
    }
    const like = entry.like;
    const at = origins.at(entry) ?? { file, path: [section, id] };
    if (!Object.hasOwn(entries, like)) {
      throw new FlowError(
        'unknown-template',
        `"like" names "${like}", which is not one of the ${section} of this flow.${didYouMean(like, Object.keys(entries))}`,
        pointer('', ...at.path, 'like'),
        at.file,
      );
    }
    if (stack.includes(like)) {
      throw new FlowError(
        'unknown-template',
        `"like" makes a loop: ${[...stack, like].join(' → ')}.`,
        pointer('', ...at.path, 'like'),
        at.file,
      );
    }
    const rest: Obj = {};
    for (const [k, v] of Object.entries(entry)) if (k !== 'like') rest[k] = v;
    origins.set(rest, at);
    const out = mergePatch(clone(resolveOne(like, [...stack, like]), origins), rest, origins);
    done.set(id, out);
    return out;
  };
  const out: Obj = {};
  for (const id of Object.keys(entries)) out[id] = resolveOne(id, [id]);
  const ref = origins.at(entries);
  if (ref) origins.set(out, ref);
  return out;
}

/** Calls a flow defines or inherits, with where they sit. */
function forEachCall(flow: Obj, visit: (call: Obj) => void): void {
  if (!isObj(flow.steps)) return;
  for (const step of Object.values(flow.steps)) {
    if (!isObj(step) || !isObj(step.calls)) continue;
    for (const call of Object.values(step.calls)) if (isObj(call)) visit(call);
  }
}

/** Every decision table (`cases`) of the flow: call outcomes and socket waits. */
function forEachOutcome(flow: Obj, visit: (outcome: Obj) => void): void {
  if (!isObj(flow.steps)) return;
  for (const step of Object.values(flow.steps)) {
    if (!isObj(step)) continue;
    if (isObj(step.calls))
      for (const call of Object.values(step.calls))
        if (isObj(call) && isObj(call.outcome)) visit(call.outcome);
    if (isObj(step.wait) && isObj(step.wait.outcome)) visit(step.wait.outcome);
  }
}

/** `"24|27": action` → `"24": action, "27": action`, in place of the written key. */
function splitCases(outcome: Obj, origins: Origins): void {
  const cases = outcome.cases;
  if (!isObj(cases) || !Object.keys(cases).some((k) => k.includes('|'))) return;
  const out: Obj = {};
  const ref = origins.at(cases);
  for (const [key, action] of Object.entries(cases)) {
    const codes = key.includes('|')
      ? key
          .split('|')
          .map((c) => c.trim())
          .filter((c) => c !== '')
      : [key];
    codes.forEach((code, i) => {
      out[code] = i === 0 ? action : clone(action, origins);
      const kr =
        origins.keyOf(cases, key) ?? (ref ? { file: ref.file, path: [...ref.path, key] } : undefined);
      if (kr && codes.length > 1) {
        origins.setKey(out, code, kr);
        if (isObj(out[code]) || Array.isArray(out[code])) origins.set(out[code], kr);
      }
    });
  }
  if (ref) origins.set(out, ref);
  outcome.cases = out;
}

/** The modal ids the flow's actions open (`"modal": "…"` anywhere in steps and modals). */
function openedModals(node: Json, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((v) => openedModals(v, out));
  else if (isObj(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'modal' && typeof v === 'string') out.add(v);
      else openedModals(v, out);
    }
  }
  return out;
}

/**
 * Resolves the flow file `raw`, known as `name`, against the other files of `flows/`
 * (`library`, by name: bases for `extends`, `modals/*` for the modal library).
 *
 * @throws FlowError when `extends` or `use` names nothing, or makes a loop
 */
export function resolveFlow(raw: unknown, library: FlowLibrary = {}, name?: string): ResolvedFlow {
  const parts = resolveFlowInParts(raw, library, name);
  for (;;) {
    const next = parts.next();
    if (next.done) return next.value;
  }
}

/**
 * {@link resolveFlow} in parts: it stops (`yield`) between its phases and between a flow's
 * layers, so a caller that must keep the main thread free (the browser, with `runInSlices`)
 * can give it back there. The same result as `resolveFlow`.
 */
export function* resolveFlowInParts(
  raw: unknown,
  library: FlowLibrary = {},
  name?: string,
): Generator<void, ResolvedFlow, void> {
  const self = name ?? (isObj(raw) && typeof raw.id === 'string' ? raw.id : '');
  const origins = new Origins();
  const bases: string[] = [];
  const layers = layersOf(self, raw, library, origins, [self], bases);
  if (!layers.every((l) => isObj(l.value)))
    return { flow: raw as Flow, originOf: (path) => ({ file: self, path }), bases };
  yield;

  // Templates: the shared library's, then each layer's from the base up (a variant overrides by name).
  const templates: Record<string, { value: Json; section: string }> = {};
  for (const [file, data] of Object.entries(library)) {
    if (!file.startsWith(SHARED_PREFIX) || !isObj(data)) continue;
    for (const section of TEMPLATE_SECTIONS) {
      const defs = data[section];
      if (!isObj(defs)) continue;
      for (const [key, value] of Object.entries(defs)) {
        if (!Object.hasOwn(templates, key))
          templates[key] = { value: origins.copy(value, file, [section, key]), section };
      }
    }
  }
  for (const layer of layers) {
    const own = new Map<string, string>();
    for (const section of TEMPLATE_SECTIONS) {
      const defs = (layer.value as Obj)[section];
      if (!isObj(defs)) continue;
      for (const [key, value] of Object.entries(defs)) {
        if (own.has(key)) {
          throw new FlowError(
            'unknown-template',
            `The name "${key}" is both in "${own.get(key)}" and in "${section}": a template name says one thing.`,
            pointer('', section, key),
            layer.file,
          );
        }
        own.set(key, section);
        templates[key] = { value, section };
      }
    }
  }
  // Each layer's uses are expanded before the layers are laid over each other, so that a
  // variant's patch applies to what its base says once expanded.
  yield;
  const expanded: Obj[] = [];
  for (const l of layers) {
    expanded.push(expandUses(l.value, templates, origins, [], l.file, []) as Obj);
    yield;
  }
  const flow = expanded.reduce((under, over) => {
    delete under.extends;
    return mergePatch(under, over, origins) as Obj;
  });
  yield;

  for (const section of ['steps', 'modals'] as const) {
    const entries = flow[section];
    if (isObj(entries)) flow[section] = resolveLikes(entries, section, origins, self);
  }
  yield;

  const defaults = flow.callDefaults;
  if (isObj(defaults)) {
    forEachCall(flow, (call) => {
      const endpoint = typeof call.endpoint === 'string' ? call.endpoint : undefined;
      const d = endpoint !== undefined && Object.hasOwn(defaults, endpoint) ? defaults[endpoint] : undefined;
      if (!isObj(d)) return;
      const merged = mergePatch(clone(d, origins), call, origins) as Obj;
      for (const k of Object.keys(call)) delete call[k];
      Object.assign(call, merged);
      for (const k of Object.keys(merged)) {
        const kr = origins.keyOf(merged, k);
        if (kr) origins.setKey(call, k, kr);
      }
    });
  }

  yield;
  forEachOutcome(flow, (outcome) => splitCases(outcome, origins));
  yield;

  // Modals from the library: those the flow opens and does not define, and what they open.
  const libraryModals: Record<string, { value: Json; file: string }> = {};
  for (const [file, data] of Object.entries(library)) {
    if (!file.startsWith(SHARED_PREFIX) || !isObj(data) || !isObj(data.modals)) continue;
    for (const [id, modal] of Object.entries(data.modals))
      if (!Object.hasOwn(libraryModals, id)) libraryModals[id] = { value: modal, file };
  }
  if (Object.keys(libraryModals).length > 0) {
    const own = isObj(flow.modals) ? flow.modals : {};
    const modals: Obj = { ...own };
    const ownRef = isObj(flow.modals) ? origins.at(flow.modals) : undefined;
    for (const k of Object.keys(own)) {
      const kr = origins.keyOf(own, k);
      if (kr) origins.setKey(modals, k, kr);
    }
    let pending = [...openedModals({ steps: flow.steps ?? null, modals }, new Set())];
    while (pending.length > 0) {
      const next: string[] = [];
      for (const id of pending) {
        if (Object.hasOwn(modals, id) || !Object.hasOwn(libraryModals, id)) continue;
        const lib = libraryModals[id]!;
        modals[id] = origins.copy(lib.value, lib.file, ['modals', id]);
        next.push(...openedModals(modals[id], new Set()));
      }
      pending = next;
    }
    origins.set(modals, ownRef ?? { file: self, path: ['modals'] });
    if (Object.keys(modals).length > 0) flow.modals = modals;
  }

  for (const key of SOURCE_ONLY) delete flow[key];
  const root = flow;
  const fallback: SourceRef = { file: self, path: [] };
  return { flow: root as unknown as Flow, originOf: (path) => origins.resolve(root, path, fallback), bases };
}

/**
 * The other flow files that `raw` needs to be resolved and compiled, by name: the flow it
 * extends and the fragments it includes (each of which may need more: call again on them), and
 * every file of the shared library among `known`.
 */
export function flowNeeds(raw: unknown, known: Iterable<string>): string[] {
  const out = new Set<string>();
  if (isObj(raw)) {
    if (typeof raw.extends === 'string') out.add(raw.extends);
    if (Array.isArray(raw.include))
      for (const name of raw.include) if (typeof name === 'string') out.add(name);
  }
  for (const name of known) if (name.startsWith(SHARED_PREFIX)) out.add(name);
  return [...out];
}

/** Everything `name` needs from `library`, transitively (see {@link flowNeeds}), itself first. */
export function flowClosure(name: string, library: FlowLibrary): string[] {
  const seen = new Set<string>();
  const queue = [name];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next) || !Object.hasOwn(library, next)) continue;
    seen.add(next);
    queue.push(...flowNeeds(library[next], Object.keys(library)));
  }
  return [...seen];
}

/**
 * The step `name` of the resolved flow `flow`, or of a fragment it includes (recursively), as
 * written: what the build reads of a start step or a link's (its view, its form) without
 * compiling the flow.
 * Undefined when there is none (the linter names that mistake).
 */
export function stepOf(
  flow: Readonly<Record<string, unknown>>,
  name: string,
  library: FlowLibrary,
): Readonly<Record<string, unknown>> | undefined {
  const seen = new Set<string>();
  const look = (host: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> | undefined => {
    const steps = host.steps;
    if (isObj(steps) && Object.hasOwn(steps, name) && isObj(steps[name])) return steps[name];
    for (const fragment of Array.isArray(host.include) ? host.include : []) {
      if (typeof fragment !== 'string' || seen.has(fragment) || !Object.hasOwn(library, fragment)) continue;
      seen.add(fragment);
      const found = look(
        resolveFlow(library[fragment], library, fragment).flow as unknown as Record<string, unknown>,
      );
      if (found) return found;
    }
    return undefined;
  };
  return look(flow);
}
