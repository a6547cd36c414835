/**
 * The path tests' planner and bookkeeping, without a service: which form choices it tries
 * together (tests/paths/form-combos.ts), which link runs it follows on arrival
 * (`decidedByBackOffice`), the rules a flow says are unreachable (tests/paths/edges.ts), and how
 * a run is held against covered.json (tests/paths/baseline.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { start, type CompiledFlow, type FlowState } from '../../src/engine/index.ts';
import { compareBaseline } from '../paths/baseline.ts';
import { edgesOf } from '../paths/edges.ts';
import { decidedByBackOffice } from '../paths/explore.ts';
import { choiceCombos, comparedValues } from '../paths/form-combos.ts';
import { loadFlows } from '../paths/load-flows.ts';
import { FRESH, READINGS, readsOf, unmet } from '../paths/reads.ts';
import { formChoices } from '../paths/view-input.ts';
import { interpolate } from '../../src/web/lib/interpolate.ts';

const flows = loadFlows();
const flow = (id: string) => flows.find((f) => f.compiled.id === id)!;

describe('form choices tried together', () => {
  it('reads the values a rule compares a field with, directly or through the context it is copied to', () => {
    const compared = comparedValues({
      steps: {
        datos: {
          calls: {
            submit: {
              assign: { sede: { var: 'form.sede' } },
              outcome: {
                rules: [
                  { if: { '==': [{ var: 'context.sede' }, 0] } },
                  { if: { '===': [true, { var: 'form.emitir' }] } },
                  { if: { in: [{ var: 'form.via' }, ['AV', 'JR']] } },
                  { if: { '==': [{ var: 'context.otro' }, 5] } },
                ],
              },
            },
          },
        },
      },
    });
    expect(Object.fromEntries(compared)).toEqual({ sede: [0], emitir: [true], via: ['AV', 'JR'] });
  });

  it('pairs two fields of a step at the values compared, never at the first choice', () => {
    const fields = [
      ['emitir', [false, true]],
      ['sede', [1, 2, 0]],
      ['via', ['AV', 'JR']],
      ['libre', ['a', 'b']],
    ] as const;
    const compared = new Map<string, unknown[]>([
      ['emitir', [true]],
      ['sede', ['0', 2]],
      ['via', ['AV']],
    ]);
    // "AV" is the first choice: every run takes it already. `==` matches 0 and "0".
    expect(choiceCombos(fields, compared)).toEqual([
      { emitir: 1, sede: 1 },
      { emitir: 1, sede: 2 },
    ]);
    expect(choiceCombos(fields.slice(0, 1), compared)).toEqual([]);
  });

  it('tries the professional taxi with no office and the SOAT emitted with the credit, in one run more', () => {
    const taxi = flow('taxi-profesional').compiled;
    const read = new Set([...JSON.stringify(taxi.flow).matchAll(/"form\.([A-Za-z_]\w*)"/g)].map((m) => m[1]));
    const fields = formChoices(taxi.steps.get('vehiculo')!.step.form!).filter(([f]) => read.has(f));
    const combos = choiceCombos(fields, comparedValues(taxi.flow));
    expect(combos).toHaveLength(1);
    const [combo] = combos;
    const value = (field: string) => fields.find(([f]) => f === field)![1][combo![field]!];
    expect([value('sede'), value('emitirSoat')]).toEqual([0, true]);
  });

  it('adds no more than that one run over every flow', () => {
    let runs = 0;
    for (const { compiled } of flows) {
      const read = new Set(
        [...JSON.stringify(compiled.flow).matchAll(/"form\.([A-Za-z_]\w*)"/g)].map((m) => m[1]),
      );
      const compared = comparedValues(compiled.flow);
      for (const step of compiled.steps.values())
        if (step.step.form !== undefined)
          runs += choiceCombos(
            formChoices(step.step.form).filter(([f]) => read.has(f)),
            compared,
          ).length;
    }
    expect(runs).toBe(1);
  });
});

describe('links followed on arrival', () => {
  it('follows a link texted by the back office decision the applicant waited for', () => {
    const key = 'continue:backoffice:moto:firmaCarga';
    expect(decidedByBackOffice({ [key]: 1, [`${key}=`]: 33 })).toBe(true);
    expect(decidedByBackOffice({ [key]: 0 })).toBe(false);
    expect(decidedByBackOffice({ 'backoffice:moto:firmaCarga': 2 })).toBe(false);
  });
});

describe('rules a flow says are unreachable', () => {
  it('counts the signature page\'s "application gone" rule as explained, at the rule', () => {
    const firma = flow('firma-electronica');
    const rule = edgesOf(firma.compiled, firma.files).find(
      (e) => e.step === 'datosSolicitud' && e.kind === 'rule',
    )!;
    expect(rule.unreachable).toMatchObject({ by: 'rule', at: rule.at });
    expect(rule.unreachable?.why).toContain('never erases');
    expect(rule.at).toMatch(/^flows\/firma-electronica\.json:\d+$/);
  });
});

describe('the run against covered.json', () => {
  const ids = (...list: string[]) => new Set(list);

  it('fails on a lost edge, keeps what it did not play, and drops ids of edges that are gone', () => {
    const out = compareBaseline({
      baseline: ids('a|s|enter|code:00', 'a|s|enter|code:99', 'b|t|enter|code:00', 'a|gone|enter|code:00'),
      covered: ids('a|s|enter|code:00', 'a|u|enter|code:01'),
      inScope: ids('a|s|enter|code:00', 'a|s|enter|code:99', 'a|u|enter|code:01'),
      existing: ids('a|s|enter|code:00', 'a|s|enter|code:99', 'a|u|enter|code:01', 'b|t|enter|code:00'),
      withoutLinks: ids(),
    });
    expect(out.lost).toEqual(['a|s|enter|code:99']);
    expect(out.stale).toEqual(['a|gone|enter|code:00']);
    expect(out.gained).toEqual(['a|u|enter|code:01']);
    expect(out.next).toEqual(['a|s|enter|code:00', 'a|u|enter|code:01', 'b|t|enter|code:00']);
  });

  it('does not count as lost the edges of steps only a link opens, when the flow ran without one', () => {
    const out = compareBaseline({
      baseline: ids('taxi|abrirCotizacion|enter|code:00', 'taxi|inicio|enter|code:99'),
      covered: ids('taxi|inicio|enter|code:00'),
      inScope: ids(
        'taxi|abrirCotizacion|enter|code:00',
        'taxi|inicio|enter|code:00',
        'taxi|inicio|enter|code:99',
      ),
      existing: ids(
        'taxi|abrirCotizacion|enter|code:00',
        'taxi|inicio|enter|code:00',
        'taxi|inicio|enter|code:99',
      ),
      withoutLinks: ids('taxi'),
    });
    // A step the run reached is played: its missing edge is lost.
    expect(out.lost).toEqual(['taxi|inicio|enter|code:99']);
    expect(out.notPlayed).toEqual(['taxi|abrirCotizacion|enter|code:00']);
    expect(out.next).toContain('taxi|abrirCotizacion|enter|code:00');
  });
});

describe('what an applicant reads (tests/paths/reads.ts)', () => {
  const consumo = flow('consumo').compiled;
  /** The state of a run of consumo standing on `step`, with `modal` open over it. */
  const at = (step: string, modal: FlowState['modal'] = null, context = {}): FlowState => ({
    ...start(consumo, { session: 's', params: {} }).state,
    step,
    modal,
    context,
  });

  it("reads a dialog's title and message, not the step under it, as the runtime resolves them", () => {
    const modal = Object.entries(consumo.flow.modals ?? {}).find(
      ([, m]) => m.message === 'status.solicitudEnProceso',
    )![0];
    expect(readsOf(consumo, at('preEvaluacion', { id: modal, then: null }))).toEqual([
      'Estimado cliente',
      'Ya tienes una solicitud en proceso.',
    ]);
    // The engine's error dialog shows the failure's own message, under 'Error' unless it names a title.
    expect(
      readsOf(consumo, at('preEvaluacion', { id: '$error', then: null, vars: { message: 'Sin conexión' } })),
    ).toEqual(['Error', 'Sin conexión']);
    expect(
      readsOf(
        consumo,
        at('preEvaluacion', { id: '$error', then: null, vars: { title: 'modal.title.loSentimos' } }),
      ),
    ).toEqual(['Lo sentimos', 'Ocurrió un error con tu solicitud.']);
  });

  it("reads a message page's own title over the step's, and its message filled from the context", () => {
    const page = {
      flow: {
        steps: {
          fin: {
            view: 'message',
            title: 'step.sinTexto',
            props: { title: 'modal.title.loSentimos', message: 'view.greeting' },
          },
          datos: { view: 'form', title: 'step.sinTexto' },
        },
      },
    } as unknown as CompiledFlow;
    expect(readsOf(page, at('fin', null, { nombres: 'MARÍA ELENA' }))).toEqual([
      'Lo sentimos',
      'Hola, María',
    ]);
    // A key with no text reads as written, as the runtime shows it.
    expect(readsOf(page, at('datos'))).toEqual(['step.sinTexto']);
  });

  it('fails a reading no run of its identity met, and only that one', () => {
    const readings = [
      { flow: 'consumo', identity: '50000024', reads: 'solicitud en proceso' },
      { flow: 'consumo', identity: FRESH, reads: '¡Felicidades!' },
      { flow: 'moto', identity: '50000024', reads: 'no se juega aquí' },
    ];
    const met = new Map([
      ['50000024', new Set(['Ya tienes una solicitud en proceso.'])],
      ['30000001', new Set(['¡Felicidades!'])],
    ]);
    expect(unmet('consumo', met, readings)).toEqual([
      'consumo: no run of a fresh identity shows "¡Felicidades!" (tests/paths/reads.ts)',
    ]);
  });

  it('names only flows, identities and texts that exist', () => {
    // Whether `r` is the whole of `t` with its placeholders filled: the runtime's own filling
    // (`interpolate`) marks them, and `r` holds the text's other parts in order, start to end.
    const HOLE = '\u0000';
    const anyValue = new Proxy({}, { get: () => HOLE }) as Record<string, unknown>;
    const fills = (t: string, r: string): boolean => {
      const parts = interpolate(t, anyValue).split(HOLE);
      const [first = '', last = ''] = [parts[0], parts.at(-1)];
      // A text that is only placeholders (a server's detail shown as it came) says nothing.
      if (parts.length < 2 || !/\p{L}/u.test(parts.join('')) || !r.startsWith(first) || !r.endsWith(last))
        return false;
      let at = first.length;
      for (const part of parts.slice(1, -1)) {
        const found = r.indexOf(part, at);
        if (found < 0) return false;
        at = found + part.length;
      }
      return at <= r.length - last.length;
    };
    const ids = new Set(flows.map((f) => f.compiled.id));
    const texts = Object.values(
      JSON.parse(readFileSync(new URL('../../i18n/es-PE.json', import.meta.url), 'utf8')) as Record<
        string,
        string
      >,
    );
    for (const r of READINGS) {
      expect(ids.has(r.flow), r.flow).toBe(true);
      expect(r.identity === FRESH || /^\d{8}$/.test(r.identity), r.identity).toBe(true);
      expect(
        texts.some((t) => t.includes(r.reads) || fills(t, r.reads)),
        `"${r.reads}" is part of a text of i18n/es-PE.json, or a whole one with its placeholders filled`,
      ).toBe(true);
    }
  });
});
