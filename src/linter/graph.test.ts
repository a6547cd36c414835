import { describe, expect, it } from 'vitest';
import { buildGraph, toMermaid } from './graph.ts';

const flow = {
  id: 'mini',
  start: 'datos',
  steps: {
    datos: {
      number: 1,
      view: 'form',
      calls: {
        submit: {
          endpoint: 'lde.preEvaluate',
          outcome: {
            on: 'codigoRespuesta',
            rules: [{ if: { '===': [{ var: 'response.codigoRespuesta' }, 99] }, then: { modal: 'espera' } }],
            cases: { '0': { goto: 'fin' }, '10': { modal: 'enProceso', then: { home: true } } },
            else: { modal: 'error' },
            onError: { modal: 'error' },
          },
        },
      },
    },
    fin: { number: 2, view: 'message', final: true },
  },
  modals: {
    enProceso: { kind: 'alert' },
    espera: { kind: 'alert', onClose: { reset: true } },
    error: { kind: 'error', buttons: [{ label: 'app.retry', action: { reload: true } }] },
  },
};

describe('flow graph', () => {
  const graph = buildGraph(flow);

  it('has a node per step (number and view) and per modal, and the exits used', () => {
    expect(graph.nodes.map((n) => [n.id, n.kind, n.label])).toEqual([
      ['s_datos', 'step', '1 · form\ndatos\nsubmit → lde.preEvaluate'],
      ['s_fin', 'step', '2 · message\nfin'],
      ['m_enProceso', 'modal', 'enProceso\nalert'],
      ['m_espera', 'modal', 'espera\nalert'],
      ['m_error', 'modal', 'error\nerror'],
      ['x_home', 'exit', 'home /'],
      ['x_reload', 'exit', 'reload'],
    ]);
  });

  it('labels each edge with the code or condition that leads there, and dashes failures', () => {
    expect(graph.edges.map((e) => `${e.from} ${e.dashed ? '-.->' : '-->'} ${e.to}: ${e.label}`)).toEqual([
      's_datos --> m_espera: submit: codigoRespuesta === 99',
      's_datos --> s_fin: submit: codigoRespuesta = 0',
      's_datos --> m_enProceso: submit: codigoRespuesta = 10',
      'm_enProceso --> x_home: close (then)',
      's_datos --> m_error: submit: else',
      's_datos -.-> m_error: submit: failure',
      'm_espera --> s_datos: close · reset',
      'm_error --> x_reload: button app.retry',
    ]);
  });

  it('writes Mermaid with distinct shapes for modals and exits', () => {
    const mmd = toMermaid(graph);
    expect(mmd.startsWith('flowchart TD\n')).toBe(true);
    expect(mmd).toContain('  m_error{{"error<br/>error"}}:::modal');
    expect(mmd).toContain('  x_home(["home /"]):::exit');
    expect(mmd).toContain('  s_fin("2 · message<br/>fin"):::final');
    expect(mmd).toContain('  s_datos -->|"submit: codigoRespuesta = 0"| s_fin');
    expect(mmd).toContain('  s_datos -.->|"submit: failure"| m_error');
  });
});

describe('flow graph of a variant', () => {
  it('marks the steps a variant changes or adds, and shows analysts’ notes', () => {
    const flow = {
      id: 'v',
      start: 'uno',
      steps: {
        uno: { number: 1, view: 'form', note: 'Pide el DNI.', next: { goto: 'dos', note: 'Siempre.' } },
        dos: { number: 2, view: 'message', final: true },
        tres: { number: 3, view: 'message', final: true },
      },
    };
    const marks = {
      steps: new Map([
        ['uno', 'overrides' as const],
        ['tres', 'adds' as const],
      ]),
      modals: new Map(),
    };
    const mmd = toMermaid(buildGraph(flow, [], undefined, marks));
    expect(mmd).toContain('class s_uno overrides;');
    expect(mmd).toContain('class s_tres adds;');
    expect(mmd).not.toContain('class s_dos');
    expect(mmd).toContain('✎ Pide el DNI.');
    expect(mmd).toMatch(/s_uno -->\|"next · Siempre\."\| s_dos/);
  });
});
