/**
 * Instant credit (lde: Credinstante and celulares) and identity (spec 001 §7 "Instant-credit
 * (lde) and identity"; codes from 000 §4 "Credinstante and celulares response codes",
 * 001 §4 "Additional rules" and SCENARIOS.md "Credinstante and celulares").
 */
import {
  BANK_FIELDS,
  CONFIRMATION_DERIVED_FIELDS,
  CONFIRMATION_FIELDS,
  OFFICE_FIELDS,
} from '../confirmation-fields.ts';
import { defineEndpoints, LDE_APPLICATION, SHARED_APPLICATION, OK_OR_FAIL } from './define.ts';

/**
 * Pre-evaluation answers (000 §4): 0 policy evaluation, 4 offer ready, 10 signed credit,
 * 11 active credit, 2 in process, 99 and "01" request in process, "03" disapproved,
 * "04" better offer approved, -5 and "05" no new requests, "99" wait time or error,
 * -6 waiting list. Number 99 and string "99" both read "99" here: flows tell them apart
 * with a strict (`===`) rule.
 */
const PRE_EVALUATION_CODES = ['0', '4', '10', '11', '2', '99', '01', '03', '04', '-5', '05', '-6'] as const;

/** The other online products (retanqueo, FAE, vende más): SCENARIOS.md "Other online products". */
const OTHER_PRODUCT_CODES = ['00', '01', '03', '04', '05', '99'] as const;

/**
 * An existing customer's offer (SCENARIOS.md "Existing customers"): the other products' codes
 * and "11" no offer available (days late, an offer below the product's minimum, a debt above
 * what the customer's history allows).
 */
const CUSTOMER_OFFER_CODES = ['00', '01', '03', '04', '05', '11', '99'] as const;

/** What opening an existing customer's application may set (`retanqueo/ov`, `fae/ov`). */
const CUSTOMER_OPENING_FIELDS = [
  'channel',
  'codigoProducto',
  'tipoDocumento',
  'documento',
  'placa',
  'telefono',
  'origen',
  'utm_campaign',
  'utm_medium',
  'utm_source',
  'utm_content',
  'terms',
];

export const LDE_ENDPOINTS = defineEndpoints('lde', 'lde', {
  preEvaluate: {
    application: 'none',
    grants: { answer: 'prospecto.codigoProspecto', kinds: ['lde'], by: 'create' },
    method: 'POST',
    path: '/v4/prospecto/v2.0/producto/lde',
    codeField: 'codigoRespuesta',
    codes: PRE_EVALUATION_CODES,
    creates: true,
    summary: 'Pre-evaluación de crédito instantáneo: crea el prospecto y lanza la evaluación de políticas.',
  },
  rejectLoan: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/v4/prospecto/v2.0/producto/lde/rechazo-prestamo',
    codeField: 'codigoRespuesta',
    // 10 feedback saved (001 §4: "as a feedback result, feedback saved").
    codes: ['10', '99'],
    creates: true,
    summary: 'El solicitante rechaza la oferta y deja su comentario.',
  },
  update0: {
    application: LDE_APPLICATION,
    method: 'PUT',
    path: '/v4/prospecto/v2.0/producto/lde',
    fixedQuery: { tipo: '0' },
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Actualiza el prospecto lde: oferta elegida.',
  },
  update2: {
    application: LDE_APPLICATION,
    method: 'PUT',
    path: '/v4/prospecto/v2.0/producto/lde',
    fixedQuery: { tipo: '2' },
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Actualiza el prospecto lde: datos confirmados.',
  },
  update3: {
    application: SHARED_APPLICATION,
    method: 'PUT',
    path: '/v4/prospecto/v2.0/producto/lde',
    fixedQuery: { tipo: '3' },
    codeField: 'codigoRespuesta',
    // Electronic signature (000 §4): 00 signed, 01 incorrect token, 02 already has an approved offer.
    codes: ['00', '01', '02', '99'],
    creates: true,
    summary:
      'Firma electrónica: documentos valorados aceptados (fi_hojres, fi_solcre, fi_contra, fi_cronog, fi_carins) y tokenSMS.',
  },
  chooseOffer: {
    application: LDE_APPLICATION,
    method: 'PUT',
    path: '/kong/prospecto/v2.0/producto/lde',
    fixedQuery: { tipo: '0' },
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Registra la oferta elegida.',
  },
  confirmData: {
    application: LDE_APPLICATION,
    method: 'PUT',
    path: '/kong/prospecto/v2.0/producto/lde',
    fixedQuery: { tipo: '2' },
    codeField: 'codRes',
    // 000 §4: confirmation data '00' goes on (Credinstante: bank details; celulares: documents).
    codes: OK_OR_FAIL,
    creates: true,
    // The body sets only the application it names and the confirmed fields (no mass assignment).
    fields: [
      'codigoProspecto',
      'idProspecto',
      'id',
      'documento',
      ...CONFIRMATION_FIELDS,
      ...CONFIRMATION_DERIVED_FIELDS,
      ...BANK_FIELDS,
      ...OFFICE_FIELDS,
    ],
    summary: 'Registra los datos confirmados del solicitante.',
  },
  user: {
    application: [{ in: 'path', names: ['id'], kinds: ['lde'] }, ...LDE_APPLICATION],
    method: 'GET',
    path: '/v4/prospecto/v2.0/users/lde/{id}',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Datos del solicitante de un prospecto lde.',
  },
  questionInEvaluation: {
    application: 'none',
    method: 'GET',
    path: '/kong/prospecto/v2.0/producto/lde/question-in-evaluation',
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Pregunta mostrada mientras se evalúa.',
  },
  retanqueoOffer: {
    application: 'none',
    grants: { answer: 'prospecto.codigoProspecto', kinds: ['lde'], by: 'create' },
    method: 'POST',
    path: '/kong/prospecto/v1.0/producto/retanqueo/ov',
    codeField: 'codRes',
    codes: CUSTOMER_OFFER_CODES,
    creates: true,
    // Contigo (30) is sold by promoters: 000 §3 "Promoter session", every entity but 1008.
    promoterProducts: { field: 'codigoProducto', products: [30], code: '05' },
    fields: [...CUSTOMER_OPENING_FIELDS, 'entidadDeuda', 'montoDeuda'],
    summary:
      'Abre la solicitud de un cliente con crédito activo: renovación (producto 14, canal 6), compra de deuda (32, con la deuda declarada), extra efectivo (33) o contigo (30). No muestra cifras del crédito hasta validar la identidad.',
  },
  faeOffer: {
    application: 'none',
    grants: { answer: 'prospecto.codigoProspecto', kinds: ['lde'], by: 'create' },
    method: 'POST',
    path: '/kong/prospecto/v1.0/producto/fae/ov',
    codeField: 'codRes',
    codes: CUSTOMER_OFFER_CODES,
    creates: true,
    fields: [...CUSTOMER_OPENING_FIELDS, 'ruc', 'actividadEconomica'],
    summary:
      'Abre la solicitud FAE MYPE (canal 10) del negocio de un cliente con crédito activo: RUC con dígito verificador y actividad. No muestra cifras hasta validar la identidad.',
  },
  sellMoreSimulation: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/vendeMas/datos-simulacion',
    codeField: 'codRes',
    codes: OTHER_PRODUCT_CODES,
    creates: false,
    summary:
      'Datos de simulación de la oferta de un cliente (importes, plazos, saldo que cancela), tras validar su identidad o, en vende más, abrir el enlace enviado a su celular registrado.',
  },
  policyDetail: {
    application: [...LDE_APPLICATION, { in: 'body', names: ['codigoEvaluacion'], kinds: ['evaluation'] }],
    method: 'POST',
    path: '/kong/prospecto/v1.0/politicas/evaluacion/detalle/2',
    codeField: 'codRes',
    // 001 §4: observation details 00 policies to correct, 02 none.
    codes: ['00', '02', '99'],
    answersAnalystReview: true,
    creates: false,
    summary: 'Detalle de las políticas observadas de una evaluación.',
  },
  observedSupport: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/politicas/evaluacion/sustento',
    pathNotInSpec:
      '001 §7 names the file-attach helper call without its path; this one carries what an observed Credinstante applicant sends to correct the observed policies (000 §4, observation details "00").',
    codeField: 'codRes',
    // 00 received (an analyst reviews it); 01 nothing to correct on this application; 99 failure.
    codes: ['00', '01', '99'],
    answersAnalystReview: true,
    creates: true,
    fields: ['codigoProspecto', 'documento', 'codigoProducto', 'sustento', 'sustentoAdicional'],
    summary:
      'Documentos con que el solicitante corrige las políticas observadas de su evaluación (constancia de no adeudo, sustento de ingresos).',
  },
  policies: {
    application: [{ in: 'query', names: ['codigoEvaluacion'], kinds: ['evaluation'] }],
    method: 'GET',
    path: '/v5/evaluacion/v2.0/politicas/',
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Políticas de una evaluación (?codigoEvaluacion=); 99 ante cualquier falla.',
  },
  requiredInfo: {
    application: [{ in: 'path', names: ['codigoProspecto'], kinds: ['lde'] }, ...LDE_APPLICATION],
    method: 'GET',
    path: '/kong/prospecto/v2.0/info/required/{codigoProspecto}',
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Información que aún falta del prospecto.',
  },
});

/** Identity questions (000 §4 "Identity validation"). */
export const IDENTITY_ENDPOINTS = defineEndpoints('lde', 'identity', {
  questions: {
    application: [{ in: 'path', names: ['id'], kinds: ['lde', 'vehicle'] }, ...SHARED_APPLICATION],
    method: 'GET',
    path: '/kong/prospecto/v1.0/producto/preguntas/{id}',
    codeField: 'codRes',
    // 20 questions obtained; 99 questions could not be obtained.
    codes: ['20', '99'],
    creates: false,
    summary: 'Preguntas de validación de identidad del prospecto.',
  },
  answers: {
    application: SHARED_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/producto/preguntas',
    codeField: 'codRes',
    // 00 passed; 01 failed; 02 retry in 24 hours; 03 retry in 15 days; 04 no offer; 99 error.
    // 08–11: the general identity codes (000 §4), the same outcomes as 01–04.
    codes: ['00', '01', '02', '03', '04', '08', '09', '10', '11', '99'],
    creates: true,
    summary: 'Respuestas a las preguntas de validación de identidad.',
  },
});

/**
 * Facial biometrics (001 §4 "Biometric record check", 000 §4 "Biometrics"). The flow derives
 * the result from codRes with isBiometric / repeatBiometric / contador; "01" is listed too
 * because a service may answer the derived result directly.
 */
export const BIOMETRIC_ENDPOINTS = defineEndpoints('lde', 'biometrics', {
  recordCheck: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/producto/valida-prospecto',
    codeField: 'codRes',
    codes: ['00', '01', '99'],
    creates: false,
    summary: 'Comprueba si el solicitante tiene registro biométrico (isBiometric).',
  },
  validate: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/reconocimientofacial',
    codeField: 'codRes',
    codes: ['00', '01', '99'],
    creates: true,
    summary: 'Reconocimiento facial de una foto (repeatBiometric, contador).',
  },
  register: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/registroBiometriaFacial',
    codeField: 'codRes',
    codes: ['00', '01', '99'],
    creates: true,
    summary: 'Registra la biometría facial del solicitante.',
  },
});

/** The quota simulator (001 §7): all simulation calls, 60000 ms. */
export const SIMULATOR_ENDPOINTS = defineEndpoints('lde', 'simulator', {
  quota: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/simulador/importeCuotas/get',
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Calcula la cuota para un importe y plazo.',
  },
  saveLoan: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/simulador/prestamo/save',
    simulation: true,
    codeField: 'codRes',
    // 000 §4 quota simulator: '00' to identity validation; '99' error.
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Guarda la simulación elegida (confirma el préstamo).',
  },
  get: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/simulador/get-simulador',
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Condiciones del simulador del prospecto (importes, plazos, tasa).',
  },
  frAndTerms: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/simulador/fr-and-terms',
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Factor de recaudo (FR) y plazos para un importe.',
  },
});

/**
 * Existing customers' identity questions (000 §4 "General codes also listed": 08 did not pass
 * identity, 09 retry in 24 hours, 10 retry in 15 days, 11 no offer). The questions themselves
 * are `identity.questions`.
 */
export const CUSTOMER_ENDPOINTS = defineEndpoints('lde', 'customers', {
  identityAnswers: {
    application: LDE_APPLICATION,
    method: 'POST',
    path: '/kong/prospecto/v1.0/cliente/preguntas',
    pathNotInSpec:
      'spec 000 §4 lists the identity codes 08–11 of the existing-customer products without naming their call; the instant-credit answers call keeps its own codes 01–04',
    codeField: 'codRes',
    codes: ['00', '08', '09', '10', '11', '99'],
    creates: true,
    summary:
      'Respuestas de un cliente a las preguntas de validación de identidad (00 superada, 08 no superada, 09 reintentar en 24 horas, 10 en 15 días, 11 sin oferta).',
  },
});
