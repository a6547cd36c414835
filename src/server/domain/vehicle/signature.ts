/**
 * The motorcycle application after approval (spec 000 §4 "Motorcycle": loading, identity
 * validation, contract documents, electronic signature). The lender's back office approves
 * the registration (state 33); only then may the applicant answer the security questions,
 * read the contract documents generated from the registered simulation and sign them with
 * the SMS code, which moves the application to 10 (contract documents signed).
 *
 * The identity, contract and signature calls are shared with the instant credit upstream
 * (one prospect table); here they reach vehicle applications through
 * `sandbox/handlers/moto-signature.ts`. Lockouts share the instant credit's table and rules
 * but count per application (see `domain/lde/identity.ts`).
 */
import { createHash } from 'node:crypto';
import type { Services } from '../../sandbox/types.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';
import { sandboxProviders } from '../providers/sandbox-providers.ts';
import {
  activeLockout,
  addressMayAnswer,
  answersAreRight,
  buildQuestions,
  lockoutAfterFailure,
  readAnswers,
} from '../lde/identity.ts';
import { checkToken, sendToken, type TokenPurpose } from '../lde/sms-tokens.ts';
import {
  CONTRACT_DOCUMENTS,
  DOCUMENT_GROUPS,
  documentTitle,
  type ContractDocumentKind,
} from '../lde/documents.ts';
import { documentLink } from '../lde/document-links.ts';
import { signLink } from '../lde/links.ts';
import { renderContractDocument, type CreditDocumentData } from '../pdf/contract-documents.ts';
import type { Simulation } from '../../../engine/credit-math.ts';
import { latestSimulation, type StoredSimulation } from './simulations.ts';
import { termsOf } from './product-terms.ts';
import {
  EVALUABLE_STATES,
  EVALUATION_HELD,
  FAMILY_PRODUCT,
  setState,
  updateProspect,
  type Prospect,
} from './prospects.ts';
import { text } from '../../texts.ts';

/** Registration approved by the back office: the applicant may sign. */
export const READY_TO_SIGN = 33;
/** Contract documents signed. */
export const SIGNED = 10;

/** The families that sign through this sequence: motorcycle, and consumer or semi-new once its income declaration is signed. */
export const SIGNING_FAMILIES: ReadonlySet<string> = new Set(['moto', 'moto-honda', 'consumo', 'seminuevo']);

/** The documents a motorcycle credit signs: summary sheet, application, contract, schedule (group B). */
export const MOTO_DOCUMENT_GROUP = 'B' as const;

/** Token group and type of the signing code (the code is bound to them, document and phone). */
export const MOTO_TOKEN_GROUP = 'MOTO';
export const MOTO_TOKEN_TYPE = 'FIRMA';

/**
 * What the motorcycle documents print besides the simulation: sandbox settings chosen to be
 * believable, like the rates in `product-terms.ts`.
 */
export const MOTO_DOCUMENT_TERMS = {
  tasaMoratoria: 0.14,
  aseguradora: 'Rímac Seguros y Reaseguros',
  poliza: 'DESG-MOTO-2026-0001',
} as const;

/** A vehicle status the spec lists (000 §4 "Vehicle statuses", moto extras included). */
export const VEHICLE_STATUS_CODES: ReadonlySet<number> = new Set([
  0, 2, 10, 11, 12, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 39, 90, 91, 92, 93, -1, -2, -3, -5, -6,
]);

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

/** The phone the application was opened with (codes are only ever texted there). */
export function phoneOf(p: Prospect): string {
  return str(p.data.telefono) ?? '';
}

/** The page where the signature link lands (spec 000 §1 route list). */
export const SIGNATURE_PAGE = '/firma-electronica';

/**
 * Texts the applicant the link to sign: `/firma-electronica?token=…`, a resume link (72 hours)
 * bound to this application and its document, so the applicant may come back to sign later.
 */
export async function textSignatureLink(svc: Services, p: Prospect): Promise<string> {
  const token = await signLink(
    svc.settings.jwtSecret,
    { purpose: 'resume', kind: 'vehicle', codigoProspecto: p.id, documento: p.documento },
    svc.clock.now(),
  );
  const enlace = `${svc.settings.publicUrl.replace(/\/$/, '')}${SIGNATURE_PAGE}?token=${token}`;
  const celular = phoneOf(p);
  if (celular !== '')
    await svc.sms.send({
      celular,
      texto: `Tu crédito para moto está listo para firmar. Firma tus documentos aquí: ${enlace}`,
      enlace,
    });
  return enlace;
}

/**
 * The back office's decision on an application (the sandbox helper
 * `POST /__sandbox/prospects/{id}/state`): moves it to `estado`, recorded as a `backOffice`
 * event; approving a motorcycle registration (33) texts the applicant the signature link.
 * With `hold`, a move to a state the policy evaluation runs from (0, 12, 28) leaves the
 * evaluation pending, as upstream while the evaluation engine has not answered: lookups answer
 * the stored state until the back office moves the application again (see
 * `evaluateIfPending`). Answers an error text when the state is not one the spec lists, or a
 * hold is asked on a state no evaluation runs from.
 */
export async function backOfficeState(
  svc: Services,
  p: Prospect,
  estado: number,
  hold = false,
): Promise<Prospect | string> {
  if (!VEHICLE_STATUS_CODES.has(estado))
    return text('servidor.backOffice.estadoDesconocido', {
      estado,
      estados: [...VEHICLE_STATUS_CODES].join(', '),
    });
  if (hold && !EVALUABLE_STATES.has(estado))
    return text('servidor.backOffice.retenerSinEvaluacion', { estados: [...EVALUABLE_STATES].join(', ') });
  const next = await setState(svc.db, p, 'backOffice', estado, svc.clock.now(), {
    [EVALUATION_HELD]: hold,
  });
  if (estado === READY_TO_SIGN && p.estado !== READY_TO_SIGN && SIGNING_FAMILIES.has(p.family)) {
    await backOfficePreparesContracts(svc, next);
    await textSignatureLink(svc, next);
  }
  return next;
}

/**
 * The application-data flag of contract documents the back office generated before the page
 * asked for them (every family: the page's generation then answers "01").
 */
export const PREPARED_BY_BACK_OFFICE = 'contratosPreparados';

/**
 * The lender's back office generates the contract documents of some applications as soon as
 * they may be signed (33: the registration approved, or a consumer's income declaration signed;
 * sandbox row 33000010): generated from the registered simulation and recorded as the page's
 * own call would, so the page later finds them already in process ("01"). Nothing is generated
 * for other applications, nor without a registered simulation.
 */
export async function backOfficePreparesContracts(svc: Services, p: Prospect): Promise<void> {
  if (scenarioFor('vehicle', p.documento, 'contractsPrepared')?.code !== '01') return;
  const data = await documentDataOf(svc, p);
  if (!data) return;
  const documentos = await contractDocuments(svc, p, data);
  await updateProspect(
    svc.db,
    p,
    {
      data: {
        documentosContrato: documentos.map(({ tipo, sha256 }) => ({ tipo, sha256 })),
        [PREPARED_BY_BACK_OFFICE]: true,
      },
    },
    svc.clock.now(),
  );
}

type Reply = Record<string, unknown>;

const IDENTITY_TEXT: Record<string, string> = {
  '01': 'identity.failedMoto',
  '02': 'identity.attempts24h',
  '03': 'identity.attempts15d',
  '04': 'identity.noOffer',
  '99': 'error.questions',
};
const identityReply = (codRes: string, extra: Reply = {}): Reply => ({
  codRes,
  detalleRespuesta: codRes === '00' ? 'OK' : text(IDENTITY_TEXT[codRes] ?? 'error.badCodeResponse'),
  ...extra,
});

/**
 * `GET …/preguntas/{id}` for a motorcycle application: the questions ("20") once the
 * registration is approved (33); "99" before, or for 30000099. The right answers stay on the
 * application, never in the answer.
 */
export async function vehicleQuestions(svc: Services, p: Prospect): Promise<Reply> {
  if (p.estado !== READY_TO_SIGN || scenarioFor('instant', p.documento, 'identityQuestions')?.code === '99')
    return identityReply('99');
  const now = svc.clock.now();
  const record = await sandboxProviders.idRegistry.lookup(p.documento, now);
  if (!record) return identityReply('99');
  const set = buildQuestions(record, await sandboxProviders.bureau.report(p.documento));
  await updateProspect(
    svc.db,
    p,
    { data: { identidad: { preguntas: set.preguntas, respuestas: set.respuestas } } },
    now,
  );
  return { codRes: '20', detalleRespuesta: 'OK', preguntas: set.preguntas, cantidad: set.preguntas.length };
}

/**
 * One failed answer: "01", or "02"/"03" when it is the third within 24 hours (a second
 * lockout within 30 days lasts 15 days). Failures are this application's `identityFailed`
 * events; the lockout is this application's alone.
 */
async function recordVehicleFailure(svc: Services, p: Prospect, now: number): Promise<'01' | '02' | '03'> {
  await svc.db.query(
    'INSERT INTO vehicle_prospect_events (prospect_id, step, estado_from, estado_to, at) VALUES ($1, $2, $3, $3, $4)',
    [p.id, 'identityFailed', p.estado, new Date(now)],
  );
  return lockoutAfterFailure(svc.db, `vehicle:${p.id}`, p.documento, phoneOf(p), now, async (since) => {
    const { rows } = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vehicle_prospect_events WHERE prospect_id = $1 AND step = 'identityFailed' AND at > $2`,
      [p.id, since],
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * `POST …/preguntas` for a motorcycle application: "00" with the application (still 33, on
 * to the contract documents); "01" wrong answers; "02"/"03" locked out; "04" no approved
 * registration to sign; the rows 30000001–30000004 force their code.
 */
export async function vehicleAnswers(
  svc: Services,
  p: Prospect,
  body: Record<string, unknown>,
): Promise<Reply> {
  const forced = scenarioFor('instant', p.documento, 'identityQuestions');
  if (forced && forced.code !== '99') return identityReply(String(forced.code));
  const now = svc.clock.now();
  const lock = await activeLockout(svc.db, `vehicle:${p.id}`, now);
  if (lock) return identityReply(lock.kind === '15d' ? '03' : '02');
  if (!(await addressMayAnswer(svc.db, now))) return identityReply('02');
  if (p.estado !== READY_TO_SIGN) return identityReply('04');
  const stored = p.data.identidad as { respuestas?: Record<string, number> } | undefined;
  if (!stored?.respuestas) return identityReply('99');
  if (!answersAreRight({ respuestas: stored.respuestas }, readAnswers(body)))
    return identityReply(await recordVehicleFailure(svc, p, now));
  await updateProspect(
    svc.db,
    p,
    { data: { identidadValidada: true, identidadValidadaEn: new Date(now).toISOString() } },
    now,
  );
  return identityReply('00', { estadoProspecto: p.estado });
}

/** The stored quote as the document renderer's simulation, so the PDFs print the figures the applicant chose. */
function simulationOf(s: StoredSimulation): Simulation {
  return {
    tem: s.tem,
    instalment: s.cuota,
    totalInterest: s.totalIntereses,
    totalDesgravamen: s.cronograma.reduce((t, r) => t + r.desgravamen, 0),
    totalPaid: s.totalPagar,
    tcea: s.tcea,
    schedule: s.cronograma.map((r, i, all) => ({
      period: r.numero,
      date: r.fecha,
      days:
        r.fecha && i > 0 && all[i - 1]!.fecha
          ? Math.round((Date.parse(r.fecha) - Date.parse(all[i - 1]!.fecha!)) / 86_400_000)
          : 30,
      balance: r.saldo,
      principal: r.capital,
      interest: r.interes,
      desgravamen: r.desgravamen,
      instalment: r.cuota,
    })),
  };
}

/** The document data of an application with a registered simulation, or null. */
async function documentDataOf(svc: Services, p: Prospect): Promise<CreditDocumentData | null> {
  const s = await latestSimulation(svc.db, p.id);
  if (!s?.registered) return null;
  const terms = termsOf(p.codigoProducto, FAMILY_PRODUCT[p.family]);
  const d = p.data;
  return {
    codigoProspecto: p.id,
    producto: p.family === 'consumo' || p.family === 'seminuevo' ? p.family : 'moto',
    fecha: new Date(svc.clock.now()).toISOString().slice(0, 10),
    titular: {
      nombres: str(d.nombres) ?? '',
      apellidos: [str(d.apellidoPaterno), str(d.apellidoMaterno)].filter(Boolean).join(' '),
      tipoDocumento: p.tipoDocumento === 2 ? 'Carné de extranjería' : 'DNI',
      documento: p.documento,
      telefono: phoneOf(p),
      email: str(d.email) ?? str(d.correo) ?? null,
      direccion: [str(d.tipoVia), str(d.nombreVia), str(d.numero)].filter(Boolean).join(' ') || null,
      placa: p.placa,
    },
    credito: {
      monto: s.importeFinanciar,
      plazo: s.plazo,
      tea: s.tea,
      tasaMoratoria: MOTO_DOCUMENT_TERMS.tasaMoratoria,
      desgravamenMensual: terms.desgravamenMensual,
      aseguradora: MOTO_DOCUMENT_TERMS.aseguradora,
      poliza: MOTO_DOCUMENT_TERMS.poliza,
      factorRecaudo: 0,
      simulacion: simulationOf(s),
    },
    banco: null,
  };
}

/** Why the contract documents cannot be generated yet, or null when they can. */
function notReady(p: Prospect): string | null {
  if (p.estado !== READY_TO_SIGN) return 'error.contracts';
  if (p.data.identidadValidada !== true) return 'error.contracts';
  return null;
}

/**
 * Generates the motorcycle contract documents (group B) from the registered simulation,
 * records their SHA-256 on the application and answers each with a signed link to its PDF.
 * "01" (already in process) when the back office generated them on approval (row 33000010):
 * they are answered again from the simulation as it stands. "99" before the registration is
 * approved and the identity validated.
 */
export async function vehicleContracts(svc: Services, p: Prospect): Promise<Reply> {
  const why = notReady(p);
  const data = why ? null : await documentDataOf(svc, p);
  if (!data) return { codRes: '99', detalleRespuesta: text(why ?? 'error.contracts') };
  const documentos = await contractDocuments(svc, p, data);
  await updateProspect(
    svc.db,
    p,
    { data: { documentosContrato: documentos.map(({ tipo, sha256 }) => ({ tipo, sha256 })) } },
    svc.clock.now(),
  );
  return {
    // "01" (already in process, an alternate success): the back office generated them first.
    codRes: p.data[PREPARED_BY_BACK_OFFICE] === true ? '01' : '00',
    detalleRespuesta: 'OK',
    codigoProspecto: p.id,
    grupo: MOTO_DOCUMENT_GROUP,
    documentos,
  };
}

/** The group B documents of `data`, each with its SHA-256 and a signed link to its PDF. */
async function contractDocuments(svc: Services, p: Prospect, data: CreditDocumentData) {
  const now = svc.clock.now();
  const documentos = [];
  for (const tipo of DOCUMENT_GROUPS[MOTO_DOCUMENT_GROUP]) {
    const pdf = await renderContractDocument(tipo, data);
    documentos.push({
      tipo,
      campo: CONTRACT_DOCUMENTS.find((d) => d.tipo === tipo)!.campo,
      titulo: documentTitle(tipo),
      sha256: createHash('sha256').update(pdf).digest('hex'),
      url: await documentLink(
        svc.settings.jwtSecret,
        { codigoProspecto: p.id, documento: p.documento, tipo },
        now,
      ),
    });
  }
  return documentos;
}

/** One contract document of the application as PDF bytes, or null when it has none to show. */
export async function vehicleDocumentPdf(
  svc: Services,
  p: Prospect,
  tipo: ContractDocumentKind,
): Promise<Buffer | null> {
  if (!DOCUMENT_GROUPS[MOTO_DOCUMENT_GROUP].includes(tipo)) return null;
  const data = await documentDataOf(svc, p);
  return data ? renderContractDocument(tipo, data) : null;
}

function purposeOf(p: Prospect): TokenPurpose {
  return { documento: p.documento, celular: phoneOf(p), grupo: MOTO_TOKEN_GROUP, tipo: MOTO_TOKEN_TYPE };
}

/**
 * Texts the signing code to the application's own phone ("00"); "01" when it cannot be sent
 * now (too many codes, or the row 33000001); "99" before the documents were generated.
 */
export async function vehicleSendCode(svc: Services, p: Prospect): Promise<Reply> {
  if (notReady(p) || !Array.isArray(p.data.documentosContrato))
    return { codRes: '99', detalleRespuesta: text('error.tokenSend') };
  if (scenarioFor('instant', p.documento, 'contractDocuments'))
    return { codRes: '01', detalleRespuesta: text('error.tokenSend') };
  const sent = await sendToken(svc, purposeOf(p));
  if (sent.ok && scenarioFor('vehicle', p.documento, 'signedElsewhere')?.code === '02')
    await signedOnAnotherDevice(svc, p, sent.tokenId);
  // The state beside "00" (33, registration approved) is what the flows go on by (spec 000 §4).
  return sent.ok
    ? { codRes: '00', detalleRespuesta: 'OK', estadoProspecto: p.estado }
    : { codRes: '01', detalleRespuesta: text('error.tokenSend') };
}

/**
 * The applicant of row 34000010 keeps the signature link texted on approval open on their
 * phone and signs there with the code just sent, before pressing sign on this page: the code
 * is used and the signature recorded (state 10) as that device's own signature would be, so
 * the page's signature then finds the application signed ("02").
 */
async function signedOnAnotherDevice(svc: Services, p: Prospect, tokenId: number): Promise<void> {
  const now = svc.clock.now();
  await svc.db.query('UPDATE lde_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [
    tokenId,
    new Date(now),
  ]);
  await setState(svc.db, p, 'signature', SIGNED, now, {
    firma: { tokenId, canal: SIGNATURE_PAGE, firmadoEn: new Date(now).toISOString() },
  });
}

const VALUED_FIELDS = ['fi_hojres', 'fi_solcre', 'fi_contra', 'fi_cronog', 'fi_carins'];

/**
 * The electronic signature (`…/producto/lde?tipo=3`) of a motorcycle application: "00" signs
 * (state 10), "01" wrong or expired code, "02" already signed, "99" nothing to sign yet.
 */
export async function vehicleSign(
  svc: Services,
  p: Prospect,
  body: Record<string, unknown>,
  ip: string,
): Promise<Reply> {
  const answer = (codigoRespuesta: string, key?: string): Reply => ({
    codigoRespuesta,
    detalleRespuesta: key ? text(key) : 'OK',
  });
  if (p.estado === SIGNED || p.estado === 11) return answer('02', 'status.creditoAprobado');
  if (notReady(p) || !Array.isArray(p.data.documentosContrato))
    return answer('99', 'error.tokenValidateContracts');
  const check = await checkToken(svc, purposeOf(p), str(body.tokenSMS) ?? str(body.token) ?? '');
  if (!check.ok) return answer('01', 'token.incorrectRetry');
  const now = svc.clock.now();
  const aceptados = Object.fromEntries(
    VALUED_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]),
  );
  await setState(svc.db, p, 'signature', SIGNED, now, {
    firma: { tokenId: check.tokenId, aceptados, ip, firmadoEn: new Date(now).toISOString() },
  });
  return answer('00');
}
