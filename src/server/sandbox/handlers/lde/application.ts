/**
 * The rest of an instant-credit application's life: policy lookups, the applicant's data,
 * choosing the offer, confirming data, declining the loan (retanqueo, FAE MYPE and vende más
 * answer from the customer model: `../customers.ts`).
 */
import { maskAccount, shownAccount } from '../../../domain/lde/disbursement-account.ts';
import {
  BANK_FIELDS,
  CONFIRMATION_DERIVED_FIELDS,
  CONFIRMATION_FIELDS,
} from '../../../../engine/confirmation-fields.ts';
import { BadInput, type Db, type Handler } from '../../types.ts';
import { OFFICES } from '../../../domain/catalogs/offices.ts';
import {
  loadProspect,
  mergeData,
  setState,
  PROSPECT_STATE,
  type Prospect,
} from '../../../domain/lde/prospects.ts';
import { CUSTOMER_TERMS, isCustomerProduct } from '../../../domain/customers/index.ts';
import { text } from '../../../texts.ts';
import { checkUpload } from '../../../domain/vehicle/uploads.ts';
import { optNum, optStr, prospectOf } from './input.ts';
import { chooseOffer as chooseOfferRow, offerOf, saveSimulation } from './simulator.ts';
import { namesAccount, readAccount, sameAccount, savedAccount, storeAccount } from './bank-account.ts';
import { backOfficePreparesContracts } from './contract-flow.ts';

const fail = (field: 'codRes' | 'codigoRespuesta', key = 'error.badCodeResponse') => ({
  body: { [field]: '99', detalleRespuesta: text(key) },
});

interface EvaluationRow {
  id: number;
  prospect_id: number;
  resultado: number | null;
  detalle: string | null;
  motivos: unknown[];
}

/** The application's newest policy evaluation, if it had one. */
async function latestEvaluation(db: Db, prospectId: number): Promise<EvaluationRow | undefined> {
  const { rows } = await db.query<EvaluationRow>(
    'SELECT * FROM lde_evaluations WHERE prospect_id = $1 ORDER BY id DESC LIMIT 1',
    [prospectId],
  );
  return rows[0];
}

/** `POST /politicas/evaluacion/detalle/2`: the observed policies; codRes is the detail ("00" to correct, "02" none). */
export const policyDetail: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codRes');
  const e = await latestEvaluation(svc.db, p.id);
  if (!e || e.resultado === null || e.detalle === null) return fail('codRes');
  return { body: { codRes: e.detalle, politicas: e.motivos, codigoEvaluacion: Number(e.id) } };
};

/** Observation details (001 §4): policies to correct, or none left to fix. */
export const OBSERVATION = { toCorrect: '00', noneToFix: '02' } as const;

/**
 * The lender's analyst reviews an observed instant-credit application (the sandbox helper
 * `POST /__sandbox/prospects/{id}/observation`): after reading the supports the applicant sent,
 * or the observed policies alone, they leave nothing for the applicant to correct (details
 * "02"; an advisor will call). The application's newest evaluation keeps its result (2,
 * observed) with the new details, and the review is recorded on the application; from then on
 * the observed-case page answers "02" and further supports "01". Answers what was found:
 * no application, or no observed evaluation to review.
 */
export async function reviewObservation(
  db: Db,
  prospectId: number,
  now: number,
): Promise<'reviewed' | 'unknown' | 'notObserved'> {
  const p = await loadProspect(db, prospectId);
  if (!p) return 'unknown';
  const e = await latestEvaluation(db, p.id);
  if (!e || e.resultado !== 2) return 'notObserved';
  await db.query('UPDATE lde_evaluations SET detalle = $2 WHERE id = $1', [e.id, OBSERVATION.noneToFix]);
  await mergeData(db, p.id, { observacionRevisada: new Date(now).toISOString() }, now);
  return 'reviewed';
}

/** The documents an observed applicant may send: one required, one more if the findings need it. */
const SUPPORT_SLOTS = ['sustento', 'sustentoAdicional'] as const;

/**
 * `POST /politicas/evaluacion/sustento`: the documents with which an observed Credinstante
 * applicant corrects the observed policies (details "00"), checked like any upload (type from
 * the file's first bytes, 5 MB at most: 400 otherwise) and stored with the evaluation for an
 * analyst to review. "01" when the application's last evaluation has nothing to correct.
 */
export const observedSupport: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codRes');
  const e = await latestEvaluation(svc.db, p.id);
  if (p.producto !== 'credinstante' || !e || e.resultado !== 2 || e.detalle !== OBSERVATION.toCorrect)
    return { body: { codRes: '01', detalleRespuesta: text('status.asesorContactara') } };
  const files = SUPPORT_SLOTS.flatMap((slot) => {
    const raw = req.body[slot];
    if (slot === 'sustentoAdicional' && (raw === undefined || raw === null || raw === '')) return [];
    return [
      {
        slot,
        file: checkUpload(
          { kind: slot, filename: '', contentType: '', base64: typeof raw === 'string' ? raw : '' },
          slot,
        ),
      },
    ];
  });
  const now = new Date(svc.clock.now()).toISOString();
  for (const { slot, file } of files) {
    await svc.db.query(
      'INSERT INTO lde_observed_supports (prospect_id, evaluation_id, slot, filename, content_type, size_bytes, content, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [p.id, e.id, slot, file.filename, file.contentType, file.bytes.length, file.bytes, now],
    );
  }
  await mergeData(svc.db, p.id, { sustentosObservados: now }, svc.clock.now());
  return {
    body: {
      codRes: '00',
      detalleRespuesta: text('servidor.observados.recibidos'),
      codigoEvaluacion: Number(e.id),
      documentos: files.length,
    },
  };
};

/** `GET /v5/evaluacion/v2.0/politicas/?codigoEvaluacion=`: one evaluation; "99" on any failure. */
export const policies: Handler = async (req, svc) => {
  const id = Number(req.query.codigoEvaluacion);
  if (!Number.isSafeInteger(id) || id <= 0) return fail('codRes');
  const { rows } = await svc.db.query<EvaluationRow>('SELECT * FROM lde_evaluations WHERE id = $1', [id]);
  const e = rows[0];
  if (!e) return fail('codRes');
  // An evaluation still running has no result yet: `resultado` and `detalle` are left out rather
  // than answered as 0, which would read as "approved, office closed".
  const outcome = {
    ...(e.resultado === null ? {} : { resultado: e.resultado }),
    ...(e.detalle === null ? {} : { detalle: e.detalle }),
  };
  return {
    body: {
      codRes: '00',
      politicas: e.motivos,
      data: {
        codigoEvaluacion: id,
        codigoProspecto: Number(e.prospect_id),
        ...outcome,
        politicas: e.motivos,
      },
    },
  };
};

/** The credit figures an existing customer's application keeps, shown only once they proved who they are. */
const CUSTOMER_FIGURES = ['montoOfertado', 'montoMinimo', 'saldoCancelado'];

/**
 * What `users/lde/{id}` may show of a prospect: everything for an instant credit; for an
 * existing customer who has not passed the identity questions yet, neither the figures of
 * their credit nor the phone on file (masked), since opening the application took only a
 * document and a plate.
 */
function shownOf(p: Prospect): { telefono: string; datos: Record<string, unknown> } {
  // Account numbers kept with the confirmation data (celulares) show masked, as the account does.
  const masked = Object.fromEntries(
    Object.entries(p.datos).map(([k, v]) => [
      k,
      /^numeroCuenta/.test(k) && typeof v === 'string' ? maskAccount(v) : v,
    ]),
  );
  if (!isCustomerProduct(p.producto) || p.datos.identidadValidada === true)
    return { telefono: p.telefono, datos: masked };
  const datos = Object.fromEntries(Object.entries(masked).filter(([k]) => !CUSTOMER_FIGURES.includes(k)));
  return { telefono: `${p.telefono.slice(0, 1)}*****${p.telefono.slice(-3)}`, datos };
}

/** `GET /v4/prospecto/v2.0/users/lde/{id}`: the applicant's data. */
export const user: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codigoRespuesta', 'error.userLookup');
  const shown = shownOf(p);
  // The disbursement account (the one changed on /cambiarcuenta, if it was), masked.
  const cuenta = await shownAccount(svc.db, p.id);
  return {
    body: {
      codigoRespuesta: '00',
      data: {
        codigoProspecto: p.id,
        estadoProspecto: p.estado,
        tipoDocumento: p.tipoDocumento,
        documento: p.documento,
        nombres: p.nombres,
        apellidoPaterno: p.apellidoPaterno,
        apellidoMaterno: p.apellidoMaterno,
        fechaNacimiento: p.fechaNacimiento,
        telefono: shown.telefono,
        ...(p.email !== null ? { email: p.email } : {}),
        placa: p.placa,
        ...shown.datos,
        ...(cuenta !== null ? { cuentaDesembolso: cuenta } : {}),
      },
    },
  };
};

/** `GET /info/required/{codigoProspecto}`: what the application still lacks. */
export const requiredInfo: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codRes');
  const offer = await offerOf(svc, p.id);
  const { rows: bank } = await svc.db.query('SELECT 1 FROM lde_bank_details WHERE prospect_id = $1', [p.id]);
  const faltantes = [
    ...(offer ? [] : ['oferta']),
    ...(p.datos.identidadValidada === true ? [] : ['validacionIdentidad']),
    ...(p.datos.datosConfirmados === true ? [] : ['datosConfirmados']),
    ...(p.producto === 'credinstante' && bank.length === 0 ? ['datosBancarios'] : []),
  ];
  return {
    body: { codRes: '00', data: { codigoProspecto: p.id, faltantes, completo: faltantes.length === 0 } },
  };
};

/** `GET /producto/lde/question-in-evaluation`: a question shown while the evaluation runs. */
export const questionInEvaluation: Handler = () =>
  Promise.resolve({
    body: {
      codRes: '00',
      data: {
        id: 1,
        texto: '¿Para qué usarás tu préstamo?',
        opciones: [
          { id: 1, texto: 'Mantenimiento del vehículo' },
          { id: 2, texto: 'Gastos del hogar' },
          { id: 3, texto: 'Capital de trabajo' },
          { id: 4, texto: 'Otro' },
        ],
      },
    },
  });

/**
 * `PUT …/producto/lde?tipo=0`: the chosen offer. With `codigoSimulacion` it picks a saved
 * simulation of this prospect; with an amount and term it simulates and saves first.
 */
function chooseOfferHandler(field: 'codRes' | 'codigoRespuesta'): Handler {
  return async (req, svc) => {
    const p = await prospectOf(svc.db, req);
    if (!p || p.estado !== PROSPECT_STATE.offerReady) return fail(field, 'error.offerChoice');
    const simId = optNum(req.body, 'codigoSimulacion');
    let chosen: number;
    if (simId !== undefined) {
      const { rows } = await svc.db.query(
        'SELECT 1 FROM lde_simulations WHERE id = $1 AND prospect_id = $2',
        [simId, p.id],
      );
      if (rows.length === 0) return fail(field, 'error.offerChoice');
      chosen = simId;
    } else {
      const monto = optNum(req.body, 'importeFinanciar', 'importe', 'monto');
      const plazo = optNum(req.body, 'cuotas', 'plazo', 'numeroCuotas');
      if (monto === undefined || plazo === undefined) {
        const existing = await offerOf(svc, p.id);
        if (!existing) return fail(field, 'error.offerChoice');
        chosen = existing.simulationId;
      } else {
        chosen = (await saveSimulation(svc, p, monto, plazo)).id;
      }
    }
    await chooseOfferRow(svc, p.id, chosen);
    return { body: { [field]: '00', codigoSimulacion: chosen, detalleRespuesta: 'OK' } };
  };
}

/** Disbursement type of a loan paid out in cash at an office (LD-Bancarizador); 1 is a bank account. */
export const OFFICE_DISBURSEMENT = 2;

/**
 * The office a loan paid out at an office is collected at: `codigoOficina` must be one of the
 * offices catalog (`GET /kong/utilsJS/v1.0/lugares`).
 */
function officeOf(body: Record<string, unknown>): { tipoDesembolso: number; codigoOficina: number } {
  const codigo = optNum(body, 'codigoOficina');
  if (codigo === undefined || !OFFICES.some((o) => o.codigo === codigo))
    throw new BadInput([{ path: '/codigoOficina', message: text('servidor.campo.oficina') }]);
  return { tipoDesembolso: OFFICE_DISBURSEMENT, codigoOficina: codigo };
}

/**
 * `PUT …/producto/lde?tipo=2`: the confirmed data (the fields of the confirmation form, and the
 * disbursement account the mobile-phone screen confirms there too, spec 000 §2, as celulares
 * has no bank-details step); confirms the chosen offer.
 */
function confirmDataHandler(field: 'codRes' | 'codigoRespuesta'): Handler {
  return async (req, svc) => {
    const p = await prospectOf(svc.db, req);
    if (!p) return fail(field, 'error.dataUpdate');
    const offer = await offerOf(svc, p.id);
    if (!offer) return fail(field, 'error.dataUpdate');
    const atOffice = isCustomerProduct(p.producto) && CUSTOMER_TERMS[p.producto].disbursedAtOffice === true;
    const datos: Record<string, unknown> = { datosConfirmados: true };
    for (const f of [
      ...CONFIRMATION_FIELDS,
      ...CONFIRMATION_DERIVED_FIELDS,
      ...(atOffice ? [] : BANK_FIELDS),
    ])
      if (req.body[f] !== undefined) datos[f] = req.body[f];
    if (atOffice) Object.assign(datos, officeOf(req.body));
    const now = svc.clock.now();
    // The first account is kept where a change of account looks for it; once saved, a
    // different one here is refused: the change takes the SMS code sent to the phone on file.
    if (!atOffice && namesAccount(req.body)) {
      const account = readAccount(req.body);
      const saved = await savedAccount(svc.db, p.id);
      if (saved !== null && !sameAccount(saved, account)) return fail(field, 'error.cuentaYaRegistrada');
      if (saved === null) await storeAccount(svc.db, p.id, account, now);
    }
    await mergeData(svc.db, p.id, datos, now);
    await svc.db.query('UPDATE lde_offers SET confirmed_at = $2 WHERE prospect_id = $1', [
      p.id,
      new Date(now),
    ]);
    await backOfficePreparesContracts(svc, p.id);
    return { body: { [field]: '00', detalleRespuesta: 'OK' } };
  };
}

/** `POST …/producto/lde/rechazo-prestamo`: the applicant declines; the comment is kept ("10" feedback saved). */
export const rejectLoan: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codigoRespuesta');
  await setState(svc.db, p.id, PROSPECT_STATE.withdrawn, svc.clock.now(), {
    rechazo: {
      motivo: optStr(req.body, 'motivo') ?? null,
      comentario: optStr(req.body, 'comentario') ?? null,
    },
  });
  return { body: { codigoRespuesta: '10', detalleRespuesta: text('status.comentarioGuardado') } };
};

export const chooseOfferV4 = chooseOfferHandler('codigoRespuesta');
export const chooseOfferKong = chooseOfferHandler('codRes');
export const confirmDataV4 = confirmDataHandler('codigoRespuesta');
export const confirmDataKong = confirmDataHandler('codRes');
