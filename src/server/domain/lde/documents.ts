/**
 * The eight contract documents and their groups (spec 001 §9): A the first six, B the first
 * four, C the first four plus the instruction and charge-authorisation letters, D the first
 * four plus the FR activation letter.
 */
import { text } from '../../texts.ts';

/** Document kinds, in the spec's order, with the valued-document field each one fills. */
const KINDS = [
  { tipo: 'hojaResumen', campo: 'fi_hojres' },
  { tipo: 'solicitudCredito', campo: 'fi_solcre' },
  { tipo: 'contrato', campo: 'fi_contra' },
  { tipo: 'cronograma', campo: 'fi_cronog' },
  { tipo: 'cartaInstruccion', campo: 'fi_carins' },
  { tipo: 'convenioCanalizacion', campo: 'fi_conven' },
  { tipo: 'cartaAutorizacionCargo', campo: 'fi_carcar' },
  { tipo: 'cartaActivacionFr', campo: 'fi_carfr' },
] as const;

/** A document kind. */
export type ContractDocumentKind = (typeof KINDS)[number]['tipo'];

/** The document kinds with their fields and titles (`pdf.documento.<tipo>` in i18n/es-PE.json). */
export const CONTRACT_DOCUMENTS: readonly {
  tipo: ContractDocumentKind;
  campo: (typeof KINDS)[number]['campo'];
  titulo: string;
}[] = KINDS.map((d) => ({ ...d, titulo: text(`pdf.documento.${d.tipo}`) }));

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
