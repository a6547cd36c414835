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

/** The same rows, `[identity, text]`, for each of `flows`. */
const each = (flows: readonly string[], rows: readonly (readonly [string, string])[]): Reading[] =>
  flows.flatMap((flow) => rows.map(([identity, reads]) => ({ flow, identity, reads })));

/** The vehicle and consumer products' pre-evaluation states (`500000SS`, `590000NN`) and their later steps. */
const VEHICLE = ['moto-honda', 'mototaxi', 'motofurgon', 'taxi-mujer', 'seminuevo', 'consumo-alfin'] as const;
/** Of those, the products whose pre-evaluation answers an age, document or closed office with the motorcycles' texts. */
const MOTORCYCLES = ['moto-honda', 'mototaxi', 'motofurgon', 'taxi-mujer'] as const;
/** The products that go on to the signature tables (identity validation, contract documents). */
const SIGNED = ['moto-honda', 'seminuevo', 'consumo-alfin'] as const;
/** The consumer quoters: the vehicle pre-evaluation and simulation answers, up to the quote. */
const QUOTERS = ['cotizador', 'cotizador-taxi', 'cotizador-consumo-alfin'] as const;
/** The existing-customer products (SCENARIOS.md "Other online products" and "Existing customers"). */
const CUSTOMERS = [
  'compra-deuda',
  'extraefectivo',
  'renovacion',
  'vendemas',
  'contigo',
  'faemype',
  'libre-disponibilidad',
  'ld-bancarizador',
] as const;
/** The conversion campaign. */
const CONVERSIONS = ['campanaconversiones', 'conversion', 'autoclass'] as const;

/** The texts the signature tables lead to, identity `30000001`–`30000004` and contract documents `33000001`. */
const SIGNATURE_TABLES = [
  ['30000001', 'No superaste la validación de identidad.'],
  ['30000002', 'Vuelve a intentarlo dentro de 24 horas'],
  ['30000003', 'Vuelve a intentarlo dentro de 15 días'],
  ['30000004', 'Por ahora no tenemos una oferta disponible.'],
  ['33000001', 'En estos momentos no podemos enviarte el código'],
] as const;

/** The instant-credit pre-evaluation, the policy evaluation's socket and the simulator's "99". */
const INSTANT_CREDIT = [
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
  // The simulator.
  ['21000099', 'En estos momentos no podemos procesar tu solicitud.'],
] as const;

/** What SCENARIOS.md's identities read in each flow (one row per dialog or page an answer leads to). */
export const READINGS: readonly Reading[] = [
  ...each(
    ['consumo', 'moto'],
    [
      // Pre-evaluation: the in-process dialog.
      ['50000024', 'Ya tienes una solicitud en proceso.'],
      // The signature tables once the credit is approved.
      ...SIGNATURE_TABLES,
      // A wrong signing code; the loading step finding a credit already approved; the congratulations.
      [FRESH, '¡Código incorrecto! Vuelve a intentarlo.'],
      [FRESH, 'Ya tienes un crédito aprobado.'],
      [FRESH, 'Firmaste los documentos de tu crédito.'],
    ],
  ),
  { flow: 'consumo', identity: '50000091', reads: 'En esta oportunidad tu solicitud no fue aprobada.' },
  // After the express approval: the income declaration (8) and its code (9), then the credit's detail.
  { flow: 'consumo', identity: FRESH, reads: 'Declaración jurada de ingresos' },
  { flow: 'consumo', identity: FRESH, reads: 'Confirma tu firma' },
  { flow: 'consumo', identity: FRESH, reads: 'Detalle de tu crédito' },
  { flow: 'moto', identity: '59000006', reads: 'La oficina virtual se encuentra cerrada en este momento.' },
  { flow: 'moto', identity: '51000023', reads: 'En esta oportunidad tu solicitud no fue aprobada.' },
  // The instant-credit tables of SCENARIOS.md, row by row.
  ...each(
    ['credinstante', 'celulares'],
    [...INSTANT_CREDIT, ...SIGNATURE_TABLES, ['31000002', 'Vuelve a intentar tu verificación facial.']],
  ),
  // Credinstante's own rows: the waiting list (-6), the policies to correct (2, details "00"),
  // observed with nothing to fix (details "02").
  { flow: 'credinstante', identity: '10000006', reads: 'Te hemos registrado en nuestra lista de espera.' },
  { flow: 'credinstante', identity: '20000002', reads: 'corrige las observaciones que te indicamos' },
  { flow: 'credinstante', identity: '20000022', reads: 'Un asesor se comunicará contigo.' },
  // Celulares answers an observed evaluation with -1: contact an advisor.
  ...each(
    ['celulares'],
    ['20000002', '20000022'].map((identity) => [
      identity,
      'Tu solicitud tiene observaciones. Por favor, comunícate con un asesor',
    ]),
  ),
  // The vehicle and consumer products (SCENARIOS.md "Vehicle and consumer products").
  ...each(VEHICLE, [
    ['50000024', 'Ya tienes una solicitud en proceso.'],
    ['59000002', 'Para solicitar un crédito debes tener 18 años o más.'],
    ['51000023', 'En esta oportunidad tu solicitud no fue aprobada.'],
    ['51000024', 'Nos comunicaremos sobre el resultado de tu evaluación'],
    ['52000023', 'En esta oportunidad tu solicitud no fue aprobada.'],
  ]),
  ...each(MOTORCYCLES, [
    ['50000092', 'Tu solicitud ya está preaprobada y la estamos revisando.'],
    ['59000001', 'Verifica tu número de carné y tu fecha de nacimiento.'],
    ['59000003', 'En estos momentos no tenemos una oferta para ti'],
    ['59000005', 'Esta placa ya fue entregada, por eso no podemos registrar una solicitud con ella.'],
    ['52000024', 'Tu evaluación está en proceso'],
  ]),
  // The documents answering −5, the used vehicle's plate (moto-honda reaches its documents only
  // after an observed simulation, `57000005`).
  ...each(
    ['mototaxi', 'motofurgon', 'taxi-mujer', 'seminuevo'],
    [['54000005', 'Esta placa ya fue entregada, por eso esta solicitud no puede continuar.']],
  ),
  {
    flow: 'moto-honda',
    identity: '57000005',
    reads: 'Esta placa ya fue entregada, por eso esta solicitud no puede continuar.',
  },
  ...each(
    ['seminuevo', 'consumo-alfin'],
    [
      ['59000001', 'Los datos ingresados no coinciden con tu documento de identidad.'],
      ['59000003', 'Tu documento de identidad no está habilitado para solicitar este crédito.'],
      ['52000024', 'Ya tienes una solicitud en proceso.'],
      ['53000099', 'No pudimos registrar tu simulación: el monto supera lo que tus ingresos permiten.'],
    ],
  ),
  ...each(
    ['seminuevo'],
    [
      ['50000092', 'Tu solicitud ya está preaprobada y la estamos revisando.'],
      ['59000005', 'Esta placa ya fue entregada, por eso no podemos registrar una solicitud con ella.'],
    ],
  ),
  // Consumo Alfin has no plate: "−5" is a product that takes no new applications; its guarantor can be refused.
  ...each(
    ['consumo-alfin'],
    [
      ['50000092', 'Ya tienes una solicitud en revisión.'],
      ['59000005', 'Por ahora no estamos atendiendo nuevas solicitudes de este crédito.'],
      ['54000005', 'Por ahora no estamos atendiendo nuevas solicitudes de este crédito.'],
      ['55000003', 'Tu aval no fue aprobado en la evaluación.'],
    ],
  ),
  {
    flow: 'moto-honda',
    identity: '59000006',
    reads: 'La oficina virtual se encuentra cerrada en este momento.',
  },
  { flow: 'taxi-mujer', identity: '50000002', reads: 'Ya existe un prospecto en curso.' },
  ...each(SIGNED, SIGNATURE_TABLES),
  ...each(QUOTERS, [
    ['50000024', 'Ya tienes una solicitud en proceso.'],
    ['50000092', 'Ya tienes una solicitud en revisión.'],
    ['51000023', 'En esta oportunidad tu solicitud no fue aprobada.'],
    ['51000024', 'Nos comunicaremos sobre el resultado de tu evaluación'],
    ['53000099', 'No pudimos registrar tu simulación: el monto supera lo que tus ingresos permiten.'],
    ['59000001', 'Los datos ingresados no coinciden con tu documento de identidad.'],
    ['59000002', 'Para solicitar un crédito debes tener 18 años o más.'],
    ['59000003', 'Tu documento de identidad no está habilitado para solicitar este crédito.'],
    ['59000005', 'Por ahora no estamos atendiendo nuevas solicitudes de este crédito.'],
  ]),
  // The taxi flow through server steps (SCENARIOS.md "Taxi and vehicle flow through server steps").
  ...each(
    ['taxi-profesional'],
    [
      [FRESH, 'Verificamos tus datos: puedes iniciar tu solicitud.'],
      ['60000001', 'Ya tienes una solicitud registrada con nosotros.'],
      // State 1 is not 9: saving the data is refused, back to the customer check (modal 8).
      ['60000001', 'No pudimos registrar tu solicitud en este momento.'],
      ['60000003', 'Tu solicitud tiene datos por actualizar.'],
      ['60000005', 'Tu solicitud anterior está en revisión'],
      ['60000006', 'Tu solicitud no puede continuar en su estado actual (6). Comunícate con un asesor.'],
      ['61000001', 'Ya tienes una solicitud en proceso.'],
      ['61000002', 'Tu evaluación está en proceso'],
      ['69000099', 'No pudimos registrar tu solicitud en este momento.'],
      ['69000098', 'No pudimos verificar tus datos en este momento.'],
      // The admission score, the simulation, the instalment and the documents.
      ['63000003', 'En esta oportunidad tu solicitud no fue aprobada.'],
      ['53000099', 'No pudimos registrar tu simulación: el monto supera lo que tus ingresos permiten.'],
      ['62000040', 'La cuota elegida supera tu capacidad de pago.'],
      ['64000001', 'Faltan documentos por adjuntar. Sube las fotos de los cinco documentos'],
      [FRESH, 'Faltan documentos por adjuntar. Sube las fotos de los cuatro documentos'],
      // Without an office, whatever is missing: the application is registered.
      [FRESH, 'Registramos tu solicitud'],
      [FRESH, 'Un asesor se comunicará contigo para recoger los documentos que falten'],
      [FRESH, 'No pudimos emitir tu SOAT en este momento.'],
      [FRESH, 'Un asesor revisará tu expediente'],
    ],
  ),
  // The conversion campaign.
  ...each(CONVERSIONS, [
    ['70000002', 'Tu evaluación está en proceso'],
    ['70000014', 'Tu crédito está preaprobado.'],
    ['70000022', 'Ya tienes un crédito activado.'],
    ['70000077', 'Ya tienes una solicitud en proceso.'],
    ['71000001', 'Ya tienes una solicitud en proceso.'],
    ['71000003', 'En estos momentos no tenemos una oferta para ti'],
    ['71000004', 'Ya tenemos un préstamo aprobado para ti'],
    ['71000005', 'No se atenderán nuevas solicitudes hasta nuevo aviso'],
  ]),
  // The existing-customer products: the pre-evaluation codes and the customers' rows.
  ...each(CUSTOMERS, [
    ['80000003', 'No encontramos'],
    ['80000005', 'Por ahora no calificas para esta campaña.'],
    ['80000099', 'En estos momentos no podemos procesar tu solicitud.'],
    ['81000000', 'No encontramos'],
    ['81000030', 'Por ahora no tenemos una oferta disponible.'],
    ['81000002', 'Por ahora no calificas para esta campaña.'],
    ['81000004', 'Por ahora no tenemos una oferta disponible.'],
    ['81000008', 'No superaste la validación de identidad.'],
    ['81000009', 'Vuelve a intentarlo dentro de 24 horas'],
    ['81000010', 'Vuelve a intentarlo dentro de 15 días'],
    ['81000011', 'Por ahora no tenemos una oferta disponible.'],
  ]),
  ...each(
    CUSTOMERS.filter((flow) => flow !== 'vendemas'),
    [['80000001', 'Ya tienes una solicitud en curso.']],
  ),
  { flow: 'renovacion', identity: '80000004', reads: 'Ya tenemos un préstamo aprobado para ti.' },
  { flow: 'faemype', identity: '81000505', reads: 'Por ahora no calificas para esta campaña.' },
  // The older Credinstante: the same tables, its offer ready at once, waiting list, questions
  // that could not be obtained and approved offer.
  ...each(
    ['credinstante-deprecated'],
    [
      ...INSTANT_CREDIT,
      ...SIGNATURE_TABLES,
      ['10000004', '¡Tu oferta está lista!'],
      ['10000006', 'Te hemos registrado en nuestra lista de espera.'],
      ['30000099', 'En estos momentos no podemos obtener las preguntas de validación.'],
      ['34000002', 'Ya tienes una oferta aprobada.'],
    ],
  ),
  // The flows opened from a texted link: a tampered link, an expired one, and each one's own answers.
  ...each(
    ['cambiarcuenta', 'activacion-ld', 'credinstante-observados'],
    [[FRESH, 'El enlace no es válido. Asegúrate de abrirlo completo, tal como llegó en el SMS.']],
  ),
  ...each(['cambiarcuenta', 'activacion-ld'], [['76000007', 'Se venció el plazo para usar este enlace.']]),
  ...each(
    ['firma-electronica'],
    [...SIGNATURE_TABLES, ['33000010', 'Firmaste los documentos de tu crédito.']],
  ),
  ...each(
    ['cambiarcuenta'],
    [
      ['76000002', 'Tu crédito todavía no está aprobado. Podrás cambiar la cuenta cuando lo esté.'],
      ['76000099', 'La cuenta no está a nombre del titular del crédito.'],
      ['32000001', 'Código no válido'],
      [FRESH, 'Cambiamos tu cuenta'],
    ],
  ),
  ...each(
    ['activacion-ld'],
    [
      ['86200101', 'Ya tienes un crédito activado.'],
      [FRESH, '¡Tu crédito está activo!'],
    ],
  ),
  ...each(
    ['credinstante-observados'],
    [
      ['20000002', 'corrige estas observaciones subiendo los documentos'],
      ['20000002', 'Un analista revisará tus documentos en un plazo máximo de 2 días hábiles.'],
    ],
  ),
];
