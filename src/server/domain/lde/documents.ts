/**
 * The eight contract documents and their groups (spec 001 §9): A the first six, B the first
 * four, C the first four plus the instruction and charge-authorisation letters, D the first
 * four plus the FR activation letter.
 */

/** Document kinds, in the spec's order, with the valued-document field each one fills. */
export const CONTRACT_DOCUMENTS = [
  { tipo: 'hojaResumen', campo: 'fi_hojres', titulo: 'Hoja resumen' },
  { tipo: 'solicitudCredito', campo: 'fi_solcre', titulo: 'Solicitud de crédito' },
  { tipo: 'contrato', campo: 'fi_contra', titulo: 'Contrato de préstamo' },
  { tipo: 'cronograma', campo: 'fi_cronog', titulo: 'Cronograma de pagos' },
  { tipo: 'cartaInstruccion', campo: 'fi_carins', titulo: 'Carta de instrucción irrevocable' },
  { tipo: 'convenioCanalizacion', campo: 'fi_conven', titulo: 'Convenio de canalización de pagos' },
  { tipo: 'cartaAutorizacionCargo', campo: 'fi_carcar', titulo: 'Carta de autorización de cargo' },
  { tipo: 'cartaActivacionFr', campo: 'fi_carfr', titulo: 'Carta de activación del Factor de Recaudo' },
] as const;

/** A document kind. */
export type ContractDocumentKind = (typeof CONTRACT_DOCUMENTS)[number]['tipo'];

/** A document group. */
export type DocumentGroup = 'A' | 'B' | 'C' | 'D';

const FIRST_FOUR: ContractDocumentKind[] = ['hojaResumen', 'solicitudCredito', 'contrato', 'cronograma'];

/** The kinds in each group, in order. */
export const DOCUMENT_GROUPS: Readonly<Record<DocumentGroup, readonly ContractDocumentKind[]>> = {
  A: [...FIRST_FOUR, 'cartaInstruccion', 'convenioCanalizacion'],
  B: FIRST_FOUR,
  C: [...FIRST_FOUR, 'cartaInstruccion', 'cartaAutorizacionCargo'],
  D: [...FIRST_FOUR, 'cartaActivacionFr'],
};

/** True when `g` names a group. */
export function isDocumentGroup(g: unknown): g is DocumentGroup {
  return g === 'A' || g === 'B' || g === 'C' || g === 'D';
}

/** The document kind's title, for the PDF heading and the list answered to the client. */
export function documentTitle(tipo: ContractDocumentKind): string {
  return CONTRACT_DOCUMENTS.find((d) => d.tipo === tipo)!.titulo;
}
