/**
 * The linter on flows written with `extends`, the shared library and templates: it checks the
 * flow the engine plays, and points at the line the analyst wrote, in the variant, its base or
 * flows/shared/. The flow schema accepts every flow of the project and refuses a misspelt
 * construct.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import flowSchema from '../../schemas/flow.schema.json' with { type: 'json' };
import sharedSchema from '../../schemas/flow-shared.schema.json' with { type: 'json' };
import { withPatchDefinitions } from '../../scripts/flow-schema-patches.ts';
import { lintFlows } from './lint-flows.ts';
import { readFlowDir } from './load-env.ts';
import { TEST_ENV } from './test-env.ts';

const text = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

const base = {
  id: 'prueba',
  title: 'product.prueba',
  routes: ['/prueba'],
  layout: 'default',
  start: 'uno',
  steps: {
    uno: { number: 1, view: 'message', next: { goto: 'dos' } },
    dos: { number: 2, view: 'message', next: { modal: 'aviso' } },
  },
};

describe('linting format 2', () => {
  it('reports a problem of an inherited step once, at its line in the base', () => {
    const broken = {
      ...base,
      steps: { ...base.steps, dos: { number: 2, view: 'message', next: { goto: 'tres' } } },
    };
    const variant = { extends: 'prueba', id: 'variante', routes: [], steps: { uno: { number: 1 } } };
    const problems = lintFlows(
      [
        { path: 'flows/prueba.json', text: text(broken) },
        { path: 'flows/variante.json', text: text(variant) },
      ],
      TEST_ENV,
      { only: ['unknown-step'] },
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: 'flows/prueba.json', path: '/steps/dos/next/goto' });
    const line =
      text(broken)
        .split('\n')
        .findIndex((l) => l.includes('"tres"')) + 1;
    expect(problems[0]!.line).toBe(line);
  });

  it('reports a problem the variant writes at its line in the variant, and a modal of flows/shared/ in that file', () => {
    const variant = {
      extends: 'prueba',
      id: 'variante',
      routes: [],
      steps: { uno: { next: { goto: 'tress' } } },
    };
    const shared = { modals: { aviso: { kind: 'alert', message: 'no.existe' } } };
    const problems = lintFlows(
      [
        { path: 'flows/prueba.json', text: text(base) },
        { path: 'flows/variante.json', text: text(variant) },
        { path: 'flows/shared/modals.json', text: text(shared) },
      ],
      TEST_ENV,
      { only: ['unknown-step', 'missing-message'] },
    );
    expect(problems.map((p) => [p.file, p.ruleId, p.path])).toEqual([
      ['flows/shared/modals.json', 'missing-message', '/modals/aviso/message'],
      ['flows/variante.json', 'unknown-step', '/steps/uno/next/goto'],
    ]);
  });

  it('reports an extends that names no flow, with a did-you-mean', () => {
    const problems = lintFlows(
      [
        { path: 'flows/prueba.json', text: text(base) },
        { path: 'flows/variante.json', text: text({ extends: 'pruebaa', id: 'variante' }) },
      ],
      TEST_ENV,
    );
    expect(
      problems.find((p) => p.file === 'flows/variante.json' && p.ruleId === 'engine-compile')?.message,
    ).toMatch(/"pruebaa".*Did you mean "prueba"/);
  });
});

describe('the flow schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.addSchema(flowSchema).compile(flowSchema);
  const validateShared = ajv.compile(sharedSchema);
  const files = readFlowDir(new URL('../../', import.meta.url).pathname);

  it('accepts every flow of the project and every file of flows/shared/', () => {
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const data = JSON.parse(file.text) as unknown;
      const ok = file.path.startsWith('flows/shared/') ? validateShared(data) : validate(data);
      expect(
        ok ? [] : (file.path.startsWith('flows/shared/') ? validateShared : validate).errors,
        file.path,
      ).toEqual([]);
    }
  });

  it('refuses a misspelt construct: extend, usee, a step "likes", a call "callDefault"', () => {
    expect(validate({ extend: 'credinstante', id: 'x' })).toBe(false);
    expect(
      validate({ extends: 'credinstante', id: 'x', steps: { uno: { calls: { submit: { usee: 'alta' } } } } }),
    ).toBe(false);
    expect(validate({ extends: 'credinstante', id: 'x', steps: { uno: { likes: 'dos' } } })).toBe(false);
    expect(validate({ extends: 'credinstante', id: 'x', callDefault: {} })).toBe(false);
    expect(
      validate({ extends: 'credinstante', id: 'x', steps: { uno: { like: 'dos', note: 'Como dos.' } } }),
    ).toBe(true);
  });

  it('derives its patch definitions (what a variant may write) from the whole ones: node --import tsx scripts/flow-schema-patches.ts', () => {
    expect(withPatchDefinitions(flowSchema as Record<string, unknown>)).toEqual(flowSchema);
  });

  it('a flow without extends still needs what a whole flow needs', () => {
    expect(validate({ id: 'x', steps: {} })).toBe(false);
  });
});
