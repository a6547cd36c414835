/**
 * The edges the path tests must play (tests/paths/edges.ts), read from the compiled flows as
 * the linter loads them: each call's answer codes come from the endpoint registry, each edge
 * points at the line of the case, rule or `else` an analyst would edit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileFlow, type Flow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { edgesOf } from '../paths/edges.ts';
import { identities, vehicleOpeners } from '../paths/identities.ts';
import { loadFlows } from '../paths/load-flows.ts';

const flows = loadFlows();
const moto = flows.find((f) => f.compiled.id === 'moto')!;
const edges = edgesOf(moto.compiled, moto.files);

describe('path-test edges', () => {
  it('loads every flow with routes, fragments merged in', () => {
    expect(flows.map((f) => f.compiled.id)).toContain('firma-electronica');
    expect(flows.some((f) => f.compiled.id === 'firma')).toBe(false);
    expect([...moto.compiled.steps.keys()]).toContain('firmaCarga');
  });

  it('has one edge per code the pre-evaluation can answer, at the line of its case or else', () => {
    const pre = edges.filter((e) => e.step === 'preEvaluacion' && e.kind === 'code');
    const endpoint = moto.compiled.steps.get('preEvaluacion')!.calls.get('submit')!.endpoint;
    expect(pre.map((e) => e.what)).toEqual([...ENDPOINTS[endpoint.id as keyof typeof ENDPOINTS].codes]);
    for (const e of pre) expect(e.at).toMatch(/^flows\/moto\.json:\d+$/);
    // Codes without a case of their own share the line of the table's `else`.
    const lines = new Set(pre.map((e) => e.at));
    expect(lines.size).toBeGreaterThan(1);
    expect(lines.size).toBeLessThan(pre.length);
  });

  it('places fragment edges in the fragment file, and counts timers', () => {
    expect(edges.find((e) => e.step === 'firmaCarga')?.at).toMatch(/^flows\/fragments\/firma\.json:\d+$/);
    expect(
      edges.some((e) => e.kind === 'timer' && e.step === 'firmarDocumentos' && e.what === 'aLaFirma'),
    ).toBe(true);
  });

  it('gives each edge a distinct id', () => {
    for (const f of flows) {
      const ids = edgesOf(f.compiled, f.files).map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('starts the vehicle rule identities from the call that opens the application, wherever it stands', () => {
    const people = identities(moto.compiled);
    // One DNI per state the pre-evaluation can answer: 500000SS for SS, 590000NN for −NN.
    expect(people).toEqual(expect.arrayContaining(['50000033', '50000091', '59000006', '50000000']));
    expect(vehicleOpeners(moto.compiled)).toEqual(['preEvaluacion|submit']);
    // A step with a call of its own placed before the pre-evaluation changes nothing.
    const merged = moto.compiled.flow;
    const before: Flow = {
      ...merged,
      include: [],
      includeParams: {},
      start: 'aviso',
      steps: {
        aviso: {
          number: 1,
          view: 'loading',
          calls: {
            enter: {
              endpoint: 'moto.simulateConditions',
              outcome: { cases: { '00': { goto: 'preEvaluacion' } }, else: { modal: 'errorGenerico' } },
            },
          },
          props: { sharedNumber: true },
        },
        ...merged.steps,
      },
    };
    const earlier = compileFlow(before, ENDPOINTS, {});
    expect([...earlier.steps.keys()][0]).toBe('aviso');
    expect(identities(earlier).sort()).toEqual([...people].sort());
  });

  it('marks the codes a call\'s "answers" leaves out as explained, not to be played', () => {
    const merged = moto.compiled.flow;
    const simulador = merged.steps.simulador!;
    const why = 'the simulation of a motorcycle never answers 30 here (the test says so)';
    const declared: Flow = {
      ...merged,
      include: [],
      includeParams: {},
      steps: {
        ...merged.steps,
        simulador: {
          ...simulador,
          calls: {
            ...simulador.calls,
            submit: { ...simulador.calls!.submit!, answers: { codes: ['26', '90'], why } },
          },
        },
      },
    };
    const all = edgesOf(compileFlow(declared, ENDPOINTS, {}), moto.files).filter(
      (e) => e.step === 'simulador' && e.trigger === 'submit' && e.kind === 'code',
    );
    expect(all.map((e) => [e.what, e.unreachable?.why])).toEqual([
      ['26', undefined],
      ['30', why],
      ['90', undefined],
    ]);
    expect(edges.some((e) => e.unreachable !== undefined)).toBe(false);
  });

  it('plays a visit without a link only through calls that need the link and whose every use says where a refusal goes', () => {
    const marked = Object.entries(ENDPOINTS).filter(([, e]) => e.refusesWithoutLink === true);
    expect(marked.map(([id]) => id)).toEqual(['jwt.validate']);
    for (const [id] of marked) {
      // The service refuses the visit because its request schema requires the link's token.
      const schema = JSON.parse(readFileSync(`schemas/api/${id}.request.json`, 'utf8')) as {
        required?: string[];
      };
      expect(schema.required).toContain('token');
    }
    // Every link page opens a visit with a link on that call, and handles its refusal (onError).
    for (const { compiled } of flows.filter((f) => f.compiled.params.includes('token'))) {
      const withLink = compiled.flow.startFrom?.token ?? compiled.start;
      const first = compiled.steps.get(withLink)!.calls.get('enter')!;
      expect([compiled.id, first.endpoint.id]).toEqual([compiled.id, 'jwt.validate']);
      expect([compiled.id, first.outcome.onError]).not.toEqual([compiled.id, null]);
    }
  });
});
