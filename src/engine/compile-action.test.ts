import { describe, expect, it } from 'vitest';
import type { Action } from './flow-types.ts';
import type { CompiledAction } from './compiled-types.ts';
import { compileAction, compileOutcome, type CompileScope } from './compile-action.ts';
import { FlowError } from './flow-error.ts';

const scope = (): CompileScope => ({
  stepIds: new Set(['datos', 'fin']),
  modalIds: new Set(['aviso']),
  origin: 'prueba',
  actions: new Map<string, CompiledAction>(),
});

describe('compileAction', () => {
  it.each<[Action, string, string | undefined]>([
    [{}, 'stay', undefined],
    [{ set: { a: 1 }, track: 'x' }, 'stay', undefined],
    [{ goto: 'fin' }, 'goto', 'fin'],
    [{ modal: 'aviso' }, 'modal', 'aviso'],
    [{ modal: '$error' }, 'modal', '$error'],
    [{ reset: true }, 'reset', undefined],
    [{ home: true }, 'home', undefined],
    [{ reload: true }, 'reload', undefined],
    [{ redirect: '/celulares' }, 'redirect', '/celulares'],
    [{ back: true }, 'back', undefined],
  ])('%j is a %s', (action, kind, target) => {
    const compiled = compileAction(action, '/a', scope());
    expect(compiled.kind).toBe(kind);
    expect(compiled.target).toBe(target);
  });

  it('registers every action, its then included, by pointer', () => {
    const s = scope();
    const compiled = compileAction({ modal: 'aviso', then: { goto: 'datos' } }, '/steps/x/next', s);
    expect([...s.actions.keys()]).toEqual(['/steps/x/next/then', '/steps/x/next']);
    expect(s.actions.get('/steps/x/next/then')).toBe(compiled.then);
  });

  it('treats a terminal written as false as absent', () => {
    expect(compileAction({ goto: 'fin', reset: false } as unknown as Action, '/a', scope()).kind).toBe(
      'goto',
    );
  });

  it('refuses an operator it does not know inside set, at its pointer', () => {
    expect(() => compileAction({ set: { x: { log: 1 } } }, '/a', scope())).toThrow(FlowError);
    expect(() => compileAction({ set: { x: { log: 1 } } }, '/a', scope())).toThrow(
      '(at /a/set/x/log in "prueba")',
    );
  });
});

describe('compileOutcome', () => {
  it('turns cases into codeIn rules after the written rules', () => {
    const outcome = compileOutcome(
      {
        rules: [{ if: { '!': { var: 'response' } }, then: { reset: true } }],
        cases: { '00': { goto: 'fin' } },
        else: {},
      },
      'prospecto.codRes',
      '/o',
      scope(),
    );
    expect(outcome.rules.map((r) => [r.path, r.code])).toEqual([
      ['/o/rules/0', undefined],
      ['/o/cases/00', '00'],
    ]);
    expect(outcome.rules[1]!.if).toEqual({ codeIn: [{ var: 'response.prospecto.codRes' }, ['00']] });
    expect(outcome.onError).toBeNull();
  });
});
