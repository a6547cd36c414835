/**
 * Taxi and vehicle through server steps (spec 001 §7 "Taxi and vehicle"; codes from 001 §4
 * "Customer check by promoter", 000 §4 "Vehicle flow via server steps", SCENARIOS.md "Taxi").
 * `GET /kong/prospecto/v2.0/simular/{data}` is the moto family's `moto.getSimulation`.
 * The spec names SOAT emission (numeroPoliza, urlEmision) but not its paths: `emitSoat` sits
 * beside the score calls and `soatPolicy` beside the letters.
 */
import { defineEndpoints, OK_OR_FAIL, VEHICLE_BODY, vehiclePath } from './define.ts';
import { PERSONAL_DATA_STATES } from './moto.ts';

/** 00 and 01 carry codigoEstado; 99 modal 8; any other answer modal 10 (the sandbox answers 98). */
const STEP_CODES = ['00', '01', '99', '98'] as const;

const step = (paso: string, summary: string) =>
  ({
    method: 'POST',
    path: '/api/private/v1.3/prospectos',
    fixedQuery: { paso },
    codeField: 'codigoRespuesta',
    codes: STEP_CODES,
    creates: true,
    summary,
    application: VEHICLE_BODY,
  }) as const;

/** Step 0 opens the application (or answers the caller's own) and names none yet. */
const STEP0_GRANT = { answer: 'codigoProspecto', kinds: ['vehicle'], by: 'create' } as const;

/** A report of one application: `{data}` is its id (plain or base64). */
const report = (path: string, summary: string) =>
  ({
    method: 'GET',
    path,
    codeField: null,
    codes: [],
    creates: false,
    summary,
    application: vehiclePath('data'),
  }) as const;

export const TAXI_ENDPOINTS = defineEndpoints('taxi', 'taxi', {
  step0: {
    ...step('0', 'Paso 0: verificación del cliente (codigoEstado) y registro del prospecto.'),
    application: 'none',
    grants: STEP0_GRANT,
  },
  step1: step('1', 'Paso 1: datos del prospecto.'),
  step2: step('2', 'Paso 2: datos del vehículo.'),
  step3: step('3', 'Paso 3: documentos (cinco imágenes) y expediente.'),
  emitSoat: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/api/private/v1.0/emisionSoat',
    pathNotInSpec:
      'Spec 000 §3 (consumer prospect: "SOAT emission (numeroPoliza, urlEmision)") names the emission and its answer; neither document gives its path.',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: true,
    summary:
      'Emisión del SOAT del vehículo (variante SOAT): numeroPoliza y urlEmision. Ruta no listada en la especificación.',
  },
  scoreAdmission: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/api/private/v1.0/evaluacionScoreAdmision',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Score de admisión (tipo de evaluación 6).',
  },
  scoreQuota: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/api/private/v1.0/evaluacionScoreCuota',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Score de cuota.',
  },
  scoreSimulator: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/api/private/v1.0/evaluacionScoreSimulador',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: false,
    summary: 'Score del simulador (tipo de simulación 1).',
  },
  registerAdditional: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/kong/prospecto/v2.0/registro/adicional/taxi',
    codeField: 'prospecto.estadoProspecto',
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de taxi.',
  },
  registerAdditionalMototaxi: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/kong/prospecto/v2.0/registro/adicional/mototaxi',
    codeField: 'prospecto.estadoProspecto',
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de mototaxi.',
  },
  registerAdditionalMotofurgon: {
    application: VEHICLE_BODY,
    method: 'POST',
    path: '/kong/prospecto/v2.0/registro/adicional/motofurgon',
    codeField: 'prospecto.estadoProspecto',
    codes: PERSONAL_DATA_STATES,
    creates: true,
    summary: 'Datos personales del solicitante de motofurgón.',
  },
  letterTaxi: report('/kong/reporte/cartataxi/2/{data}', 'Carta de taxi (PDF).'),
  letterEntrepreneur: report('/kong/reporte/cartaemprendedora/2/{data}', 'Carta de taxi emprendedor (PDF).'),
  letterMotofurgon: report('/kong/reporte/cartamotofurgon/2/{data}', 'Carta de motofurgón (PDF).'),
  letterMototaxi: report('/kong/reporte/cartamototaxi/2/{data}', 'Carta de mototaxi (PDF).'),
  soatPolicy: {
    ...report(
      '/kong/reporte/soat/2/{data}',
      'Certificado de la póliza SOAT emitida (PDF). Ruta no listada en la especificación.',
    ),
    pathNotInSpec:
      'Spec 000 §3 names the emitted SOAT policy (numeroPoliza, urlEmision) but no report path for its certificate.',
  },
  attachedFiles: report(
    '/kong/prospecto/v2.0/data/adjuntarArchivo/{data}',
    'Archivos adjuntos de un prospecto.',
  ),
});
