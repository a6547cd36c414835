/**
 * One step of each view with believable data, for the screenshot script: what an
 * applicant of Credinstante sees at that step.
 */
import type { Step } from '../../src/engine/flow-types.ts';
import type { ViewId } from '../../src/engine/views.ts';

export interface ViewFixture {
  step: Step;
  context?: Record<string, unknown>;
}

const pdf = btoa('%PDF-1.4\n%muestra\n');

export const FIXTURES: Record<ViewId, ViewFixture> = {
  form: { step: { number: 1, view: 'form', form: 'lead-credinstante', title: 'product.credinstante' } },
  phases: {
    step: { number: 2, view: 'phases', props: { durations: [2000, 1000, 3000, 3000] } },
    context: { nombreTitular: 'JUAN CARLOS' },
  },
  simulator: {
    step: {
      number: 3,
      view: 'simulator',
      props: { amount: { min: 300, step: 50 }, rejectAction: 'rechazar' },
    },
    context: { tea: 60, plazos: '6,9,12', montoMinimo: 300, mafmax: 5000, desgravamenMonthly: 0.0008 },
  },
  offers: {
    step: { number: 3, view: 'offers' },
    context: {
      nombreTitular: 'ROSA MARÍA',
      ofertas: [
        { importeFinanciar: 3000, cuotas: 12, importeCuotas: 319.55, tasa: 60 },
        { importeFinanciar: 5000, cuotas: 18, importeCuotas: 390.1, tasa: 60 },
      ],
    },
  },
  questions: {
    step: { number: 4, view: 'questions' },
    context: {
      preguntas: [
        {
          id: 1,
          texto: '¿En qué año nació?',
          opciones: [
            { id: 11, texto: '1984' },
            { id: 12, texto: '1986' },
            { id: 13, texto: '1988' },
          ],
        },
        {
          id: 2,
          texto: '¿Con qué entidad tiene un crédito vigente?',
          opciones: [
            { id: 21, texto: 'BCP' },
            { id: 22, texto: 'Interbank' },
            { id: 23, texto: 'Ninguna de las anteriores' },
          ],
        },
      ],
    },
  },
  token: {
    step: { number: 7, view: 'token', props: { resendSeconds: 60 } },
    context: { telefono: '987654321' },
  },
  biometrics: { step: { number: 8, view: 'biometrics' } },
  documents: {
    step: { number: 6, view: 'documents' },
    context: {
      documentos: [
        { tipo: 'hojaResumen', titulo: 'Hoja resumen', contenido: pdf },
        { tipo: 'contrato', titulo: 'Contrato de préstamo', contenido: pdf },
        { tipo: 'cronograma', titulo: 'Cronograma de pagos', contenido: pdf },
        { tipo: 'cartaActivacionFr', titulo: 'Carta de activación del Factor de Recaudo', contenido: pdf },
      ],
    },
  },
  upload: {
    step: {
      number: 5,
      view: 'upload',
      props: { slots: ['imagenDocumento', 'imagenTarjetaPropiedad', { id: 'imagenSoat', required: false }] },
    },
  },
  summary: {
    step: { number: 5, view: 'summary' },
    context: {
      nombreTitular: 'ROSA MARÍA',
      departamento: 15,
      email: 'rosa@correo.pe',
      direccion: 'Av. Arequipa 1234',
      sectorEconomico: 28,
    },
  },
  'bank-details': { step: { number: 6, view: 'bank-details' }, context: { tipoDesembolso: 1 } },
  letter: {
    step: { number: 7, view: 'letter' },
    context: {
      nombres: 'PEDRO',
      urlCarta: '/reportes/carta.pdf',
      importeFinanciar: 5000,
      cuotas: 12,
      importeCuotas: 532.59,
      tasa: 60,
    },
  },
  message: {
    step: {
      number: 9,
      view: 'message',
      props: {
        title: 'modal.title.felicidades',
        message: 'view.greeting',
        status: 'success',
        button: 'app.home',
        action: 'home',
      },
    },
    context: { nombreTitular: 'MARÍA ELENA' },
  },
  loading: { step: { number: 0, view: 'loading' } },
};

/** Catalog answers by path, shaped as the service sends them. */
export const CATALOGS: Record<string, unknown> = {
  '/kong/ubigeo/depar': {
    codRes: '00',
    data: [
      { codigo: '15', descripcion: 'Lima' },
      { codigo: '04', descripcion: 'Arequipa' },
      { codigo: '07', descripcion: 'Callao' },
    ],
  },
  '/kong/ubigeo/prov/15': {
    codRes: '00',
    data: [
      { codigo: '1501', descripcion: 'Lima' },
      { codigo: '1506', descripcion: 'Huaral' },
    ],
  },
  '/kong/vehiculos/info-marca': {
    codRes: '00',
    data: [
      { codigo: 'SAMSUNG', descripcion: 'Samsung' },
      { codigo: 'XIAOMI', descripcion: 'Xiaomi' },
    ],
  },
  '/kong/externos/v2.0/bancos/info-banco': {
    codRes: '00',
    arrayBancos: [
      { codigo: '002', descripcion: 'BCP' },
      { codigo: '003', descripcion: 'Interbank' },
      { codigo: '011', descripcion: 'BBVA' },
    ],
  },
  '/api/private/v1.0/catalogoOcupacion': { codRes: '00', data: [{ codigo: 37, descripcion: 'Conductor' }] },
};
