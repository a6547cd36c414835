/**
 * A deterministic ID-registry record (the RENIEC "ficha") for the sandbox: the same DNI always
 * gives the same person. Civil status and gender come in the registry's words and are mapped
 * as the spec says (single SO, married CA, widowed VI, divorced DI, other NA; male M else F).
 * The instant-credit part may provide the registry adapter; this one stands in until then.
 */

export interface IdRecord {
  documento: string;
  nombres: string;
  apellidoPaterno: string;
  apellidoMaterno: string;
  fechaNacimiento: string;
  /** As the registry writes it. */
  sexo: 'MASCULINO' | 'FEMENINO';
  estadoCivilRegistro: 'SOLTERO' | 'CASADO' | 'VIUDO' | 'DIVORCIADO' | 'CONVIVIENTE';
  /** Mapped: M or F. */
  genero: 'M' | 'F';
  /** Mapped: SO, CA, VI, DI or NA. */
  estadoCivil: 'SO' | 'CA' | 'VI' | 'DI' | 'NA';
  ubigeo: string;
  direccion: string;
}

const MALE = ['Juan Carlos', 'José Luis', 'Luis Alberto', 'Carlos', 'Miguel Ángel', 'Jorge', 'Víctor Hugo', 'César', 'Pedro', 'Raúl'];
const FEMALE = ['María Elena', 'Rosa', 'Ana María', 'Carmen', 'Luz Marina', 'Patricia', 'Milagros', 'Gladys', 'Elizabeth', 'Yolanda'];
const SURNAMES = ['Quispe', 'Flores', 'Sánchez', 'Rodríguez', 'García', 'Rojas', 'Huamán', 'Mamani', 'Chávez', 'Vásquez', 'Ramírez', 'Torres', 'Mendoza', 'Castillo', 'Gutiérrez'];
const CIVIL: readonly IdRecord['estadoCivilRegistro'][] = ['SOLTERO', 'CASADO', 'SOLTERO', 'CONVIVIENTE', 'CASADO', 'DIVORCIADO', 'VIUDO'];
const DISTRICTS = ['150132', '150135', '150103', '150142', '150117', '150110', '070101', '150133'];

/** Registry civil status → the product's code (spec 000 §5). */
export function mapCivilStatus(s: string): IdRecord['estadoCivil'] {
  switch (s.trim().toUpperCase()) {
    case 'SOLTERO':
    case 'SOLTERA':
      return 'SO';
    case 'CASADO':
    case 'CASADA':
      return 'CA';
    case 'VIUDO':
    case 'VIUDA':
      return 'VI';
    case 'DIVORCIADO':
    case 'DIVORCIADA':
      return 'DI';
    default:
      return 'NA';
  }
}

/** Registry sex → the product's gender: male M, anything else F. */
export function mapGender(s: string): 'M' | 'F' {
  return s.trim().toUpperCase().startsWith('M') ? 'M' : 'F';
}

/** The record of `documento` (8 digits). */
export function idRecordFor(documento: string): IdRecord {
  const n = Number(documento);
  const pick = <T,>(list: readonly T[], salt: number): T => list[(n * 31 + salt) % list.length]!;
  const sexo = n % 2 === 0 ? 'MASCULINO' : 'FEMENINO';
  const estadoCivilRegistro = pick(CIVIL, 7);
  // Adults between 21 and 60, born on a day derived from the DNI.
  const year = 1966 + (n % 39);
  const month = 1 + (n % 12);
  const day = 1 + (n % 28);
  return {
    documento,
    nombres: pick(sexo === 'MASCULINO' ? MALE : FEMALE, 1),
    apellidoPaterno: pick(SURNAMES, 3),
    apellidoMaterno: pick(SURNAMES, 11),
    fechaNacimiento: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    sexo,
    estadoCivilRegistro,
    genero: mapGender(sexo),
    estadoCivil: mapCivilStatus(estadoCivilRegistro),
    ubigeo: pick(DISTRICTS, 5),
    direccion: `Jr. Los Pinos ${100 + (n % 900)}`,
  };
}
