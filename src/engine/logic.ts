/**
 * A small json-logic evaluator restricted to an allowed operator set plus the project's
 * named operations. Logic is compiled once into closures (`compileLogic`), so running a
 * rule costs no parsing; `evaluate` compiles on first use and caches by object identity.
 *
 * Semantics follow json-logic-js 2.0 (truthiness: an empty array is false; `and`/`or` return
 * the deciding value; `var` returns its default, else `null`, for a missing path), with one
 * deliberate difference: `cat` writes `null` and missing values as `''`, not `"null"`.
 * There is no global registry: the set of operators is fixed here and in `named-operations.ts`.
 */
import type { Logic } from './flow-types.ts';
import { FlowError, pointer } from './flow-error.ts';
import { NAMED_OPERATIONS, toText } from './named-operations.ts';
import { readPath } from './read-path.ts';
import { checkOperator } from './flow-checks.ts';

/** A compiled json-logic expression: data in, value out. */
export type Evaluator = (data: unknown) => unknown;

/** The standard json-logic operators a flow may use (no `reduce`, `method` or `log`). */
export const STANDARD_OPERATORS = [
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  'cat',
  'substr',
  'merge',
  'some',
  'all',
  'none',
  'map',
  'filter',
] as const;

/** Every operator the engine runs: the standard subset and the named operations. */
export const ALLOWED_OPERATORS: readonly string[] = [...STANDARD_OPERATORS, ...Object.keys(NAMED_OPERATIONS)];

/** json-logic truthiness: like JavaScript's, except that an empty array is false. */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

type Compiled = Evaluator[];
type Builder = (args: Compiled) => Evaluator;

const n = (v: unknown): number => parseFloat(v as string);
const s = toText;

function readVar(data: unknown, path: unknown, fallback: unknown): unknown {
  if (path === undefined || path === null || path === '') return data;
  const value = readPath(data, toText(path));
  return value === undefined ? (fallback === undefined ? null : fallback) : value;
}

function missing(data: unknown, keys: unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const key of keys) {
    const value = readVar(data, key, null);
    if (value === null || value === '') out.push(key);
  }
  return out;
}

/** Applies `f` to every evaluated argument (the strict, non-lazy operators). */
const strict =
  (f: (...values: unknown[]) => unknown): Builder =>
  (args) => {
    if (args.length === 1) {
      const a = args[0]!;
      return (d) => f(a(d));
    }
    if (args.length === 2) {
      const [a, b] = args as [Evaluator, Evaluator];
      return (d) => f(a(d), b(d));
    }
    return (d) => f(...args.map((arg) => arg(d)));
  };

/** Array operators: the first argument gives the items, the second runs with each item as data. */
const over =
  (f: (items: unknown[], test: Evaluator) => unknown): Builder =>
  ([list, body]) =>
  (d) => {
    const items = list ? list(d) : [];
    return f(Array.isArray(items) ? items : [], body ?? (() => null));
  };

const chain: Builder = (args) => (d) => {
  let i = 0;
  for (; i < args.length - 1; i += 2) if (truthy(args[i]!(d))) return args[i + 1]!(d);
  return i === args.length - 1 ? args[i]!(d) : null;
};

const BUILDERS: Record<string, Builder> = {
  var:
    ([p, fallback]) =>
    (d) =>
      readVar(d, p?.(d), fallback?.(d)),
  missing: (args) => (d) => {
    const values = args.map((a) => a(d));
    return missing(d, Array.isArray(values[0]) ? (values[0] as unknown[]) : values);
  },
  missing_some:
    ([need, keys]) =>
    (d) => {
      const list = keys?.(d);
      const wanted = Array.isArray(list) ? list : [];
      const absent = missing(d, wanted);
      return wanted.length - absent.length >= n(need?.(d)) ? [] : absent;
    },
  if: chain,
  '?:': chain,
  // Loose equality is json-logic's own `==`, kept on purpose.
  '==': strict((a, b) => a == b),
  '===': strict((a, b) => a === b),
  '!=': strict((a, b) => a != b),
  '!==': strict((a, b) => a !== b),
  '!': strict((a) => !truthy(a)),
  '!!': strict((a) => truthy(a)),
  or: (args) => (d) => {
    let v: unknown = null;
    for (const a of args) if (truthy((v = a(d)))) return v;
    return v;
  },
  and: (args) => (d) => {
    let v: unknown = null;
    for (const a of args) if (!truthy((v = a(d)))) return v;
    return v;
  },
  '>': strict((a, b) => (a as number) > (b as number)),
  '>=': strict((a, b) => (a as number) >= (b as number)),
  '<': strict(
    (a, b, c) => (a as number) < (b as number) && (c === undefined || (b as number) < (c as number)),
  ),
  '<=': strict(
    (a, b, c) => (a as number) <= (b as number) && (c === undefined || (b as number) <= (c as number)),
  ),
  max: strict((...v) => (v.length === 0 ? null : Math.max(...v.map(n)))),
  min: strict((...v) => (v.length === 0 ? null : Math.min(...v.map(n)))),
  '+': strict((...v) => v.reduce<number>((sum, x) => sum + n(x), 0)),
  '*': strict((...v) => v.reduce<number>((product, x) => product * n(x), 1)),
  '-': strict((a, b) => (b === undefined ? -n(a) : n(a) - n(b))),
  '/': strict((a, b) => n(a) / n(b)),
  '%': strict((a, b) => n(a) % n(b)),
  in: strict((a, b) => (typeof b === 'string' ? b.includes(s(a)) : Array.isArray(b) ? b.includes(a) : false)),
  cat: strict((...v) => v.map(s).join('')),
  substr: strict((source, start, end) => {
    const text = s(source);
    const from = n(start);
    const begin = from < 0 ? Math.max(0, text.length + from) : from;
    const rest = text.slice(begin);
    if (end === undefined || end === null) return rest;
    const len = n(end);
    return len < 0 ? rest.slice(0, Math.max(0, rest.length + len)) : rest.slice(0, len);
  }),
  merge: strict((...v) => v.flatMap((x) => (Array.isArray(x) ? (x as unknown[]) : [x]))),
  some: over((items, test) => items.some((x) => truthy(test(x)))),
  all: over((items, test) => items.length > 0 && items.every((x) => truthy(test(x)))),
  none: over((items, test) => !items.some((x) => truthy(test(x)))),
  map: over((items, test) => items.map((x) => test(x))),
  filter: over((items, test) => items.filter((x) => truthy(test(x)))),
};

for (const [name, op] of Object.entries(NAMED_OPERATIONS)) BUILDERS[name] = strict(op);

function build(logic: unknown, path: string, source: string | undefined): Evaluator {
  if (Array.isArray(logic)) {
    const items = logic.map((item, i) => build(item, pointer(path, i), source));
    return (d) => items.map((item) => item(d));
  }
  // Scalars, and objects that are not a single-operator expression, are data (as in json-logic).
  if (logic === null || typeof logic !== 'object') return () => logic;
  const keys = Object.keys(logic);
  if (keys.length !== 1) return () => logic;
  const op = keys[0]!;
  const builder = Object.hasOwn(BUILDERS, op) ? BUILDERS[op] : undefined;
  if (builder === undefined) {
    const problem = checkOperator(op, ALLOWED_OPERATORS, [])!;
    throw new FlowError(problem.code, problem.message, pointer(path, op), source);
  }
  const raw = (logic as Record<string, unknown>)[op];
  const args = Array.isArray(raw)
    ? raw.map((arg, i) => build(arg, pointer(path, op, i), source))
    : [build(raw, pointer(path, op), source)];
  return builder(args);
}

/**
 * Compiles json-logic into a closure. Throws a {@link FlowError} (`unknown-operator`, with the
 * JSON pointer `path` of the operator and a "did you mean") for any operator outside
 * {@link ALLOWED_OPERATORS}.
 */
export function compileLogic(logic: Logic, path = '', source?: string): Evaluator {
  return build(logic, path, source);
}

const cache = new WeakMap<object, Evaluator>();

/**
 * Evaluates json-logic against `data`. Compiled closures are cached per logic object, so
 * repeated calls with the same object cost no parsing. Refuses unknown operators with a
 * {@link FlowError}.
 */
export function evaluate(logic: Logic, data: unknown): unknown {
  if (logic === null || typeof logic !== 'object') return logic;
  let compiled = cache.get(logic);
  if (compiled === undefined) {
    compiled = build(logic, '', undefined);
    cache.set(logic, compiled);
  }
  return compiled(data);
}
