/**
 * Pre-evaluation and policy evaluation of instant-credit applications (spec 000 §4
 * "Credinstante and celulares response codes", SCENARIOS.md).
 *
 * Pre-evaluation checks the document, phone, plate and age, records the prospect and, when
 * the applicant is eligible (code 0), starts the policy evaluation: its result reaches the
 * waiting page on the `/credinstante` or `/celulares` socket after
 * `settings.evaluationDelayMs`, in the room named by the prospect id. The result is also
 * stored, so the policy lookups answer it later.
 *
 * Each pre-evaluation opens a new application; an earlier signed (10) or active (11) credit
 * of the same person and product answers 10 / 11 instead, as upstream does.
 */
import { BadInput, type Handler, type Services } from '../../types.ts';
import { isCe, isDni, isMobile, isPlate } from '../../../../engine/peru.ts';
import { scenarioFor, type ScenarioCode } from '../../scenarios.ts';
import { sandboxProviders } from '../../../domain/providers/sandbox-providers.ts';
import { ageAt } from '../../../domain/providers/id-registry.ts';
import { evaluatePolicies, type PolicyFinding } from '../../../domain/lde/policies.ts';
import { phoneVerified, PROSPECT_STATE, type Prospect } from '../../../domain/lde/prospects.ts';
import { submitPreEvaluation } from '../../../domain/lde/pre-evaluation-store.ts';
import {
  submitEvaluation,
  type AnnounceEvaluation,
  type EvaluationAnswer,
} from '../../../domain/lde/evaluation-store.ts';
import { CELULARES_PRODUCT_CODE, LDE_TERMS } from '../../../domain/lde/terms.ts';
import { signLink } from '../../../domain/lde/links.ts';
import { text } from '../../../texts.ts';
import { newProspectId, optNum, optStr, reqStr } from './input.ts';

/** The prospect state each forced pre-evaluation code leaves (spec 000 §4 lead prospect states). */
const STATE_FOR_CODE = new Map<ScenarioCode, number>([
  [0, PROSPECT_STATE.eligible],
  [4, PROSPECT_STATE.offerReady],
  [10, PROSPECT_STATE.signed],
  [11, PROSPECT_STATE.active],
  [2, PROSPECT_STATE.inProcess],
  [99, PROSPECT_STATE.inProcess],
  ['01', PROSPECT_STATE.inProcess],
  ['03', PROSPECT_STATE.noOffer],
  ['04', PROSPECT_STATE.inProcess],
  [-5, PROSPECT_STATE.hold],
  ['05', PROSPECT_STATE.hold],
  ['99', PROSPECT_STATE.inProcess],
  [-6, PROSPECT_STATE.officeClosed],
]);

/** The text the modal shows for each non-eligible code. */
const TEXT_FOR_CODE = new Map<ScenarioCode, string>([
  [10, 'status.solicitudEnProceso'],
  [11, 'status.creditoActivado'],
  [2, 'status.evaluacionEnProceso'],
  [99, 'status.solicitudEnProceso'],
  ['01', 'status.solicitudEnProceso'],
  ['03', 'status.sinOferta'],
  ['04', 'status.prestamoAprobado'],
  [-5, 'status.noNuevasSolicitudes'],
  ['05', 'status.noNuevasSolicitudes'],
  ['99', 'error.badCodeResponse'],
  [-6, 'status.listaDeEspera'],
]);

/** The modal text of a pre-evaluation code other than eligible (shared by every pre-evaluation that answers these codes). */
export function preEvaluationText(code: ScenarioCode): string {
  return text(TEXT_FOR_CODE.get(code) ?? 'error.badCodeResponse');
}

/** Product of a pre-evaluation body: celulares by its product code, credinstante otherwise. */
function productOf(body: Record<string, unknown>, path: string): 'credinstante' | 'celulares' {
  if (optNum(body, 'codigoProducto') === CELULARES_PRODUCT_CODE) return 'celulares';
  const grupo = optStr(body, 'grupoToken')?.toUpperCase();
  if (grupo === 'CELULARES' || path.includes('celulares')) return 'celulares';
  return 'credinstante';
}

function validate(
  body: Record<string, unknown>,
  producto: string,
): { tipoDocumento: number; documento: string; telefono: string; placa: string | null } {
  const errors: { path: string; message: string }[] = [];
  const tipoDocumento = optNum(body, 'tipoDocumento') ?? 1;
  const documento = reqStr(body, 'documento');
  if (tipoDocumento === 1 && !isDni(documento))
    errors.push({ path: '/documento', message: 'el DNI debe tener 8 dígitos' });
  if (tipoDocumento === 2 && !isCe(documento))
    errors.push({ path: '/documento', message: 'el carné de extranjería debe tener de 9 a 12 caracteres' });
  if (tipoDocumento !== 1 && tipoDocumento !== 2)
    errors.push({ path: '/tipoDocumento', message: 'use 1 (DNI) o 2 (carné de extranjería)' });
  const telefono = optStr(body, 'telefono', 'celular') ?? '';
  if (!isMobile(telefono))
    errors.push({ path: '/telefono', message: 'el celular debe tener 9 dígitos y empezar con 9' });
  const placa = optStr(body, 'placa')?.toUpperCase() ?? null;
  if (producto === 'credinstante' && placa !== null && !isPlate(placa))
    errors.push({ path: '/placa', message: 'la placa debe tener la forma ABC-123' });
  if (errors.length > 0) throw new BadInput(errors);
  return { tipoDocumento, documento, telefono, placa };
}

/** `POST /v4/prospecto/v2.0/producto/lde`: the pre-evaluation. */
export const preEvaluate: Handler = async (req, svc) => {
  const body = req.body;
  const producto = productOf(body, req.endpoint.path);
  const { tipoDocumento, documento, telefono, placa } = validate(body, producto);
  const promoter = req.promoter;
  // A promoter's applications carry the promoter's entity and user; the applicant accepted the terms with the promoter (spec 001 §5).
  const terms = promoter !== null ? true : ['1', 'true', 1, true].includes(body.terms as never);
  if (!terms) throw new BadInput([{ path: '/terms', message: 'debe aceptar los términos y condiciones' }]);
  const now = svc.clock.now();
  const record = await sandboxProviders.idRegistry.lookup(documento, now);
  const fechaNacimiento = optStr(body, 'fechaNacimiento') ?? record?.fechaNacimiento ?? null;

  const forced = scenarioFor('instant', documento, 'preEvaluation');
  let code: ScenarioCode = forced?.code ?? 0;
  // A row may name the state its code leaves (−2 an ID that cannot apply, −1 a DNI to check).
  const forcedState = forced?.extra?.estadoProspecto;
  let estado =
    typeof forcedState === 'number' ? forcedState : (STATE_FOR_CODE.get(code) ?? PROSPECT_STATE.inProcess);
  let detalle: string | null = typeof forced?.extra?.detalle === 'string' ? text(forced.extra.detalle) : null;
  if (
    code === 0 &&
    fechaNacimiento !== null &&
    /^\d{4}-\d{2}-\d{2}$/.test(fechaNacimiento) &&
    ageAt(fechaNacimiento, now) < 18
  ) {
    // Code '03' with state -2 ("minor or invalid ID"), and a text that says why: the applicant
    // did nothing wrong with the DNI.
    code = '03';
    estado = PROSPECT_STATE.minorOrInvalidId;
    detalle = text('status.menorDeEdad');
  }

  const id = newProspectId();
  // Recorded with the other pre-evaluations of its batch; an eligible one (code 0) is answered
  // instead by an earlier signed (10) or active (11) credit of the same person and product.
  const recorded = await submitPreEvaluation(svc.db, {
    id,
    code,
    now,
    prospect: {
      producto,
      codigoProducto:
        optNum(body, 'codigoProducto') ?? (producto === 'celulares' ? CELULARES_PRODUCT_CODE : 13),
      tipoDocumento,
      documento,
      telefono,
      placa,
      email: optStr(body, 'email') ?? null,
      estado,
      canal: promoter?.canal ?? optNum(body, 'channel', 'canalAtencion') ?? 1,
      origen: promoter !== null ? 5 : (optNum(body, 'origen') ?? null),
      codigoEntidad: promoter?.codigoEntidad ?? optNum(body, 'codigoEntidad') ?? 1,
      // Only a promoter's session names who registered the application: a code in an anonymous
      // body would file the application under a promoter who never saw it.
      codigoUsuario: promoter?.codigoUsuario ?? null,
      terms,
      nombres: record?.nombres ?? null,
      apellidoPaterno: record?.apellidoPaterno ?? null,
      apellidoMaterno: record?.apellidoMaterno ?? null,
      fechaNacimiento,
      datos: {
        recorridoxDia: optNum(body, 'recorridoxDia') ?? null,
        ingresoMensual: optNum(body, 'ingresoMensual') ?? null,
        utm: {
          source: optStr(body, 'utm_source'),
          medium: optStr(body, 'utm_medium'),
          campaign: optStr(body, 'utm_campaign'),
          content: optStr(body, 'utm_content'),
        },
        ...(code === 4 ? { montoOfertado: LDE_TERMS[producto].montoOfertado } : {}),
      },
    },
  });
  code = recorded.code;
  estado = recorded.estado;
  if (detalle === null && code !== 0 && code !== 4) detalle = preEvaluationText(code);
  // The policy evaluation recorded with an eligible pre-evaluation waits for the applicant's
  // phone code (`startVerifiedEvaluation`): it is not scheduled here.
  const codigoEvaluacion = recorded.evaluationId;
  return {
    body: {
      codigoRespuesta: code,
      detalleRespuesta: detalle ?? 'OK',
      estadoProspecto: estado,
      prospecto: {
        codigoProspecto: id,
        // Only when a policy evaluation was started (code 0): the schema has no null for it.
        ...(codigoEvaluacion !== null ? { codigoEvaluacion } : {}),
        estadoProspecto: estado,
        codigoProducto:
          optNum(body, 'codigoProducto') ?? (producto === 'celulares' ? CELULARES_PRODUCT_CODE : 13),
        documento,
        nombres: record?.nombres ?? null,
        apellidoPaterno: record?.apellidoPaterno ?? null,
        apellidoMaterno: record?.apellidoMaterno ?? null,
        telefono,
        ...(code === 4 ? { montoOfertado: LDE_TERMS[producto].montoOfertado } : {}),
      },
    },
  };
};

/**
 * Once the applicant proved their phone (the SMS code after the pre-evaluation), answers the
 * application's pending policy evaluation after the sandbox delay. Nothing to do when none is
 * pending (an offer ready at pre-evaluation, or an evaluation answered already).
 */
export async function startVerifiedEvaluation(svc: Services, prospectId: number): Promise<void> {
  const { rows } = await svc.db.query<{ id: number }>(
    'SELECT id FROM lde_evaluations WHERE prospect_id = $1 AND resultado IS NULL ORDER BY id DESC LIMIT 1',
    [prospectId],
  );
  const evaluationId = rows[0] === undefined ? null : Number(rows[0].id);
  if (evaluationId === null) return;
  svc.later(svc.settings.evaluationDelayMs, () => runEvaluation(svc, prospectId, evaluationId));
}

/**
 * The socket's answer when the evaluation engine ran past its maximum wait (001 §8 "Socket
 * timeout": 'tiempo maximo de espera', code 99). Nothing was decided: the application goes back
 * to eligible (0), so sending it again starts a new evaluation.
 */
export const EVALUATION_GAVE_UP = 99;

/** Sample findings for the forced "observed, policies to correct" scenario. */
const FORCED_FINDINGS: PolicyFinding[] = [
  { codigo: 'DEUDA_VENCIDA', descripcion: 'Regulariza tus deudas vencidas', corregible: true },
  { codigo: 'INGRESOS', descripcion: 'Sustenta ingresos mensuales suficientes', corregible: true },
];

/**
 * Decides an evaluation: the scenario row, else the policy rules; `null` for the
 * never-answering scenario.
 */
async function decideEvaluation(p: Prospect, now: number): Promise<EvaluationAnswer | null> {
  // No evaluation goes on for an applicant who has not proved their phone: it stays pending.
  if (!phoneVerified(p)) return null;
  const forced = scenarioFor('instant', p.documento, 'policyEvaluation');
  if (forced && forced.code === null) return null;
  let resultado: number;
  let detalle: string | null;
  let motivos: PolicyFinding[] = [];
  if (forced) {
    resultado = Number(forced.code);
    detalle = typeof forced.extra?.detalle === 'string' ? forced.extra.detalle : null;
    if (detalle === '00') motivos = FORCED_FINDINGS;
  } else {
    // The registry is asked only when the application has no birth date (its answer never changes).
    const fecha =
      p.fechaNacimiento ??
      (await sandboxProviders.idRegistry.lookup(p.documento, now))?.fechaNacimiento ??
      null;
    const ingreso = typeof p.datos.ingresoMensual === 'number' ? p.datos.ingresoMensual : undefined;
    const r = evaluatePolicies({
      age: fecha ? ageAt(fecha, now) : 0,
      tipoDocumento: p.tipoDocumento,
      ...(ingreso !== undefined ? { ingresoMensual: ingreso } : {}),
      bureau: await sandboxProviders.bureau.report(p.documento),
    });
    resultado = r.resultado;
    detalle = r.detalle;
    motivos = r.motivos;
  }
  // Celulares has no observed-policies step: an observation there means "contact an advisor" (-1).
  if (p.producto === 'celulares' && resultado === 2) resultado = -1;
  // A pending result (-3) texts a link "to continue": the sandbox decides the application at
  // once, so the link opens it with its offer ready, or in the state a scenario row names.
  const resumeState =
    typeof forced?.extra?.estadoProspecto === 'number' ? forced.extra.estadoProspecto : null;
  const estado =
    resumeState !== null
      ? resumeState
      : resultado === EVALUATION_GAVE_UP
        ? PROSPECT_STATE.eligible
        : resultado === 1 || resultado === -3
          ? PROSPECT_STATE.offerReady
          : resultado === 0
            ? PROSPECT_STATE.officeClosed
            : resultado === 3
              ? PROSPECT_STATE.noOffer
              : PROSPECT_STATE.inProcess;
  return {
    resultado,
    detalle,
    motivos,
    estado,
    datos: estado === PROSPECT_STATE.offerReady ? { montoOfertado: LDE_TERMS[p.producto].montoOfertado } : {},
  };
}

/** The socket result of an evaluation: event `evaluacion` in the prospect's room of its product's namespace. */
const announceEvaluation: AnnounceEvaluation = (p, answer) => ({
  namespace: p.producto === 'celulares' ? '/celulares' : '/credinstante',
  room: String(p.id),
  event: 'evaluacion',
  payload: { resultado: answer.resultado, detalle: answer.detalle, codigoProspecto: p.id },
});

/**
 * Decides the evaluation, stores it, moves the prospect and stores the socket result (with the
 * other evaluations due at the same moment, in one transaction), then texts a link when the
 * applicant must come back later and emits the result. The never-answering scenario stores
 * nothing and emits nothing.
 */
export async function runEvaluation(svc: Services, prospectId: number, evaluationId: number): Promise<void> {
  const now = svc.clock.now();
  const answered = await submitEvaluation(
    svc.db,
    { prospectId, evaluationId, now },
    decideEvaluation,
    announceEvaluation,
  );
  if (answered === null) return;
  const { prospect: p, answer } = answered;
  await textLinkIfNeeded(svc, p, answer.resultado, answer.detalle, now);
  const r = announceEvaluation(p, answer);
  svc.sockets.emit(r.namespace, r.room, r.event, r.payload, { stored: true });
}

async function textLinkIfNeeded(
  svc: Services,
  p: Prospect,
  resultado: number,
  detalle: string | null,
  now: number,
): Promise<void> {
  const base = svc.settings.publicUrl.replace(/\/$/, '');
  if (resultado === -3) {
    const jwt = await signLink(
      svc.settings.jwtSecret,
      { purpose: 'resume', kind: 'lde', codigoProspecto: p.id, documento: p.documento },
      now,
    );
    const enlace = `${base}/${p.producto}?process=${jwt}`;
    await svc.sms.send({
      celular: p.telefono,
      texto: `Tu solicitud ya fue evaluada. Continúa aquí: ${enlace}`,
      enlace,
    });
  } else if (resultado === 2 && detalle === '00' && p.producto === 'credinstante') {
    const jwt = await signLink(
      svc.settings.jwtSecret,
      { purpose: 'observed', kind: 'lde', codigoProspecto: p.id, documento: p.documento },
      now,
    );
    const enlace = `${base}/credinstante/observados/${jwt}`;
    await svc.sms.send({
      celular: p.telefono,
      texto: `Tu solicitud tiene observaciones que puedes corregir aquí: ${enlace}`,
      enlace,
    });
  }
}
