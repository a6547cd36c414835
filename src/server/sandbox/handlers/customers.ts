/**
 * The existing-customer products (renovación, extra efectivo, compra de deuda, contigo, vende
 * más, FAE MYPE): the
 * offer call opens the application from the customer's stored credit, the customer's identity
 * questions unlock the offer's figures, and the shared instant-credit steps (simulator,
 * confirmation, contracts, biometrics, signature) do the rest. SCENARIOS.md "Existing
 * customers" and "Other online products".
 */
import { BadInput, type Handler, type HandlerMap, type Services } from '../types.ts';
import { isCe, isDni, isMobile, isPlate } from '../../../engine/peru.ts';
import { ACTIVITIES } from '../../domain/catalogs/economic.ts';
import { LINK_TTL_MS, signLink } from '../../domain/lde/links.ts';
import { scenarioFor } from '../scenarios.ts';
import { text } from '../../texts.ts';
import { ENDPOINTS } from '../../../engine/endpoints.ts';
import { BANKS } from '../../domain/catalogs/banks.ts';
import { insertProspect, PROSPECT_STATE, type Prospect } from '../../domain/lde/prospects.ts';
import {
  customerProductOf,
  CUSTOMER_TERMS,
  DEBT_INSTITUTIONS_REFUSED,
  findCustomer,
  isCustomerProduct,
  isOffer,
  offerFor,
  offerUnlocked,
  businessProblems,
  faeEligibleActivity,
  recordBusiness,
  RETANQUEO_PRODUCTS,
  offerOfApplication,
  recordOffer,
  recordOfferEvent,
  actorOf,
  seedCustomers,
  type CustomerProduct,
  type DeclaredDebt,
} from '../../domain/customers/index.ts';
import { answers as identityAnswersHandler } from './lde/identity.ts';
import { newProspectId, optNum, optStr, prospectOf, reqStr } from './lde/input.ts';

/** The modal text of each code of the general table (001 §4) these calls answer. */
const CODE_TEXT: Record<string, string> = {
  '01': 'status.prospectoEnCurso',
  '03': 'status.sinOferta',
  '04': 'status.prestamoAprobado',
  '05': 'status.noCalificado',
  '08': 'identity.failed',
  '09': 'identity.attempts24h',
  '10': 'identity.attempts15d',
  '11': 'identity.noOffer',
  '99': 'error.badCodeResponse',
};

const reply = (codRes: string, extra: Record<string, unknown> = {}) => ({
  body: {
    codRes,
    detalleRespuesta: codRes === '00' ? 'OK' : text(CODE_TEXT[codRes] ?? 'error.badCodeResponse'),
    ...extra,
  },
});

/** The declared debt of a debt purchase, checked against the banks catalogue (a refused institution passes: it answers "03"). */
function declaredDebt(body: Record<string, unknown>): DeclaredDebt {
  const entidad = optStr(body, 'entidadDeuda');
  const monto = optNum(body, 'montoDeuda');
  const errors: { path: string; message: string }[] = [];
  if (
    entidad === undefined ||
    !(DEBT_INSTITUTIONS_REFUSED.includes(entidad) || BANKS.some((b) => b.codigo === entidad))
  )
    errors.push({ path: '/entidadDeuda', message: 'use el código de un banco del catálogo de bancos' });
  if (monto === undefined || !(monto > 0) || monto > 1_000_000)
    errors.push({ path: '/montoDeuda', message: text('input.notAmount') });
  if (errors.length > 0) throw new BadInput(errors);
  return { entidad: entidad!, monto: Math.round(monto! * 100) / 100 };
}

/** The product an offer call is for: its product code (renewal 14 when none is given). */
function productOfBody(body: Record<string, unknown>): CustomerProduct {
  const codigo = optNum(body, 'codigoProducto') ?? CUSTOMER_TERMS.renovacion.codigoProducto;
  const producto = customerProductOf(codigo, optNum(body, 'channel'));
  if (!producto || !RETANQUEO_PRODUCTS.includes(producto))
    throw new BadInput([
      {
        path: '/codigoProducto',
        message:
          'use 14 (renovación), 30 (contigo), 32 (compra de deuda), 33 (extra efectivo), 13 en el canal 12 (vende más), 60, 61, 13 o 23 (libre disponibilidad), 35 o 37 (LD-Bancarizador)',
      },
    ]);
  return producto;
}

/**
 * The channel an application is opened on: the renewal always on retanqueo (6); the LD
 * products on LD_1000 (8) unless the link says LD conversions (14) or credinstante plus (33);
 * the others on the channel the page sends (digital 1 by default).
 */
function channelOf(producto: CustomerProduct, channel: number | undefined): number {
  const terms = CUSTOMER_TERMS[producto];
  if (producto === 'renovacion' || channel === undefined) return terms.canal;
  if (terms.otherChannels) return terms.otherChannels.includes(channel) ? channel : terms.canal;
  return channel;
}

/**
 * `POST /kong/prospecto/v1.0/producto/retanqueo/ov`: opens an existing customer's application
 * for renewal (product 14, channel 6), debt purchase (32), extra cash (33), contigo (30) or
 * vende más (13 on the harvest channel 12).
 * The answer names the application and nothing of the customer's credit: its figures are
 * shown once the identity questions are passed. Codes: "00" offer ready, "01" an application
 * of this product is already signed, "03" no credit with the lender (or another plate, or a
 * refused institution), "04" / "99" the scenario rows, "05" credit too recent, "11" no offer.
 */
const openOffer: Handler = async (req, svc) => openApplication(req, svc, productOfBody(req.body));

/**
 * Vende más: the link texted to the phone on file when the application opens, so the customer
 * sees the offer on their own phone. The sandbox's link rows text a tampered or an expired one.
 */
async function textSellMoreLink(svc: Services, id: number, documento: string, telefono: string) {
  const row = scenarioFor('customers', documento, 'vendemasLink');
  const now = svc.clock.now();
  const claims = { purpose: 'sellMore' as const, kind: 'lde' as const, codigoProspecto: id, documento };
  const jwt =
    row?.code === '07'
      ? await signLink(svc.settings.jwtSecret, claims, now - LINK_TTL_MS - 60_000)
      : row?.code === '06'
        ? await signLink(`${svc.settings.jwtSecret}-otra`, claims, now)
        : await signLink(svc.settings.jwtSecret, claims, now);
  const enlace = `${svc.settings.publicUrl.replace(/\/$/, '')}/vendemas?process=${jwt}`;
  await svc.sms.send({ celular: telefono, texto: text('vendemas.sms.enlace', { enlace }), enlace });
}

/** The business of a FAE MYPE call, checked (RUC check digit, a RUC 10 of the holder, an activity of the catalogue). */
function businessOf(body: Record<string, unknown>, documento: string) {
  const ruc = optStr(body, 'ruc')?.trim();
  const actividad = optNum(body, 'actividadEconomica');
  const errors = businessProblems(
    documento,
    ruc,
    actividad,
    ACTIVITIES.map((a) => a.codigo),
  );
  if (errors.length > 0) throw new BadInput(errors);
  return { ruc: ruc!, actividadEconomica: actividad! };
}

/**
 * `POST /kong/prospecto/v1.0/producto/fae/ov`: opens the FAE MYPE application (channel 10) of
 * an existing customer's business. Besides the codes of `retanqueo/ov`: "05" for an activity
 * the programme does not finance (and the listed business), "01" when FAE MYPE was already
 * signed for this customer.
 */
const faeOffer: Handler = async (req, svc) => openApplication(req, svc, 'faemype');

/** Opens the application of `producto` for the customer the body names (see {@link openOffer}). */
async function openApplication(
  req: Parameters<Handler>[0],
  svc: Services,
  producto: CustomerProduct,
): ReturnType<Handler> {
  const body = req.body;
  const tipoDocumento = optNum(body, 'tipoDocumento') ?? 1;
  const documento = reqStr(body, 'documento');
  const errors: { path: string; message: string }[] = [];
  if (tipoDocumento === 1 ? !isDni(documento) : tipoDocumento === 2 ? !isCe(documento) : true)
    errors.push({
      path: '/documento',
      message: 'el DNI debe tener 8 dígitos (el carné de extranjería, de 9 a 12)',
    });
  const telefono = optStr(body, 'telefono', 'celular');
  if (telefono !== undefined && !isMobile(telefono))
    errors.push({ path: '/telefono', message: 'el celular debe tener 9 dígitos y empezar con 9' });
  const placa = optStr(body, 'placa')?.toUpperCase() ?? null;
  if (placa !== null && !isPlate(placa))
    errors.push({ path: '/placa', message: 'la placa debe tener la forma ABC-123' });
  if (errors.length > 0) throw new BadInput(errors);
  const deuda = CUSTOMER_TERMS[producto].kind === 'debtPurchase' ? declaredDebt(body) : null;
  const business = producto === 'faemype' ? businessOf(body, documento) : null;

  const forced = scenarioFor('otherProducts', documento, 'preEvaluation');
  if (forced) return reply(String(forced.code));
  // The rows of vende más and FAE MYPE (SCENARIOS.md "Existing customers"); "00" is the eligible row.
  const listed = scenarioFor('customers', documento, producto);
  if (listed && listed.code !== '00') return reply(String(listed.code));
  if (business && !faeEligibleActivity(business.actividadEconomica)) return reply('05');
  // Contigo is sold only by promoters of the entities entitled to product 30 (every entity but
  // 1008): the registry says which products need a promoter, and what anyone else is answered.
  const promoter = req.promoter;
  const onlyPromoters = ENDPOINTS['lde.retanqueoOffer'].promoterProducts;
  const codigoProducto = CUSTOMER_TERMS[producto].codigoProducto;
  if (
    onlyPromoters?.products.includes(codigoProducto) &&
    !promoter?.productos.some((p) => p.ti_solpro === codigoProducto)
  )
    return { body: { codRes: onlyPromoters.code, detalleRespuesta: text('contigo.soloPromotor') } };
  const now = svc.clock.now();
  const customer = await findCustomer(svc.db, tipoDocumento, documento, now, telefono);
  const credit = customer?.credits.find(
    (c) => placa === null || c.placa?.replace('-', '') === placa.replace('-', ''),
  );
  if (!customer || !credit) return reply('03');
  const { rows: signed } = await svc.db.query(
    'SELECT 1 FROM lde_prospects WHERE documento = $1 AND producto = $2 AND estado IN ($3, $4) LIMIT 1',
    [documento, producto, PROSPECT_STATE.signed, PROSPECT_STATE.active],
  );
  if (signed.length > 0) return reply('01');
  const offer = offerFor(producto, credit, deuda);
  if (!isOffer(offer)) return reply(offer.code);

  const terms = CUSTOMER_TERMS[producto];
  const id = newProspectId();
  await svc.db.transaction(async (tx) => {
    await insertProspect(
      tx,
      id,
      {
        producto,
        // The code the offer was opened with (LD: 60, 61, 13 or 23; LD-Bancarizador: 35 or 37).
        codigoProducto: optNum(body, 'codigoProducto') ?? terms.codigoProducto,
        tipoDocumento,
        documento,
        telefono: customer.telefono,
        placa: credit.placa,
        email: customer.email,
        estado: PROSPECT_STATE.offerReady,
        canal:
          promoter?.canal ??
          (producto === 'faemype' ? terms.canal : channelOf(producto, optNum(body, 'channel'))),
        origen: promoter !== null ? 5 : (optNum(body, 'origen') ?? null),
        codigoEntidad: promoter?.codigoEntidad ?? 1,
        codigoUsuario: promoter?.codigoUsuario ?? null,
        terms: true,
        nombres: customer.nombres,
        apellidoPaterno: customer.apellidoPaterno,
        apellidoMaterno: customer.apellidoMaterno,
        fechaNacimiento: null,
        datos: {
          montoOfertado: offer.montoMaximo,
          montoMinimo: offer.montoMinimo,
          saldoCancelado: offer.saldoCancelado,
          ...(offer.deuda ? { montoDeuda: offer.deuda.monto, entidadDeuda: offer.deuda.entidad } : {}),
          utm: {
            source: optStr(body, 'utm_source'),
            medium: optStr(body, 'utm_medium'),
            campaign: optStr(body, 'utm_campaign'),
            content: optStr(body, 'utm_content'),
          },
        },
      },
      now,
    );
    await recordOffer(tx, id, offer, now);
    if (business) await recordBusiness(tx, id, business, now);
    await recordOfferEvent(
      tx,
      id,
      actorOf(promoter, req.holder),
      'oferta',
      {
        producto,
        estado: { a: PROSPECT_STATE.offerReady },
        montoMinimo: offer.montoMinimo,
        montoMaximo: offer.montoMaximo,
        saldoCancelado: offer.saldoCancelado,
        ...(offer.deuda ? { deuda: offer.deuda } : {}),
      },
      now,
    );
  });
  if (producto === 'vendemas') await textSellMoreLink(svc, id, documento, customer.telefono);
  return reply('00', {
    prospecto: {
      codigoProspecto: id,
      estadoProspecto: PROSPECT_STATE.offerReady,
      codigoProducto: optNum(body, 'codigoProducto') ?? terms.codigoProducto,
      documento,
      // Only the first word of the name is shown (000 §2); the rest waits for the identity check.
      nombreTitular: customer.nombres?.split(' ')[0] ?? null,
    },
  });
}

/** The identity-question codes of the instant credits and their general-table twins (000 §4). */
const GENERAL_IDENTITY_CODE: Record<string, string> = { '01': '08', '02': '09', '03': '10', '04': '11' };

/**
 * `POST /kong/prospecto/v1.0/cliente/preguntas`: an existing customer's answers to the
 * identity questions, with the same attempt and lockout rules as the instant credits,
 * answered in the general table's codes: "00" passed, "08" failed, "09" retry in 24 hours,
 * "10" retry in 15 days, "11" no offer after it, "99" error.
 */
const identityAnswers: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p || !isCustomerProduct(p.producto)) return reply('99');
  const forced = scenarioFor('customers', p.documento, 'identityQuestions');
  if (forced) return reply(String(forced.code));
  const r = await identityAnswersHandler(req, svc);
  const raw = (r.body as { codRes?: unknown }).codRes;
  const code = typeof raw === 'string' ? raw : '99';
  return reply(GENERAL_IDENTITY_CODE[code] ?? code);
};

/** What an existing customer's application may show once its holder proved who they are. */
async function offerFigures(svc: Parameters<Handler>[1], p: Prospect) {
  const offer = await offerOfApplication(svc.db, p.id);
  if (!offer || !offerUnlocked(p)) return null;
  return offer;
}

/**
 * `POST /kong/prospecto/v1.0/vendeMas/datos-simulacion`: the simulation data of an existing
 * customer's offer (bounds, terms, what it pays off), read from the offer stored when the
 * application opened (so every call answers the same figures), after the identity questions
 * or, for vende más, the texted link. "01" (with the application's document): a vende más
 * application whose figures wait for either; "03": no such application for this caller (another's id answers so too); "04": the
 * offer was signed already (the customer has the approved loan).
 */
const sellMoreSimulation: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return reply('03');
  if (!isCustomerProduct(p.producto)) return reply('99');
  const forced = scenarioFor('otherProducts', p.documento, 'preEvaluation');
  if (forced) return reply(String(forced.code));
  if (p.estado === PROSPECT_STATE.signed || p.estado === PROSPECT_STATE.active) return reply('04');
  if (p.estado === PROSPECT_STATE.withdrawn) return reply('05');
  const offer = await offerFigures(svc, p);
  // "01" names whose application it is (the caller holds it): the identity questions that
  // unlock the figures are that document's.
  if (!offer)
    return p.producto === 'vendemas'
      ? reply('01', { data: { codigoProspecto: p.id, documento: p.documento } })
      : reply('99');
  const terms = CUSTOMER_TERMS[p.producto];
  return reply('00', {
    data: {
      codigoProspecto: p.id,
      codigoProducto: terms.codigoProducto,
      documento: p.documento,
      montoMinimo: offer.montoMinimo,
      montoOfertado: offer.montoMaximo,
      saldoCancelado: offer.saldoCancelado,
      cuotaMaxima: offer.cuotaMaxima,
      plazos: offer.plazos.join(','),
      tea: Math.round(Math.min(terms.tea, svc.settings.rateCapTea) * 10000) / 100,
      desgravamenMensual: terms.desgravamenMensual * 100,
    },
  });
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'lde.retanqueoOffer': openOffer,
  'lde.faeOffer': faeOffer,
  'lde.sellMoreSimulation': sellMoreSimulation,
  'customers.identityAnswers': identityAnswers,
};

/** The listed customers, stored again on a sandbox reset. */
export const seed = (db: Parameters<typeof seedCustomers>[0]) => seedCustomers(db);
