import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { FlowError } from './flow-error.ts';
import { readFlowLibrary } from '../linter/load-flows.ts';
import { flowClosure, resolveFlow, resolveFlowInParts, stepOf } from './resolve-flow.ts';
import { TEST_ENDPOINTS } from './engine-fixture.ts';

const base = {
  id: 'base',
  title: 'product.base',
  routes: [],
  layout: 'default',
  context: { codigoProducto: 13, canal: 2 },
  start: 'datos',
  steps: {
    datos: {
      number: 1,
      view: 'form',
      form: 'lead',
      calls: {
        submit: {
          endpoint: 'lde.preEvaluate',
          body: { from: ['form'] },
          outcome: {
            cases: { '0': { goto: 'fin' }, '5': { modal: 'rechazado' } },
            else: { modal: 'errorGenerico' },
          },
        },
      },
    },
    observados: { number: 2, view: 'message', final: true },
    fin: { number: 3, view: 'message', final: true, note: 'The end.' },
  },
  modals: { rechazado: { kind: 'alert', message: 'm.rechazado' } },
};

const shared = {
  modals: {
    errorGenerico: { kind: 'error', message: 'error.generic', onClose: { modal: 'ayuda' } },
    ayuda: { kind: 'alert', message: 'm.ayuda' },
  },
};
const library = { base, 'shared/modals': shared };

describe('resolveFlow', () => {
  it('lays a variant over the flow it extends (a JSON merge patch): keys override by name, null removes, the rest is inherited', () => {
    const variant = {
      extends: 'base',
      id: 'variante',
      routes: ['/variante'],
      context: { codigoProducto: 58 },
      steps: {
        observados: null,
        datos: { calls: { submit: { outcome: { cases: { '5': { modal: null, goto: 'fin' } } } } } },
      },
    };
    const { flow, bases } = resolveFlow(variant, library, 'variante');
    expect(bases).toEqual(['base']);
    expect(flow.id).toBe('variante');
    expect(flow.routes).toEqual(['/variante']);
    expect(flow.context).toEqual({ codigoProducto: 58, canal: 2 });
    expect(Object.keys(flow.steps)).toEqual(['datos', 'fin']);
    expect(flow.steps.datos!.calls!.submit!.outcome.cases).toEqual({
      '0': { goto: 'fin' },
      '5': { goto: 'fin' },
    });
    expect(flow.steps.datos!.form).toBe('lead');
    expect('extends' in flow).toBe(false);
  });

  it('takes the modals a flow opens and does not define from flows/shared/, and what those open', () => {
    const { flow } = resolveFlow(base, library, 'base');
    expect(Object.keys(flow.modals ?? {}).sort()).toEqual(['ayuda', 'errorGenerico', 'rechazado']);
    const own = resolveFlow(
      { ...base, modals: { ...base.modals, errorGenerico: { kind: 'alert', message: 'm.propio' } } },
      library,
      'base',
    );
    expect(own.flow.modals!.errorGenerico).toEqual({ kind: 'alert', message: 'm.propio' });
    expect(own.flow.modals!.ayuda).toBeUndefined();
  });

  it('expands "use" with the named template and the other keys laid over it; a variant overrides a template by name', () => {
    const flow = {
      ...base,
      steps: {
        ...base.steps,
        datos: {
          ...base.steps.datos,
          calls: {
            submit: { use: 'alta', outcome: { use: 'resultado', cases: { '9': { use: 'cerrar' } } } },
          },
        },
      },
      actions: { cerrar: { home: true } },
      outcomes: { resultado: { cases: { '0': { goto: 'fin' } }, else: { use: 'cerrar' } } },
      calls: { alta: { endpoint: 'lde.preEvaluate', body: { from: ['form'] } } },
    };
    const resolved = resolveFlow(flow, library, 'base').flow;
    expect(resolved.steps.datos!.calls!.submit).toEqual({
      endpoint: 'lde.preEvaluate',
      body: { from: ['form'] },
      outcome: { cases: { '0': { goto: 'fin' }, '9': { home: true } }, else: { home: true } },
    });
    expect('actions' in resolved || 'outcomes' in resolved || 'calls' in resolved).toBe(false);
    const variant = resolveFlow(
      { extends: 'conTemplates', id: 'v', actions: { cerrar: { reset: true } } },
      { ...library, conTemplates: flow },
      'v',
    ).flow;
    expect(variant.steps.datos!.calls!.submit!.outcome.else).toEqual({ reset: true });
  });

  it('splits "24|27|34" into one case per code, and lays call defaults under every call of the endpoint', () => {
    const flow = {
      ...base,
      callDefaults: { 'lde.preEvaluate': { body: { with: { canal: 2 } } } },
      steps: {
        ...base.steps,
        datos: {
          ...base.steps.datos,
          calls: {
            submit: {
              endpoint: 'lde.preEvaluate',
              body: { from: ['form'], with: { paso: 1 } },
              outcome: { cases: { '24|27|34': { goto: 'fin' } }, else: { goto: 'fin' } },
            },
          },
        },
      },
    };
    const call = resolveFlow(flow, library, 'base').flow.steps.datos!.calls!.submit!;
    expect(call.outcome.cases).toEqual({
      '24': { goto: 'fin' },
      '27': { goto: 'fin' },
      '34': { goto: 'fin' },
    });
    expect(call.body).toEqual({ from: ['form'], with: { canal: 2, paso: 1 } });
  });

  it('a step "like" another is that step with its own keys laid over it', () => {
    const flow = { ...base, steps: { ...base.steps, otroFin: { like: 'fin', number: 4 } } };
    expect(resolveFlow(flow, library, 'base').flow.steps.otroFin).toEqual({
      number: 4,
      view: 'message',
      final: true,
      note: 'The end.',
    });
  });

  it('says where each part was written: the variant, its base, or the shared library', () => {
    const variant = { extends: 'base', id: 'v', routes: ['/v'], steps: { datos: { title: 't.datos' } } };
    const { originOf } = resolveFlow(variant, library, 'v');
    expect(originOf(['steps', 'datos', 'title'])).toEqual({ file: 'v', path: ['steps', 'datos', 'title'] });
    expect(originOf(['steps', 'datos', 'form'])).toEqual({ file: 'base', path: ['steps', 'datos', 'form'] });
    expect(originOf(['steps', 'fin', 'view'])).toEqual({ file: 'base', path: ['steps', 'fin', 'view'] });
    expect(originOf(['modals', 'ayuda', 'message'])).toEqual({
      file: 'shared/modals',
      path: ['modals', 'ayuda', 'message'],
    });
  });

  it('refuses an extends or a use that names nothing, or a loop, with a did-you-mean', () => {
    expect(() => resolveFlow({ extends: 'bas', id: 'v' }, library, 'v')).toThrow(
      /"bas".*Did you mean "base"/,
    );
    expect(() => resolveFlow({ extends: 'v', id: 'v' }, { v: { extends: 'v', id: 'v' } }, 'v')).toThrow(
      FlowError,
    );
    expect(() =>
      resolveFlow({ ...base, steps: { fin: { use: 'nada', number: 1, view: 'message' } } }, library, 'base'),
    ).toThrow(/"use" names "nada"/);
  });

  it('compileFlow plays a variant given the library, and lists what a flow needs', () => {
    const compiled = compileFlow(
      { extends: 'base', id: 'v', routes: ['/v'] } as never,
      TEST_ENDPOINTS,
      library,
    );
    expect(compiled.id).toBe('v');
    expect([...compiled.modals.keys()].sort()).toEqual(['ayuda', 'errorGenerico', 'rechazado']);
    expect(flowClosure('v', { ...library, v: { extends: 'base', id: 'v' } })).toEqual([
      'v',
      'base',
      'shared/modals',
    ]);
  });

  it('stepOf finds a step in the flow or in a fragment it includes, however deep', () => {
    const lib = {
      'fragments/a': {
        id: 'a',
        routes: [],
        start: 'enA',
        steps: { enA: { view: 'loading' } },
        include: ['fragments/b'],
      },
      'fragments/b': { id: 'b', routes: [], start: 'enB', steps: { enB: { view: 'summary' } } },
    };
    const flow = { ...base, include: ['fragments/a'] };
    expect(stepOf(flow, 'datos', lib)?.view).toBe('form');
    expect(stepOf(flow, 'enA', lib)?.view).toBe('loading');
    expect(stepOf(flow, 'enB', lib)?.view).toBe('summary');
    expect(stepOf(flow, 'nada', lib)).toBeUndefined();
    expect(stepOf(base, 'enA', lib)).toBeUndefined();
  });

  it('a step stands for a step template and says only what differs; the props merge key by key', () => {
    const lib = {
      'shared/steps': {
        stepTemplates: {
          aviso: {
            view: 'message',
            title: 'app.aviso',
            props: { title: 'm.t', message: 'm.m', status: 'warning' },
            next: { home: true },
            final: true,
          },
        },
      },
    };
    const flow = {
      ...base,
      steps: { ...base.steps, aviso: { use: 'aviso', number: 4, props: { status: 'info' } } },
    };
    const resolved = resolveFlow(flow, lib, 'base');
    expect(resolved.flow.steps.aviso).toEqual({
      view: 'message',
      title: 'app.aviso',
      number: 4,
      props: { title: 'm.t', message: 'm.m', status: 'info' },
      next: { home: true },
      final: true,
    });
    // The template is the shared file's, the number and the status the flow's own.
    expect(resolved.originOf(['steps', 'aviso', 'view'])).toEqual({
      file: 'shared/steps',
      path: ['stepTemplates', 'aviso', 'view'],
    });
    expect(resolved.originOf(['steps', 'aviso', 'props', 'status']).file).toBe('base');
    expect('stepTemplates' in resolved.flow).toBe(false);
    // A flow's own template of that name wins over the library's.
    const own = resolveFlow({ ...flow, stepTemplates: { aviso: { view: 'summary' } } }, lib, 'base');
    expect(own.flow.steps.aviso).toMatchObject({ view: 'summary', number: 4 });
    expect(() =>
      resolveFlow({ ...base, steps: { ...base.steps, aviso: { use: 'avisos', number: 4 } } }, lib, 'base'),
    ).toThrow(/"use" names "avisos", which no .*"stepTemplates".*did you mean "aviso"/is);
  });
});

describe('resolveFlowInParts', () => {
  it('resolves every flow of flows/ as resolveFlow does, stopping between its phases and layers', () => {
    const all = readFlowLibrary(process.cwd());
    const names = Object.keys(all).filter((n) => (all[n]?.routes ?? []).length > 0);
    expect(names.length).toBeGreaterThan(25);
    for (const name of names) {
      const parts = resolveFlowInParts(all[name], all, name);
      let stops = 0;
      let next = parts.next();
      for (; !next.done; next = parts.next()) stops++;
      const whole = resolveFlow(all[name], all, name);
      expect(next.value.flow, name).toEqual(whole.flow);
      expect(next.value.bases, name).toEqual(whole.bases);
      expect(next.value.originOf(['steps']), name).toEqual(whole.originOf(['steps']));
      // The phases, plus one per layer: a variant stops once more for each flow it extends.
      expect(stops, name).toBe(6 + whole.bases.length + 1);
    }
  });
});
