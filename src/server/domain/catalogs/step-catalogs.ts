/**
 * The catalogs a wizard step asks for through `consulta/catalogo` (spec 000 §3 Constants), by
 * catalog name. Names are upper-case keys; `findStepCatalog` also accepts the usual spellings
 * (`tipoDocumento`, `estado-civil`…). Values are `{ codigo, descripcion }` as strings, because
 * some codes are letters (SO, CA, M, F, GM, GI) and others numbers sent as text.
 */
import { BANKS } from './banks.ts';
import { ACTIVITIES, OCCUPATIONS, PROFESSIONS, SECTORS } from './economic.ts';
import { OFFICES, ENTITIES, OPERATION_CENTRES } from './offices.ts';
import { BRANDS, MODELS } from './vehicles.ts';

export interface CatalogItem {
  readonly codigo: string;
  readonly descripcion: string;
}

const items = (pairs: readonly (readonly [string | number, string])[]): CatalogItem[] =>
  pairs.map(([codigo, descripcion]) => ({ codigo: String(codigo), descripcion }));

/** Every catalog by name. */
export const STEP_CATALOGS: Readonly<Record<string, readonly CatalogItem[]>> = {
  TIPO_DOCUMENTO: items([
    [1, 'DNI'],
    [2, 'Carné de extranjería'],
  ]),
  /** The customer-type document list excludes CE. */
  TIPO_DOCUMENTO_CLIENTE: items([[1, 'DNI']]),
  TIPO_PERFIL: items([
    [1, 'Dependiente'],
    [2, 'Independiente'],
    [3, 'Independiente con negocio'],
  ]),
  ESTADO_CIVIL: items([
    ['SO', 'Soltero(a)'],
    ['CA', 'Casado(a)'],
    ['VI', 'Viudo(a)'],
    ['DI', 'Divorciado(a)'],
    ['CO', 'Conviviente'],
  ]),
  GENERO: items([
    ['M', 'Masculino'],
    ['F', 'Femenino'],
  ]),
  NIVEL_EDUCACION: items([
    ['SC', 'Secundaria completa'],
    ['SI', 'Secundaria incompleta'],
    ['PC', 'Primaria completa'],
    ['TC', 'Técnico completo'],
    ['UC', 'Universitario completo'],
    ['UI', 'Universitario incompleto'],
  ]),
  PEP: items([
    [0, 'No soy persona expuesta políticamente'],
    [1, 'Soy persona expuesta políticamente'],
  ]),
  SITUACION_LABORAL: items(OCCUPATIONS.map((o) => [o.codigo, o.descripcion] as const)),
  TALLERES: items([
    [1, 'Taller autorizado Lima Norte'],
    [2, 'Taller autorizado Lima Este'],
    [3, 'Taller autorizado Lima Sur'],
  ]),
  TIPO_CUENTA: items([
    [1, 'Ahorros'],
    [2, 'Corriente'],
  ]),
  TIPO_RESIDENCIA: items([
    [1, 'Propia'],
    [2, 'Alquilada'],
    [3, 'Familiar'],
    [4, 'Otra'],
  ]),
  MONEDA: items([
    ['PEN', 'Soles'],
    ['USD', 'Dólares'],
  ]),
  MARCAS_MOTO: items(
    BRANDS.filter((b) => b.tipos.some((t) => t !== 'auto')).map((b) => [b.codigo, b.nombre] as const),
  ),
  MODELOS_MOTO: items(MODELS.filter((m) => m.tipo !== 'auto').map((m) => [m.codigo, m.nombre] as const)),
  SECTOR_ECONOMICO: items(SECTORS.map((s) => [s.codigo, s.descripcion] as const)),
  ACTIVIDAD_ECONOMICA: items(ACTIVITIES.map((a) => [a.codigo, a.descripcion] as const)),
  DOCUMENTOS_REGISTRAR: items([
    [1, 'DNI (ambas caras)'],
    [2, 'Recibo de servicio'],
    [3, 'Boleta de pago o sustento de ingresos'],
    [4, 'Tarjeta de propiedad'],
    [5, 'SOAT'],
    [6, 'Revisión técnica'],
    [7, 'Licencia de conducir'],
  ]),
  PROFESION: items(PROFESSIONS.map((p) => [p.codigo, p.descripcion] as const)),
  CARGA_FAMILIAR: items([
    [0, 'Ninguna'],
    [1, '1 persona'],
    [2, '2 personas'],
    [3, '3 personas'],
    [4, '4 o más personas'],
  ]),
  TIPO_AVAL: items([
    ['GM', 'Garantía mobiliaria'],
    ['GI', 'Garantía de ingresos'],
  ]),
  TIPO_LICENCIA: items([
    ['A-I', 'A-I'],
    ['A-IIa', 'A-IIa'],
    ['A-IIb', 'A-IIb'],
    ['B-IIa', 'B-IIa'],
    ['B-IIb', 'B-IIb'],
    ['B-IIc', 'B-IIc'],
  ]),
  TERMINOS: items([
    [1, 'Acepto los términos y condiciones'],
    [2, 'Acepto el tratamiento de mis datos personales'],
  ]),
  COMBUSTIBLE: items([
    [1, 'Gasolina'],
    [2, 'GNV'],
    [3, 'GLP'],
    [4, 'Diésel'],
    [5, 'Dual gasolina/GNV'],
  ]),
  SEGURO_DESGRAVAMEN: items([
    [1, 'Seguro de desgravamen de la financiera'],
    [2, 'Endoso de póliza propia'],
  ]),
  SEGURO_VEHICULAR: items([
    [1, 'Seguro vehicular de la financiera'],
    [2, 'Endoso de póliza propia'],
  ]),
  CENTRO_FINANCIAMIENTO: items(OFFICES.map((o) => [o.codigo, o.nombre] as const)),
  CENTRO_OPERACIONES: items(OPERATION_CENTRES.map((c) => [c.codigo, c.nombre] as const)),
  TIPO_CATEGORIA: items([
    ['M1', 'M1 - Automóvil'],
    ['L3', 'L3 - Motocicleta'],
    ['L5', 'L5 - Mototaxi o motofurgón'],
  ]),
  TIPO_INGRESO: items([
    [1, 'Boleta de pago'],
    [2, 'Recibo por honorarios'],
    [3, 'Declaración jurada'],
    [4, 'Sin sustento'],
  ]),
  PERFIL_LABORAL_TITULAR: items([
    [1, 'Conductor propietario'],
    [2, 'Conductor no propietario'],
    [3, 'Comerciante'],
    [4, 'Dependiente'],
  ]),
  PERFIL_LABORAL_CONYUGE: items([
    [1, 'Dependiente'],
    [2, 'Independiente'],
    [3, 'Sin ingresos'],
  ]),
  ORIGEN_CUOTA_INICIAL: items([
    [1, 'Ahorros'],
    [2, 'Venta de vehículo'],
    [3, 'Préstamo familiar'],
    [4, 'Otro'],
  ]),
  USO_MOTO: items([
    [1, 'Particular'],
    [2, 'Trabajo (reparto)'],
    [3, 'Transporte de pasajeros'],
  ]),
  PRODUCTO_MOTO: items([
    [28, 'Moto'],
    [29, 'Mototaxi'],
    [36, 'Motofurgón'],
    [37, 'Moto no bancarizado'],
    [54, 'Moto Honda'],
  ]),
  SEDES: items(OFFICES.map((o) => [o.codigo, o.nombre] as const)),
  BANCOS: items(BANKS.map((b) => [b.codigo, b.nombre] as const)),
  ENTIDADES: items(ENTITIES.map((e) => [e.codigoEntidad, e.nombre] as const)),
  PERFIL_TAXI: items([
    [1, 'Taxista propietario'],
    [2, 'Taxista con vehículo de tercero'],
    [3, 'Nuevo taxista'],
  ]),
};

/**
 * The catalogs each step of the vehicle and consumer wizards loads at once (`paso`, the step
 * numbers of spec 000 §2: 1 pre-evaluation, 3 personal data, 4 simulation, 5 documents,
 * 10 final personal data, plus 8 for the bank details of the signing steps).
 */
export const CATALOGS_BY_STEP: Readonly<Record<number, readonly string[]>> = {
  1: ['TIPO_DOCUMENTO_CLIENTE', 'TERMINOS', 'SEDES', 'ENTIDADES'],
  3: [
    'ESTADO_CIVIL',
    'GENERO',
    'NIVEL_EDUCACION',
    'PEP',
    'SITUACION_LABORAL',
    'SECTOR_ECONOMICO',
    'ACTIVIDAD_ECONOMICA',
    'PROFESION',
    'CARGA_FAMILIAR',
    'TIPO_RESIDENCIA',
    'TIPO_PERFIL',
    'PERFIL_LABORAL_TITULAR',
    'PERFIL_LABORAL_CONYUGE',
  ],
  4: [
    'MONEDA',
    'COMBUSTIBLE',
    'SEGURO_DESGRAVAMEN',
    'SEGURO_VEHICULAR',
    'ORIGEN_CUOTA_INICIAL',
    'USO_MOTO',
    'PRODUCTO_MOTO',
    'MARCAS_MOTO',
    'MODELOS_MOTO',
    'TIPO_CATEGORIA',
    'CENTRO_FINANCIAMIENTO',
    'TALLERES',
  ],
  5: ['DOCUMENTOS_REGISTRAR', 'TIPO_AVAL', 'TIPO_LICENCIA', 'TIPO_INGRESO', 'CENTRO_OPERACIONES'],
  8: ['BANCOS', 'TIPO_CUENTA'],
  10: ['TIPO_RESIDENCIA', 'SECTOR_ECONOMICO', 'ACTIVIDAD_ECONOMICA', 'PROFESION', 'PERFIL_TAXI'],
};

const norm = (name: string): string =>
  name
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toUpperCase();

/** The catalog of that name (any usual spelling), or undefined with no such catalog. */
export function findStepCatalog(name: string): readonly CatalogItem[] | undefined {
  return STEP_CATALOGS[norm(name)];
}

/** The catalog names, for an error message that lists what exists. */
export const STEP_CATALOG_NAMES: readonly string[] = Object.keys(STEP_CATALOGS);
