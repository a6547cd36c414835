import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintFlows } from './lint-flows.ts';
import { loadEnv, readFlowDir } from './load-env.ts';
import { RULES } from './rules/index.ts';
import { TEST_ENV } from './test-env.ts';
import type { FlowSource, LintEnv } from './types.ts';

const root = new URL('../../', import.meta.url);
const dir = new URL('tests/fixtures/flows/', root);
const read = (sub: string): FlowSource[] =>
  readdirSync(new URL(`${sub}/`, dir))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => ({
      path: `tests/fixtures/flows/${sub}/${n}`,
      text: readFileSync(new URL(`${sub}/${n}`, dir), 'utf8'),
    }));

const valid = read('valid');
const invalid = read('invalid');
const real = loadEnv(new URL('.', root).pathname);
/**
 * The fixtures are written against the small test tables, laid over the project's real
 * registries (some fixtures, like the engine's benchmark flow, use real endpoints and texts).
 * Fragments (no routes of their own) are available to every fixture's `include`.
 */
const env: LintEnv = {
  endpoints: { ...real.endpoints, ...TEST_ENV.endpoints },
  responseSchemas: { ...real.responseSchemas, ...TEST_ENV.responseSchemas },
  forms: { ...real.forms, ...TEST_ENV.forms },
  views: TEST_ENV.views,
  messages: { ...real.messages, ...TEST_ENV.messages },
  routes: [...new Set([...real.routes, ...TEST_ENV.routes])],
  pages: { ...real.pages, ...TEST_ENV.pages },
  operators: TEST_ENV.operators,
  library: valid.filter((f) => (JSON.parse(f.text) as { routes: unknown[] }).routes.length === 0),
};
// Each fixture is linted alone: the route list's other routes are served by other files.
const lint = (file: FlowSource) => lintFlows([file], env, { partial: true });

describe('fixture flows', () => {
  it('has at least 25 broken flows, each named after a rule that exists', () => {
    expect(invalid.length).toBeGreaterThanOrEqual(25);
    const ids = RULES.map((r) => r.id);
    for (const f of invalid) expect(ids).toContain(f.path.split('/').pop()!.split('--')[0]);
  });

  it.each(valid.map((f) => [f.path.split('/').pop(), f] as const))('%s lints clean', (_name, file) => {
    expect(lint(file)).toEqual([]);
  });

  it.each(invalid.map((f) => [f.path.split('/').pop(), f] as const))(
    '%s is caught by its rule and no other',
    (name, file) => {
      const expected = name!.split('--')[0];
      const problems = lint(file);
      expect(problems.length).toBeGreaterThan(0);
      expect(problems.map((p) => p.ruleId)).toEqual(problems.map(() => expected));
    },
  );
});

describe('problem positions', () => {
  it('points at the 1-based line and column of the offending node in a multi-line file', () => {
    const file = invalid.find((f) => f.path.endsWith('unknown-view--typo.json'))!;
    const [problem] = lint(file);
    // "view": "simulater" sits on line 71; the value starts at column 15.
    expect(file.text.split('\n')[70]).toBe('      "view": "simulater",');
    expect(problem).toMatchObject({
      ruleId: 'unknown-view',
      path: '/steps/simulador/view',
      line: 71,
      column: 15,
    });
  });

  it('points at the property name for an unknown property, and at the first character for a missing one', () => {
    const typo = lint(invalid.find((f) => f.path.endsWith('schema--misspelled-step-property.json'))!);
    expect(typo[0]).toMatchObject({ path: '/steps/datos/tittle', line: 68, column: 7 });
    const missing = lint(invalid.find((f) => f.path.endsWith('schema--missing-start.json'))!);
    expect(missing[0]).toMatchObject({ path: '', line: 1, column: 1 });
  });

  it('reports a file that is not JSON at the place it breaks', () => {
    const problems = lintFlows(
      [{ path: 'flows/roto.json', text: '{\n  "id": "roto",\n  "steps": {\n}\n' }],
      env,
    );
    expect(problems).toEqual([expect.objectContaining({ ruleId: 'parse', line: 5, column: 1 })]);
  });
});

describe('the real flows', () => {
  it('flows/*.json lint clean against the project registries', () => {
    const files = readFlowDir(new URL('.', root).pathname);
    expect(files.length).toBeGreaterThan(0);
    const problems = lintFlows(files, real);
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.ruleId} ${p.message}`)).toEqual([]);
  });
});
