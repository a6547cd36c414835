/**
 * What only the service establishes about an application (docs/security.md "What a body may
 * set"): its state, the verified facts (identity, biometrics, confirmed data, the signature,
 * activation, the phone proved by its SMS code), and everything the service itself stores on it (the identity questions it asked
 * and their answers, the contract documents it generated, the SOAT policy it emitted, the
 * bureau's score and the amount it allows, the approval letter, the income declaration to sign).
 * A client body never sets any of them, whatever the call stores of it: the ownership hook
 * drops them from every call that opens or names an application, and the vehicle steps, which
 * keep the flow's form on the application, leave them out again.
 *
 * `service-facts.test.ts` holds this list against every key the service code writes itself.
 */
export const SERVICE_FACTS = [
  'estado',
  'estadoProspecto',
  'codigoEstado',
  'identidad',
  'identidadValidada',
  'identidadValidadaEn',
  'biometriaValidada',
  'biometriaRegistrada',
  'datosConfirmados',
  'documentosContrato',
  'cartaAprobacion',
  'converus',
  'estadoConverus',
  'estadoFinalEn',
  'arcaDJ',
  'requiereAval',
  'aval',
  'avalRechazado',
  'firma',
  'firmadoEn',
  'declaracionJurada',
  'declaracionJuradaFirmar',
  'numeroPoliza',
  'urlEmision',
  'score',
  'admitido',
  'importeMaximo',
  'activadoEn',
  'evaluadoEn',
  'celularVerificado',
  'sustentosObservados',
] as const;

const FACTS: ReadonlySet<string> = new Set(SERVICE_FACTS);

/** True when `field` is one only the service sets. */
export function isServiceFact(field: string): boolean {
  return FACTS.has(field);
}
