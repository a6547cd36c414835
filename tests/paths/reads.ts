/**
 * What an applicant reads, headlessly: the texts of the screen a path test stands on (a step's
 * title, a message page's title and message, a dialog's title and message), resolved from
 * `i18n/es-PE.json` as the runtime resolves them (a dialog's by the runtime's own
 * `dialogTexts`, src/web/modals/dialog-texts.ts; a message page's as
 * src/web/views/message-view.tsx does). The table {@link READINGS} names, per flow, what a scenario
 * identity of SCENARIOS.md must meet on some path: `npm run test:paths` fails when a run of that
 * identity never shows it. The dialogs and pages the sandbox's answers lead to are proven here,
 * each flow's journey in the browser (tests/e2e).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledFlow, FlowState } from '../../src/engine/index.ts';
import { interpolate } from '../../src/web/lib/interpolate.ts';
import { dialogTexts, type Texts } from '../../src/web/modals/dialog-texts.ts';
import { holderFirstName } from '../../src/web/views/first-word.ts';
import { ROOT } from './load-flows.ts';

const TABLE = JSON.parse(readFileSync(join(ROOT, 'i18n', 'es-PE.json'), 'utf8')) as Record<string, string>;

/** The site's texts, as `src/web/lib/i18n.ts` answers them (a key without a text reads as written). */
const TEXTS: Texts = {
  t: (key, vars) => (TABLE[key] === undefined ? key : interpolate(TABLE[key], vars)),
  has: (key) => TABLE[key] !== undefined,
};

/** The texts of the screen `state` shows (the dialog over the step when one is open). */
export function readsOf(flow: CompiledFlow, state: FlowState): string[] {
  const out: (string | undefined)[] = [];
  if (state.modal !== null) {
    const { title, message } = dialogTexts(flow.flow, state.modal, TEXTS);
    out.push(title, message);
  } else {
    const step = flow.flow.steps[state.step];
    const vars = { ...state.context, nombre: holderFirstName(state.context) };
    const key = (k: unknown): string | undefined => (typeof k === 'string' ? TEXTS.t(k, vars) : undefined);
    // A message page's heading is its own title, else the step's (src/web/views/message-view.tsx).
    if (step?.view === 'message') out.push(key(step.props?.title ?? step.title), key(step.props?.message));
    else out.push(key(step?.title));
  }
  return out.filter((t): t is string => t !== undefined);
}

/** A reading: in `flow`, a run of `identity` (`fresh`: an identity no scenario lists, the happy path) shows `reads`. */
export interface Reading {
  flow: string;
  identity: string;
  /** Part of a text of one screen, as the applicant reads it. */
  reads: string;
}

export const FRESH = 'fresh';

/** Every text each identity met, per flow's run (see {@link readsOf}). */
export type Met = ReadonlyMap<string, ReadonlySet<string>>;

/** The readings of `flow` that no run met, as problems of the path tests. */
export function unmet(flow: string, met: Met, readings: readonly Reading[] = READINGS): string[] {
  const problems: string[] = [];
  for (const r of readings) {
    if (r.flow !== flow) continue;
    const texts = met.get(r.identity) ?? new Set<string>();
    if (![...texts].some((t) => t.includes(r.reads)))
      problems.push(
        `${flow}: no run of ${r.identity === FRESH ? 'a fresh identity' : `DNI ${r.identity}`} shows "${r.reads}" (tests/paths/reads.ts)`,
      );
  }
  return problems;
}

/** What SCENARIOS.md's identities read in each flow (one row per dialog or page an answer leads to). */
export const READINGS: readonly Reading[] = [
  ...(['consumo', 'moto'] as const).flatMap((flow): Reading[] => [
    // Pre-evaluation: the in-process dialog.
    { flow, identity: '50000024', reads: 'Ya tienes una solicitud en proceso.' },
    // The signature tables once the credit is approved: identity validation and contract documents.
    { flow, identity: '30000001', reads: 'No superaste la validación de identidad.' },
    { flow, identity: '30000002', reads: 'Vuelve a intentarlo dentro de 24 horas' },
    { flow, identity: '30000003', reads: 'Vuelve a intentarlo dentro de 15 días' },
    { flow, identity: '30000004', reads: 'Por ahora no tenemos una oferta disponible.' },
    { flow, identity: '33000001', reads: 'En estos momentos no podemos enviarte el código' },
    // A wrong signing code; the loading step finding a credit already approved; the congratulations.
    { flow, identity: FRESH, reads: '¡Código incorrecto! Vuelve a intentarlo.' },
    { flow, identity: FRESH, reads: 'Ya tienes un crédito aprobado.' },
    { flow, identity: FRESH, reads: 'Firmaste los documentos de tu crédito.' },
  ]),
  { flow: 'consumo', identity: '50000091', reads: 'En esta oportunidad tu solicitud no fue aprobada.' },
  // After the express approval: the income declaration (8) and its code (9), then the credit's detail.
  { flow: 'consumo', identity: FRESH, reads: 'Declaración jurada de ingresos' },
  { flow: 'consumo', identity: FRESH, reads: 'Confirma tu firma' },
  { flow: 'consumo', identity: FRESH, reads: 'Detalle de tu crédito' },
  { flow: 'moto', identity: '59000006', reads: 'La oficina virtual se encuentra cerrada en este momento.' },
  { flow: 'moto', identity: '51000023', reads: 'En esta oportunidad tu solicitud no fue aprobada.' },
  // The instant-credit tables of SCENARIOS.md, row by row.
  ...(['credinstante', 'celulares'] as const).flatMap((flow): Reading[] =>
    (
      [
        // Pre-evaluation.
        ['10000010', 'Ya tienes una solicitud en proceso.'],
        ['10000011', 'Ya tienes un crédito activado.'],
        ['10000002', 'Tu evaluación está en proceso'],
        ['10000099', 'Ya tienes una solicitud en proceso.'],
        ['10000001', 'Ya tienes una solicitud en proceso.'],
        ['10000003', 'En estos momentos no tenemos una oferta para ti'],
        ['10000044', 'Ya tenemos un préstamo aprobado para ti'],
        ['10000005', 'No se atenderán nuevas solicitudes hasta nuevo aviso'],
        ['10000055', 'No se atenderán nuevas solicitudes hasta nuevo aviso'],
        ['10000098', 'Estamos teniendo inconvenientes con el servidor.'],
        // The policy evaluation's socket.
        ['20000000', 'Cerrado temporalmente'],
        ['20000003', 'En esta oportunidad tu solicitud no fue aprobada.'],
        ['20000020', 'Un asesor se comunicará contigo.'],
        ['20000030', 'Te enviaremos un SMS para que puedas continuar con tu solicitud.'],
        ['20000099', 'Tu solicitud está tardando más de lo pensado.'],
        // Later steps.
        ['21000099', 'En estos momentos no podemos procesar tu solicitud.'],
        ['30000001', 'No superaste la validación de identidad.'],
        ['30000002', 'Vuelve a intentarlo dentro de 24 horas'],
        ['30000003', 'Vuelve a intentarlo dentro de 15 días'],
        ['30000004', 'Por ahora no tenemos una oferta disponible.'],
        ['31000002', 'Vuelve a intentar tu verificación facial.'],
        ['33000001', 'En estos momentos no podemos enviarte el código'],
      ] as const
    ).map(([identity, reads]) => ({ flow, identity, reads })),
  ),
  // Credinstante's own rows: the waiting list (-6), the policies to correct (2, details "00"),
  // observed with nothing to fix (details "02").
  { flow: 'credinstante', identity: '10000006', reads: 'Te hemos registrado en nuestra lista de espera.' },
  { flow: 'credinstante', identity: '20000002', reads: 'corrige las observaciones que te indicamos' },
  { flow: 'credinstante', identity: '20000022', reads: 'Un asesor se comunicará contigo.' },
  // Celulares answers an observed evaluation with -1: contact an advisor.
  ...['20000002', '20000022'].map((identity) => ({
    flow: 'celulares',
    identity,
    reads: 'Tu solicitud tiene observaciones. Por favor, comunícate con un asesor',
  })),
];
