/**
 * The rest of an instant-credit application's life: policy lookups, the applicant's data,
 * choosing the offer, confirming data, declining the loan, and the FAE MYPE offer (retanqueo
 * and vende más answer from the customer model: `../customers.ts`).
 */
import type { Handler } from '../../types.ts';
import { scenarioFor } from '../../scenarios.ts';
import {
  loadProspect,
  mergeData,
  setState,
  PROSPECT_STATE,
  type Prospect,
} from '../../../domain/lde/prospects.ts';
import { isCustomerProduct } from '../../../domain/customers/index.ts';
import { text } from '../../../texts.ts';
import { optNum, optStr, prospectOf } from './input.ts';
import { chooseOffer as chooseOfferRow, offerOf, saveSimulation } from './simulator.ts';
import { namesAccount, readAccount, sameAccount, savedAccount, storeAccount } from './bank-account.ts';

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

/** `POST /politicas/evaluacion/detalle/2`: the observed policies; codRes is the detail ("00" to correct, "02" none). */
export const policyDetail: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codRes');
  const { rows } = await svc.db.query<EvaluationRow>(
    'SELECT * FROM lde_evaluations WHERE prospect_id = $1 ORDER BY id DESC LIMIT 1',
    [p.id],
  );
  const e = rows[0];
  if (!e || e.resultado === null || e.detalle === null) return fail('codRes');
  return { body: { codRes: e.detalle, politicas: e.motivos, codigoEvaluacion: Number(e.id) } };
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
  if (!isCustomerProduct(p.producto) || p.datos.identidadValidada === true)
    return { telefono: p.telefono, datos: p.datos };
  const datos = Object.fromEntries(Object.entries(p.datos).filter(([k]) => !CUSTOMER_FIGURES.includes(k)));
  return { telefono: `${p.telefono.slice(0, 1)}*****${p.telefono.slice(-3)}`, datos };
}

/** `GET /v4/prospecto/v2.0/users/lde/{id}`: the applicant's data. */
export const user: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return fail('codigoRespuesta', 'error.userLookup');
  const shown = shownOf(p);
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

/**
 * Fields of the confirmation-data form kept on the prospect; the mobile-phone screen confirms
 * the disbursement account there too (spec 000 §2), as celulares has no bank-details step: that
 * one is kept with the other saved accounts (`bank-account.ts`).
 */
const CONFIRMATION_FIELDS = [
  'tipoResidencia',
  'departamento',
  'provincia',
  'distrito',
  'direccion',
  'email',
  'telefonoAdicional',
  'marca',
  'modelo',
  'sectorEconomico',
  'actividadEconomica',
  'profesion',
  'ubigeo',
];

/** `PUT …/producto/lde?tipo=2`: the confirmed data; confirms the chosen offer. */
function confirmDataHandler(field: 'codRes' | 'codigoRespuesta'): Handler {
  return async (req, svc) => {
    const p = await prospectOf(svc.db, req);
    if (!p) return fail(field, 'error.dataUpdate');
    const offer = await offerOf(svc, p.id);
    if (!offer) return fail(field, 'error.dataUpdate');
    const datos: Record<string, unknown> = { datosConfirmados: true };
    for (const f of CONFIRMATION_FIELDS) if (req.body[f] !== undefined) datos[f] = req.body[f];
    const now = svc.clock.now();
    // The first account is kept where a change of account looks for it; once saved, a
    // different one here is refused: the change takes the SMS code sent to the phone on file.
    if (namesAccount(req.body)) {
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

/** Modal texts of the other online products' codes (SCENARIOS.md "Other online products"). */
const OTHER_PRODUCT_TEXT: Record<string, string> = {
  '01': 'status.prospectoEnCurso',
  '03': 'status.sinOferta',
  '04': 'status.prestamoAprobado',
  '05': 'status.noCalificado',
  '99': 'error.badCodeResponse',
};

/** FAE MYPE (`fae/ov`) answers its scenario code, else "00" with a fixed offer, until FAE MYPE has its product on the customer model. */
const otherProduct: Handler = async (req, svc) => {
  const documento =
    optStr(req.body, 'documento') ?? (await loadProspect(svc.db, req.body.codigoProspecto))?.documento;
  const forced = documento ? scenarioFor('otherProducts', documento) : undefined;
  if (forced)
    return {
      body: {
        codRes: String(forced.code),
        detalleRespuesta: text(OTHER_PRODUCT_TEXT[String(forced.code)] ?? 'error.badCodeResponse'),
      },
    };
  return {
    body: {
      codRes: '00',
      detalleRespuesta: 'OK',
      data: { documento: documento ?? null, montoOfertado: 5000, plazos: '6,9,12,18,24' },
    },
  };
};

export const chooseOfferV4 = chooseOfferHandler('codigoRespuesta');
export const chooseOfferKong = chooseOfferHandler('codRes');
export const confirmDataV4 = confirmDataHandler('codigoRespuesta');
export const confirmDataKong = confirmDataHandler('codRes');
export { otherProduct };
