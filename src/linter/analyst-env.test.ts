import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contextReadsIn, peruFormatsIn, RUNTIME_CONTEXT } from './analyst-env.ts';
import { lintFlows } from './lint-flows.ts';
import { loadEnv } from './load-env.ts';

const here = (path: string): string => new URL(path, import.meta.url).pathname;

describe('the environment of a tree with broken analyst files', () => {
  let root = '';
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('loads a form schema and texts with syntax errors, and the linter reports them with file, line and column', () => {
    root = mkdtempSync(join(tmpdir(), 'lint-root-'));
    mkdirSync(join(root, 'flows'));
    mkdirSync(join(root, 'schemas', 'forms'), { recursive: true });
    mkdirSync(join(root, 'i18n'));
    const flow = readFileSync(here('../../tests/fixtures/flows/valid/prueba-basica.json'), 'utf8');
    writeFileSync(join(root, 'flows', 'prueba.json'), flow);
    writeFileSync(
      join(root, 'schemas', 'forms', 'lead-prueba.json'),
      '{\n  "type": "object"\n  "properties": {}\n}\n',
    );
    writeFileSync(
      join(root, 'i18n', 'es-PE.json'),
      '{\n  "app.ok": "Aceptar",\n  "app.ok": "OK",\n  "step.fin": "Fin",\n}\n',
    );
    const env = loadEnv(root);
    // What a tolerant parser recovers is still there for the other rules.
    expect(env.messages['step.fin']).toBe('Fin');
    const problems = lintFlows([{ path: 'flows/prueba.json', text: flow }], env, {
      only: ['json-syntax', 'duplicate-key'],
    });
    expect(problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.ruleId}`)).toEqual([
      'i18n/es-PE.json:5:1 json-syntax',
      'schemas/forms/lead-prueba.json:3:3 json-syntax',
    ]);
  });
});

describe('what the runtime reads and adds', () => {
  it('finds the context keys a view reads by name', () => {
    expect(
      contextReadsIn(
        "const a = state.context.telefono; first([context, props], ['tasa', 'tea']); context['urlCarta'];",
      ).sort(),
    ).toEqual(['tasa', 'tea', 'telefono', 'urlCarta']);
  });

  it('reads the Peruvian format names of the form validator', () => {
    const source = readFileSync(here('../web/views/form/format-messages.ts'), 'utf8');
    expect(peruFormatsIn(source)).toEqual(
      expect.arrayContaining(['dni', 'ce', 'ruc', 'cci', 'celular', 'placa']),
    );
  });

  it('lists the context values the flow page puts in for a promoter', () => {
    const page = readFileSync(here('../web/runtime/flow-page.tsx'), 'utf8');
    for (const key of RUNTIME_CONTEXT) expect(page).toContain(`${key}: `);
  });
});
