/**
 * The national ID registry (RENIEC-like) adapter: names, birth date, gender and civil
 * status for a DNI. The sandbox implementation invents a stable record per DNI; every
 * invented person is an adult, so unlisted DNIs follow the happy path.
 */
import { seedOf } from './seed-of.ts';

/** Civil status codes of the product (spec 000 §3 "Constants"; NA for other). */
export type CivilStatus = 'SO' | 'CA' | 'VI' | 'DI' | 'NA';

/** One person's ID record. */
export interface IdRecord {
  documento: string;
  nombres: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  /** `YYYY-MM-DD`. */
  fechaNacimiento: string;
  genero: 'M' | 'F';
  estadoCivil: CivilStatus;
  /** District of birth, used by the identity questions. */
  distritoNacimiento: string;
  nombreMadre: string;
}

/** What the service asks of the ID registry. */
export interface IdRegistry {
  /** The record for `documento` at time `now` (the sandbox ignores the time: records never change), or `null` when the registry has none. */
  lookup(documento: string, now: number): Promise<IdRecord | null>;
}

/** Maps a registry's civil-status word to the product code: single SO, married CA, widowed VI, divorced DI, other NA. */
export function mapCivilStatus(word: string): CivilStatus {
  const w = word.trim().toLowerCase();
  if (w.startsWith('solter') || w === 'single') return 'SO';
  if (w.startsWith('casad') || w === 'married') return 'CA';
  if (w.startsWith('viud') || w === 'widowed') return 'VI';
  if (w.startsWith('divorc') || w === 'divorced') return 'DI';
  return 'NA';
}

/** Maps the registry's gender word: male M, anything else F (spec 001 §7). */
export function mapGender(word: string): 'M' | 'F' {
  const w = word.trim().toLowerCase();
  return w === 'm' || w.startsWith('masc') || w === 'male' ? 'M' : 'F';
}

const MALE = [
  'José',
  'Luis',
  'Carlos',
  'Jorge',
  'Juan',
  'Miguel',
  'Víctor',
  'César',
  'Manuel',
  'Pedro',
  'Ricardo',
  'Walter',
];
const FEMALE = [
  'María',
  'Rosa',
  'Ana',
  'Carmen',
  'Lucía',
  'Elena',
  'Patricia',
  'Julia',
  'Gladys',
  'Teresa',
  'Milagros',
  'Silvia',
];
const SURNAMES = [
  'Quispe',
  'Flores',
  'Sánchez',
  'Rodríguez',
  'García',
  'Rojas',
  'Mamani',
  'Huamán',
  'Vásquez',
  'Chávez',
  'Ramírez',
  'Torres',
  'Castillo',
  'Mendoza',
  'Díaz',
  'Gutiérrez',
];
const DISTRICTS = [
  'Lima',
  'San Juan de Lurigancho',
  'Comas',
  'Ate',
  'Villa El Salvador',
  'Callao',
  'Arequipa',
  'Trujillo',
  'Chiclayo',
  'Huancayo',
  'Cusco',
  'Piura',
];
const CIVIL_WORDS = ['SOLTERO', 'CASADO', 'VIUDO', 'DIVORCIADO', 'CONVIVIENTE'];

/** Choices the identity questions draw wrong options from. */
export const REGISTRY_CHOICES = { MALE, FEMALE, SURNAMES, DISTRICTS } as const;

/** The sandbox registry: a stable invented adult per DNI, born 1960–2007. */
export class SandboxIdRegistry implements IdRegistry {
  lookup(documento: string, _now: number): Promise<IdRecord | null> {
    const pick = seedOf(documento);
    const genero = mapGender(pick(2, 'gender') === 0 ? 'MASCULINO' : 'FEMENINO');
    const names = genero === 'M' ? MALE : FEMALE;
    // Born 1960–2007: fixed per DNI whatever the clock says (the sandbox clock moves), and
    // every invented person is 18 or older from March 2026 on.
    const birth = new Date(Date.UTC(2007 - pick(48, 'age'), pick(12, 'month'), 1 + pick(28, 'day')));
    return Promise.resolve({
      documento,
      nombres: `${names[pick(names.length, 'n1')]!} ${names[pick(names.length, 'n2')]!}`,
      apellidoPaterno: SURNAMES[pick(SURNAMES.length, 'ap')]!,
      apellidoMaterno: SURNAMES[pick(SURNAMES.length, 'am')]!,
      fechaNacimiento: birth.toISOString().slice(0, 10),
      genero,
      estadoCivil: mapCivilStatus(CIVIL_WORDS[pick(CIVIL_WORDS.length, 'civil')]!),
      distritoNacimiento: DISTRICTS[pick(DISTRICTS.length, 'district')]!,
      nombreMadre: FEMALE[pick(FEMALE.length, 'mother')]!,
    });
  }
}

/** Completed years at `now` of someone born on `fechaNacimiento` (the engine's rule, shared with the lead forms). */
export { ageAt } from '../../../engine/peru.ts';
