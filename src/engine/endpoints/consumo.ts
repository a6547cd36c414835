/**
 * Consumer and semi-new vehicle (spec 001 §7 "Consumer and semi-new"; states from 000 §4
 * "Used vehicle, consumer, mototaxi, taxi, quoter, partner variant" and "Consumer approvals
 * and letters"). The semi-new calls are the consumer paths with the `/semi-nuevo` suffix.
 */
import {
  defineEndpoints,
  OK_OR_FAIL,
  VEHICLE_STATES,
  VEHICLE_BODY,
  vehiclePath,
  OPENS_VEHICLE,
} from './define.ts';
import { DOCUMENT_STATES, PERSONAL_DATA_STATES, SIMULATION_STATES } from './moto.ts';

const P = '/kong/prospecto/v2.0';
const STATE = 'prospecto.estadoProspecto';

export const CONSUMO_ENDPOINTS = defineEndpoints('consumo', 'consumo', {
  preEvaluate: {
    application: 'none',
    grants: OPENS_VEHICLE,
    method: 'POST',
    path: `${P}/preevaluacion/consumo`,
    codeField: STATE,
    codes: VEHICLE_STATES,
    creates: true,
    summary: 'Pre-evaluación de consumo.',
  },
  preEvaluateQuoter: {
    application: 'none',
    grants: OPENS_VEHICLE,
    method: 'POST',
    path: `${P}/preevaluacion/cotizador`,
    codeField: STATE,
    codes: VEHICLE_STATES,
    creates: true,
    summary: 'Pre-evaluación del cotizador.',
  },
  registerAdditional: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registro/adicional/consumo`,
    codeField: STATE,
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de consumo.',
  },
  registerAdditionalFinal: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registro/adicional/consumoFinal`,
    codeField: STATE,
    codes: DOCUMENT_STATES,
    creates: true,
    summary: 'Datos personales finales (entre la simulación y los documentos).',
  },
  getSimulation: {
    application: vehiclePath('id'),
    method: 'GET',
    path: `${P}/simulacion/consumo/{id}`,
    codeField: 'codRes',
    // 001 §4: the retrieval updates the state only when the code is 00.
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Simulación de consumo guardada, por id.',
  },
  simulate: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/simulacion/consumo`,
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Simulación de consumo (condiciones con tasas pr_teaact y pr_teanue).',
  },
  quote: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/simulacion/cotizar`,
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Cotización (simulacion, messages, codRes).',
  },
  registerSimulation: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registrar/simulacion/consumo`,
    codeField: STATE,
    codes: SIMULATION_STATES,
    creates: true,
    summary: 'Guarda la simulación de consumo elegida.',
  },
  registerGuarantor: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registro/adicional/avalista`,
    codeField: 'codRes',
    // 03: the guarantor is not accepted (bureau, income); the applicant may propose another.
    codes: ['00', '03', '99'],
    creates: true,
    summary: 'Registra el aval (GM garantía mobiliaria, GI ingresos).',
    // The guarantor is stored as sent: only the guarantor's own fields.
    fields: [
      'codigoProspecto',
      'tipoAval',
      'documentoAval',
      'nombresAval',
      'apellidosAval',
      'telefonoAval',
      'ingresoMensualAval',
      'descripcionGarantia',
      'valorGarantia',
      'direccionAval',
      'ubigeoAval',
    ],
  },
  preApprovalReport: {
    application: vehiclePath('id'),
    method: 'GET',
    path: '/kong/reporte/preaprobacion/2/{id}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de pre-aprobación (PDF).',
  },
  approvalReport: {
    application: vehiclePath('id'),
    method: 'GET',
    path: '/kong/reporte/aprobacion/2/{id}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de aprobación (PDF).',
  },
});

export const SEMINUEVO_ENDPOINTS = defineEndpoints('consumo', 'seminuevo', {
  preEvaluate: {
    application: 'none',
    grants: OPENS_VEHICLE,
    method: 'POST',
    path: `${P}/preevaluacion/consumo/semi-nuevo`,
    codeField: STATE,
    // Code 02 (plate already delivered) sets state -5 (000 §4): -5 is in VEHICLE_STATES.
    codes: VEHICLE_STATES,
    creates: true,
    summary: 'Pre-evaluación de vehículo seminuevo.',
  },
  registerAdditional: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registro/adicional/consumo/semi-nuevo`,
    codeField: STATE,
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de seminuevo.',
  },
  simulate: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/simulacion/consumo/semi-nuevo`,
    simulation: true,
    codeField: 'codRes',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Simulación de seminuevo.',
  },
  registerSimulation: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: `${P}/registrar/simulacion/consumo/semi-nuevo`,
    codeField: STATE,
    codes: SIMULATION_STATES,
    creates: true,
    summary: 'Guarda la simulación de seminuevo elegida.',
  },
  traditionalReport: {
    application: vehiclePath('data'),
    method: 'GET',
    path: '/kong/reporte/seminuevoTradicional/consumo/2/{data}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de evaluación tradicional de seminuevo (PDF).',
  },
  expressReport: {
    application: vehiclePath('data'),
    method: 'GET',
    path: '/kong/reporte/seminuevoExpress/consumo/2/{data}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Carta de evaluación exprés de seminuevo (PDF).',
  },
});
