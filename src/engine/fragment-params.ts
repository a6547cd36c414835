/**
 * Fragment parameters: a fragment (e.g. the signature steps 101–106) declares named parameters
 * with defaults and writes `"$name"` wherever a value depends on the flow that includes it
 * (an endpoint id, a step to go back to, a message key). The including flow passes values
 * under `includeParams`, keyed by the include name:
 * `"includeParams": { "fragments/firma": { "lookupProspect": "consumo.lookupProspect" } }`.
 *
 * Only a whole string value is a reference (`"$lookupProspect"`, never `"x$y"`), and property
 * names are never substituted, so a substituted fragment keeps every JSON path of the file:
 * errors and lint problems point at the same place before and after.
 */
import type { Flow, FragmentParameter } from './flow-types.ts';

/** `"$name"` → `name`: a parameter reference, or undefined for any other value. */
export function paramRef(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^\$([A-Za-z][A-Za-z0-9_]*)$/.exec(value);
  return m?.[1];
}

/** The values a flow passes to the fragment it includes as `name` (none when it passes none). */
export function passedParams(
  flow: Pick<Flow, 'includeParams'>,
  name: string,
): Readonly<Record<string, string>> {
  const all = flow.includeParams ?? {};
  return Object.hasOwn(all, name) ? (all[name] ?? {}) : {};
}

/** What a position that holds a parameter reference expects. */
export type ParamUseKind = 'endpoint' | 'step' | 'modal' | 'message' | 'value';

/** One place a fragment writes `"$name"`. */
export interface ParamUse {
  name: string;
  /** Path segments from the root of the fragment file. */
  path: (string | number)[];
  kind: ParamUseKind;
}

const MESSAGE_KEYS = new Set(['title', 'message', 'label']);

function kindOf(path: readonly (string | number)[]): ParamUseKind {
  const last = path[path.length - 1];
  if (last === 'endpoint' && path.includes('calls')) return 'endpoint';
  if (last === 'goto') return 'step';
  if (last === 'modal') return 'modal';
  if (typeof last === 'string' && MESSAGE_KEYS.has(last)) return 'message';
  return 'value';
}

/** Every `"$name"` in a fragment's steps and modals, with where it sits and what it stands for. */
export function paramUses(flow: Pick<Flow, 'steps' | 'modals'>): ParamUse[] {
  const out: ParamUse[] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    const name = paramRef(value);
    if (name !== undefined) {
      out.push({ name, path, kind: kindOf(path) });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...path, i]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(flow.steps, ['steps']);
  walk(flow.modals, ['modals']);
  return out;
}

/** Replaces every `"$name"` whose name is bound; other values (and unbound references) stay. */
export function substituteParams<T>(value: T, values: Readonly<Record<string, string>>): T {
  const name = paramRef(value);
  if (name !== undefined) return (Object.hasOwn(values, name) ? values[name] : value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => substituteParams(v, values)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteParams(v, values)])) as T;
  }
  return value;
}

/** The values an include gives a fragment's parameters, and what is wrong with them. */
export interface ParamBinding {
  /** Name → value: the passed value, else the declared default. */
  values: Record<string, string>;
  /** Passed names the fragment does not declare. */
  unknown: string[];
  /** Declared names without a default that the include does not pass. */
  missing: string[];
  /** Referenced names (`"$name"`) the fragment does not declare. */
  undeclared: ParamUse[];
}

/** The declared parameters of a flow (none for a flow without `parameters`). */
export function declaredParams(flow: Pick<Flow, 'parameters'>): Readonly<Record<string, FragmentParameter>> {
  return flow.parameters ?? {};
}

/** The defaults of a flow's own parameters (those that have one). */
export function defaultValues(flow: Pick<Flow, 'parameters'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, p] of Object.entries(declaredParams(flow)))
    if (p.default !== undefined) out[name] = p.default;
  return out;
}

/** Binds the values an include passes to the parameters a fragment declares. */
export function bindParams(
  fragment: Pick<Flow, 'parameters' | 'steps' | 'modals'>,
  passed: Readonly<Record<string, string>>,
): ParamBinding {
  const declared = declaredParams(fragment);
  const values = defaultValues(fragment);
  const unknown: string[] = [];
  for (const [name, value] of Object.entries(passed)) {
    if (Object.hasOwn(declared, name)) values[name] = value;
    else unknown.push(name);
  }
  const missing = Object.keys(declared).filter((name) => !Object.hasOwn(values, name));
  const undeclared = paramUses(fragment).filter((use) => !Object.hasOwn(declared, use.name));
  return { values, unknown, missing, undeclared };
}
