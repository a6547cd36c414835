/**
 * The views read the props src/engine/view-props.ts declares, and only those: a prop the
 * registry declares but its view ignores, or one the view reads undeclared, fails here (the
 * linter and the editor would otherwise accept what the page ignores, or reject what it reads).
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import flowSchema from '../../schemas/flow.schema.json' with { type: 'json' };
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEW_PROPS } from '../../src/engine/view-props.ts';
import { VIEW_IDS } from '../../src/engine/views.ts';

/** The props the source of a view reads, by the ways the views read them. */
function propsRead(source: string): { direct: Set<string>; all: Set<string> } {
  const direct = new Set<string>();
  const patterns = [
    /(?:stringProp|boolProp|numberProp)\((?:step\.)?props, '(\w+)'/g,
    /(?<![\w-])props\??\.(\w+)/g,
    /listFrom\(state\.context, (?:step\.)?props, '(\w+)'/g,
  ];
  for (const re of patterns) for (const m of source.matchAll(re)) direct.add(m[1]!);
  const all = new Set(direct);
  // The simulator reads its settings from the context first, then the props.
  for (const m of source.matchAll(/first\(sources, \[([^\]]*)\]\)/g))
    for (const k of m[1]!.matchAll(/'(\w+)'/g)) all.add(k[1]!);
  return { direct, all };
}

describe('each view reads the props the registry declares', () => {
  it.each(VIEW_IDS.map((id) => [id]))('%s', (id) => {
    const source = readFileSync(join(process.cwd(), 'src', 'web', 'views', `${id}-view.tsx`), 'utf8');
    const declared = Object.keys(VIEW_PROPS[id]);
    const { direct, all } = propsRead(source);
    // Declared and never read: the linter would accept a prop the page ignores.
    expect(declared.filter((p) => !all.has(p))).toEqual([]);
    // Read and not declared: the linter would reject a prop the page reads.
    expect([...direct].filter((p) => !declared.includes(p))).toEqual([]);
  });
});

describe('the flow schema gives each view its props (editor completion and checks)', () => {
  const step = (props: unknown): unknown => ({
    steps: { fin: { number: 1, view: 'message', title: 'x', props } },
  });
  const validate = new Ajv({ allErrors: true, strict: false }).compile(flowSchema);
  const propErrors = (props: unknown): string[] => {
    validate(step(props));
    return (validate.errors ?? [])
      .filter((e) => e.instancePath.startsWith('/steps/fin/props'))
      .map((e) => e.message ?? '');
  };

  it('accepts the props of the step’s view', () => {
    expect(propErrors({ status: 'warning', listFrom: 'politicasObservadas', sharedNumber: true })).toEqual(
      [],
    );
  });

  it('rejects a prop of another view, and a wrong type', () => {
    expect(propErrors({ urlFrom: 'urlCarta' })).toContain('must NOT have additional properties');
    expect(propErrors({ status: 3 })).toContain('must be string');
  });
});
