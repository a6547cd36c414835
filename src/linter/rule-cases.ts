/**
 * Rule tests as data, in the manner of ESLint's `RuleTester`: each case changes the sound test
 * flow (and, for the rules over form schemas and texts, the other files of the environment),
 * and lists the problems it must give by `messageId`, with the line and column where they
 * must be reported when it matters. The rule runs through `lintFlows`, like the CLI runs it.
 */
import { describe, expect, it } from 'vitest';
import type { Flow } from '../engine/flow-types.ts';
import { lintFlows } from './lint-flows.ts';
import { baseFlow } from './rule-tester.ts';
import { TEST_ENV } from './test-env.ts';
import type { FlowSource, LintEnv, LintOptions, Problem, Rule } from './types.ts';

export interface ExpectedProblem {
  messageId: string;
  /** The file it is reported in (default: the flow, `flows/prueba.json`). */
  file?: string;
  /** JSON pointer of the node it is reported at (`/include/0`). */
  path?: string;
  line?: number;
  column?: number;
  /** A fragment of the message (e.g. the "did you mean"). */
  message?: string;
  severity?: Problem['severity'];
}

export interface Case {
  name: string;
  /** Changes the base flow, or returns a replacement (an object or JSON text). */
  change?: (flow: Flow) => unknown;
  /** Other flow files of the run (fragments, other products), reported on too. */
  flows?: FlowSource[];
  /** Other files of the environment (`schemas/forms/x.json`, `i18n/es-PE.json`) as text. */
  files?: FlowSource[];
  /** Changes to the environment. */
  env?: Partial<LintEnv>;
  options?: LintOptions;
  errors?: ExpectedProblem[];
}

/** Lints a case with only `rule` and returns its problems, each with the messageId it was reported with. */
export function runCase(rule: Rule, c: Case): (Problem & { messageId?: string })[] {
  const flow = baseFlow();
  const replaced = c.change?.(flow);
  const value = replaced === undefined ? flow : replaced;
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  const env: LintEnv = { ...TEST_ENV, ...c.env, ...(c.files ? { files: c.files } : {}) };
  const files = [{ path: 'flows/prueba.json', text }, ...(c.flows ?? [])];
  // The message templates identify the messageId a problem was reported with.
  const templates = Object.entries(rule.meta.messages).map(([id, template]) => {
    const parts = template.split(/\{\{\s*\w+\s*\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return { id, pattern: new RegExp(`^${parts.join('[\\s\\S]*')}$`) };
  });
  return lintFlows(files, env, { partial: true, ...c.options, only: [rule.id] }).map((p) => ({
    ...p,
    messageId: templates.find((t) => t.pattern.test(p.message))?.id,
  }));
}

/** Runs a rule's valid and invalid cases. */
export function ruleTester(rule: Rule, cases: { valid: Case[]; invalid: Case[] }): void {
  describe(`rule ${rule.id}`, () => {
    it.each(cases.valid)('accepts: $name', (c) => {
      expect(runCase(rule, c)).toEqual([]);
    });
    it.each(cases.invalid)('reports: $name', (c) => {
      const problems = runCase(rule, c);
      expect(problems.map((p) => p.messageId)).toEqual((c.errors ?? []).map((e) => e.messageId));
      (c.errors ?? []).forEach((e, i) => {
        const p = problems[i]!;
        expect(p.ruleId).toBe(rule.id);
        expect(p.file).toBe(e.file ?? 'flows/prueba.json');
        expect(p.line).toBeGreaterThan(0);
        expect(p.column).toBeGreaterThan(0);
        if (e.path !== undefined) expect(p.path).toBe(e.path);
        if (e.line !== undefined) expect(p.line).toBe(e.line);
        if (e.column !== undefined) expect(p.column).toBe(e.column);
        if (e.message !== undefined) expect(p.message).toContain(e.message);
        if (e.severity !== undefined) expect(p.severity).toBe(e.severity);
      });
    });
  });
}
