/**
 * What the tests of moto and its variants (mototaxi, motofurgon, taxi-mujer) play with: the
 * flow compiled with the signature fragment, the lead the applicant types, the service's
 * prospect answer in a given state and the simulation it answers.
 */
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { readFlow } from './flow-session.ts';

/** `flows/<id>.json` compiled against the real registry, with the shared signature fragment. */
export function compileMotoFamily(id: string): ReturnType<typeof compileFlow> {
  return compileFlow(readFlow(id), ENDPOINTS, { 'fragments/firma': readFlow('fragments/firma') });
}

/** The lead form of an adult applicant with an income. */
export const LEAD = {
  documento: '45678912',
  fechaNacimiento: '1990-05-04',
  telefono: '987654321',
  email: 'ana@example.pe',
  ingresoMensual: 3000,
  terms: true,
};

/** The service's answer for prospect `id` in state `estado`. */
export function prospectAnswer(id: number, estado: number) {
  return {
    codRes: '00',
    estadoProspecto: estado,
    prospecto: {
      codigoProspecto: id,
      estadoProspecto: estado,
      plazos: '12,18,24,36',
      mafmax: 9000,
      nombreTitular: 'ANA PEREZ',
    },
  };
}

/** The simulation the service answers: S/ 6,500 in 24 monthly payments. */
export const SIMULATION = {
  importeFinanciar: 6500,
  cuotas: 24,
  importeCuotas: 401.77,
  tea: 42.5,
  importeMinimo: 2000,
  importeMaximo: 20000,
  seguroDesgravamen: 0.08,
  plazos: '12,18,24,36',
};
