import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/linter/types.ts';
import { analystFileKind, codeFrame, decideHotUpdate, lintSaved } from './vite-flow-lint-plugin.ts';

const problem = (over: Partial<Problem>): Problem => ({
  ruleId: 'unknown-step',
  severity: 'error',
  message: 'There is no step "simuladr". Did you mean "simulador"?',
  file: 'flows/moto.json',
  path: '/steps/a/next/goto',
  line: 3,
  column: 14,
  ...over,
});
const TEXT = '{\n  "steps": {\n    "a": { "next": { "goto": "simuladr" } }\n  }\n}\n';

describe('flow-lint dev plugin', () => {
  it('handles flows, fragments, form schemas and the texts, and nothing else', () => {
    expect(analystFileKind('flows/moto.json')).toBe('flow');
    expect(analystFileKind('flows/fragments/firma.json')).toBe('flow');
    expect(analystFileKind('schemas/forms/lead-vehiculo.json')).toBe('form');
    expect(analystFileKind('i18n/es-PE.json')).toBe('texts');
    expect(analystFileKind('schemas/api/lde.response.json')).toBeUndefined();
    expect(analystFileKind('src/web/main.tsx')).toBeUndefined();
  });

  it('shows the errors of the saved file in the overlay, at the first one, and does not reload', () => {
    const d = decideHotUpdate('flows/moto.json', '/p/flows/moto.json', TEXT, [
      problem({ file: 'flows/otro.json', line: 9 }),
      problem({}),
      problem({ line: 4, column: 3, ruleId: 'dead-end', message: 'Step "b" is a dead end.' }),
    ]);
    expect(d.action).toBe('overlay');
    if (d.action !== 'overlay') return;
    expect(d.err.loc).toEqual({ file: '/p/flows/moto.json', line: 3, column: 14 });
    expect(d.err.plugin).toBe('flow-lint');
    expect(d.err.message).toContain('2 problems in flows/moto.json');
    expect(d.err.message).toContain(
      'flows/moto.json:3:14  There is no step "simuladr". Did you mean "simulador"?  (unknown-step)',
    );
    expect(d.err.message).not.toContain('otro.json');
    expect(d.err.frame.split('\n')[2]).toBe('3 >     "a": { "next": { "goto": "simuladr" } }');
    expect(d.err.frame.split('\n')[3]).toMatch(/^ {2}\| {14}\^$/);
  });

  it('reloads (clearing the overlay) when the saved file has no errors; warnings do not stop it', () => {
    expect(decideHotUpdate('flows/moto.json', '/p/flows/moto.json', TEXT, [])).toEqual({
      action: 'reload',
      warnings: [],
    });
    const warning = problem({ severity: 'warning' });
    expect(decideHotUpdate('flows/moto.json', '/p/flows/moto.json', TEXT, [warning])).toEqual({
      action: 'reload',
      warnings: [warning],
    });
  });

  it('frames the lines around the problem with a caret under its column', () => {
    expect(codeFrame('a\nbcd\ne', 2, 3)).toBe('1 | a\n2 > bcd\n  |   ^\n3 | e');
  });

  it('lints a real flow of the project clean, and a real form schema with the flows', () => {
    const root = new URL('..', import.meta.url).pathname;
    expect(lintSaved(root, 'flows/moto.json', 'flow')).toEqual([]);
    expect(lintSaved(root, 'schemas/forms/lead-vehiculo.json', 'form')).toEqual([]);
  });
});
