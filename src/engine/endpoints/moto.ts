/**
 * Motorcycle and the Honda brand flow (spec 001 §7 "Motorcycle"; states from 000 §4
 * "Vehicle statuses" and "Motorcycle", SCENARIOS.md "Vehicle and consumer products").
 * `simular/{id}`, `envio/carta/aprobacion` and `estado/final` are shared with the consumer
 * and taxi flows (001 §7 lists them there too): one entry each, here.
 */
import {
  defineEndpoints,
  OK_OR_FAIL,
  VEHICLE_STATES,
  VEHICLE_BODY,
  vehiclePath,
  OPENS_VEHICLE,
  REVEALS_VEHICLE,
} from './define.ts';

const P = '/kong/prospecto/v2.0';
const STATE = 'prospecto.estadoProspecto';

/** Personal data (000 §4): 23 rejection; 24 modal; 25, 26, 90 on to simulation. */
export const PERSONAL_DATA_STATES = ['23', '24', '25', '26', '90'] as const;
/** Saved simulation (000 §4): 26 or 90 to documents; moto 30 to credit approval. */
export const SIMULATION_STATES = ['26', '30', '90'] as const;
/** Documents (000 §4, SCENARIOS.md): 26, 30, 34, 90 to confirmation; -5 used vehicle modal. */
export const DOCUMENT_STATES = ['26', '30', '34', '90', '-5'] as const;

export const MOTO_ENDPOINTS = defineEndpoints('moto', 'moto', {
  preEvaluate: {
    application: 'none',
    grants: OPENS_VEHICLE,
    method: 'POST',
    path: `${P}/preevaluacion`,
    codeField: STATE,
    codes: VEHICLE_STATES,
    creates: true,
    summary: 'Pre-evaluación de moto: crea el prospecto.',
  },
  registerAdditional: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registroAdicional`,
    codeField: STATE,
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Registra los datos personales del solicitante de moto.',
  },
  simulateConditions: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/simular/condiciones`,
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Condiciones de crédito de moto (plazos separados por comas, tipoCambio).',
  },
  registerSimulation: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registrar/simulacion`,
    codeField: STATE,
    codes: SIMULATION_STATES,
    creates: true,
    summary: 'Guarda la simulación elegida.',
  },
  lookupProspect: {
    application: VEHICLE_BODY,
    reveals: REVEALS_VEHICLE,
    method: 'POST',
    path: `${P}/consultarProspecto`,
    codeField: STATE,
    // The evaluation result and every later state are read through this lookup.
    codes: VEHICLE_STATES,
    answersStoredState: true,
    creates: false,
    summary: 'Estado del prospecto (codigoProspecto): resultado de la evaluación de políticas.',
  },
  getSimulation: {
    application: vehiclePath('id'),
    method: 'GET',
    path: `${P}/simular/{id}`,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Simulación guardada de un prospecto (moto, taxi).',
  },
  sendApprovalLetter: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/envio/carta/aprobacion`,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Envía la carta de aprobación al solicitante.',
  },
  finalState: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/estado/final`,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Cambio a estado final (prospecto.converus, prospecto.cartaAprobacion).',
  },
  rejectedContactIntent: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/rechazado/intencion-contacto`,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Un rechazado pide que lo contacten.',
  },
  attachFile: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/adjuntarArchivo`,
    codeField: STATE,
    codes: DOCUMENT_STATES,
    creates: true,
    summary: 'Adjunta un documento del solicitante.',
  },
  letterReport: {
    application: vehiclePath('id'),
    method: 'GET',
    path: '/kong/reporte/cartamoto/2/{id}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de moto (PDF).',
  },
  letterReportLdBancarizador: {
    // A moto non-banked application, or an LD-Bancarizador one (an instant-credit prospect).
    application: [{ in: 'path', names: ['id'], kinds: ['vehicle', 'lde'] }],
    method: 'GET',
    path: '/kong/reporte/cartamotoLDBancarizador/2/{id}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de moto no bancarizado o de LD-Bancarizador (PDF).',
  },
  hondaPreEvaluate: {
    application: 'none',
    grants: OPENS_VEHICLE,
    method: 'POST',
    path: `${P}/preevaluacion/motos/honda`,
    codeField: STATE,
    codes: VEHICLE_STATES,
    creates: true,
    summary: 'Pre-evaluación de moto Honda (prospecto.codigoProducto, codRes).',
  },
  hondaRegisterAdditional: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registro/adicional/motos/honda`,
    codeField: STATE,
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de moto Honda.',
  },
  hondaSimulate: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/simulacion/motos/honda`,
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Simulación de moto Honda (simulacion).',
  },
  hondaRegisterSimulation: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registrar/simulacion/motos/honda`,
    codeField: STATE,
    codes: SIMULATION_STATES,
    creates: true,
    summary: 'Guarda la simulación elegida de moto Honda.',
  },
  hondaPreApprovalReport: {
    application: vehiclePath('id'),
    method: 'GET',
    path: '/kong/reporte/motoPreaprobacion/consumo/2/{id}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de pre-aprobación de moto Honda (PDF).',
  },
  hondaApprovalReport: {
    application: vehiclePath('id'),
    method: 'GET',
    path: '/kong/reporte/motoAprobacion/consumo/2/{id}',
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Carta de aprobación de moto Honda: message trae la URL de la carta.',
  },
});
