/**
 * Table-driven tests for one rule, in the manner of ESLint's RuleTester: each valid case
 * must give no problem, each invalid case exactly the listed problems (message fragments, in
 * order). Cases are written as changes to a sound flow (`tests/fixtures/flows/valid/prueba-basica.json`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CallSpec, Flow } from '../engine/flow-types.ts';
import { lintOne, TEST_ENV } from './test-env.ts';
import type { LintEnv, LintOptions, Problem } from './types.ts';

const BASE_TEXT = readFileSync(
  new URL('../../tests/fixtures/flows/valid/prueba-basica.json', import.meta.url),
  'utf8',
);

/** A fresh copy of the sound test flow. */
export function baseFlow(): Flow {
  return JSON.parse(BASE_TEXT) as Flow;
}

/** The pre-evaluation call of the test flow (step `datos`, endpoint `prueba.preEvaluar`). */
export const preEvaluate = (f: Flow): CallSpec => f.steps.datos!.calls!.submit!;
/** The simulation call of the test flow (step `simulador`, endpoint `prueba.simular`). */
export const simulate = (f: Flow): CallSpec => f.steps.simulador!.calls!.submit!;

export interface RuleCase {
  name: string;
  /** Changes the base flow (or returns a whole replacement, e.g. JSON text). */
  change?: (flow: Flow) => unknown;
  /** Expected problems: a fragment of each message, in order. */
  problems?: string[];
  severity?: Problem['severity'];
  env?: LintEnv;
  options?: LintOptions;
}

function build(c: RuleCase): unknown {
  const flow = baseFlow();
  const replaced = c.change?.(flow);
  return replaced === undefined ? flow : replaced;
}

/** Runs a rule's valid and invalid tables. */
export function testRule(ruleId: string, tables: { valid: RuleCase[]; invalid: RuleCase[] }): void {
  describe(`rule ${ruleId}`, () => {
    it.each(tables.valid)('accepts: $name', (c) => {
      expect(lintOne(build(c), ruleId, c.options, c.env ?? TEST_ENV)).toEqual([]);
    });
    it.each(tables.invalid)('reports: $name', (c) => {
      const problems = lintOne(build(c), ruleId, c.options, c.env ?? TEST_ENV);
      expect(problems.map((p) => p.message)).toEqual(
        (c.problems ?? []).map((m) => expect.stringContaining(m) as unknown),
      );
      for (const p of problems) {
        expect(p.ruleId).toBe(ruleId);
        expect(p.line).toBeGreaterThan(0);
        if (c.severity) expect(p.severity).toBe(c.severity);
      }
    });
  });
}
