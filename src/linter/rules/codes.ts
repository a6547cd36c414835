/**
 * What the code rules (unhandled-code, impossible-code, shadowed-rule) share: which codes an
 * outcome is compared against, and which codes a rule condition tests.
 */
import { isObj, type OutcomeSite } from '../flow-walk.ts';
import type { LintEndpoint, LintEnv } from '../types.ts';

/** Case keys are compared as strings; surrounding spaces are not part of a code. */
export function normaliseCode(key: string): string {
  return key.trim();
}

/**
 * The endpoint and code field an outcome reads, when the registry knows the codes it can
 * answer: only outcomes of calls whose `on` is the endpoint's code field (or absent).
 */
export function codedOutcome(
  site: OutcomeSite,
  env: LintEnv,
): { endpoint: LintEndpoint; field: string } | undefined {
  if (site.where.endpoint === undefined) return undefined;
  const endpoint = env.endpoints[site.where.endpoint];
  if (!endpoint || endpoint.codeField === null || endpoint.codes.length === 0) return undefined;
  const on = typeof site.outcome.on === 'string' ? site.outcome.on : endpoint.codeField;
  return on === endpoint.codeField ? { endpoint, field: on } : undefined;
}

function isCodeVar(node: unknown, field: string): boolean {
  if (!isObj(node) || Object.keys(node).length !== 1) return false;
  const v = node.var;
  const path: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  return path === `response.${field}`;
}

const literal = (x: unknown): x is string | number => typeof x === 'string' || typeof x === 'number';

/**
 * The codes a rule condition matches when it only tests the code field for equality:
 * `{"==": [{"var": "response.codRes"}, "00"]}` (either side, `==` or `===`),
 * `{"in": [{"var": …}, ["01", "02"]]}`, or an `or` of those. Otherwise undefined.
 */
export function codesTestedBy(condition: unknown, field: string): string[] | undefined {
  if (!isObj(condition) || Object.keys(condition).length !== 1) return undefined;
  const [op] = Object.keys(condition);
  const args = condition[op ?? ''];
  if ((op === '==' || op === '===') && Array.isArray(args) && args.length === 2) {
    const [a, b] = args as unknown[];
    if (isCodeVar(a, field) && literal(b)) return [String(b)];
    if (isCodeVar(b, field) && literal(a)) return [String(a)];
    return undefined;
  }
  if (
    op === 'in' &&
    Array.isArray(args) &&
    args.length === 2 &&
    isCodeVar(args[0], field) &&
    Array.isArray(args[1])
  ) {
    const list = args[1] as unknown[];
    return list.every(literal) ? list.map(String) : undefined;
  }
  if (op === 'or' && Array.isArray(args)) {
    const parts = args.map((a) => codesTestedBy(a, field));
    return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
  }
  return undefined;
}

/** True when a json-logic condition is a constant that json-logic treats as true. */
export function alwaysTrue(condition: unknown): boolean {
  if (condition === true) return true;
  if (typeof condition === 'number') return condition !== 0;
  if (typeof condition === 'string') return condition !== '';
  if (Array.isArray(condition)) return condition.length > 0;
  return false;
}

/** Codes of a list, quoted and joined for a message. */
export function listCodes(codes: readonly string[]): string {
  return codes.map((c) => `"${c}"`).join(', ');
}
