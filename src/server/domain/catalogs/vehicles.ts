/**
 * Motorcycle and car brands and models sold through partner dealers in Peru. The `tipo` says
 * which product family may finance the model: `moto` (moto, moto-honda), `mototaxi`,
 * `motofurgon` (three-wheel cargo) and `auto` (taxi, seminuevo, conversions).
 */

export type VehicleKind = 'moto' | 'mototaxi' | 'motofurgon' | 'auto';

export interface Brand {
  readonly codigo: number;
  readonly nombre: string;
  readonly tipos: readonly VehicleKind[];
}

export interface Model {
  readonly codigo: number;
  readonly marca: number;
  readonly nombre: string;
  readonly tipo: VehicleKind;
  /** List price in soles, a believable dealer price used as the default vehicle price. */
  readonly precio: number;
  readonly combustible: 'GASOLINA' | 'GNV' | 'GLP' | 'DIESEL';
}

export const BRANDS: readonly Brand[] = [
  { codigo: 1, nombre: 'Honda', tipos: ['moto', 'mototaxi'] },
  { codigo: 2, nombre: 'Bajaj', tipos: ['moto', 'mototaxi'] },
  { codigo: 3, nombre: 'Yamaha', tipos: ['moto'] },
  { codigo: 4, nombre: 'Suzuki', tipos: ['moto', 'auto'] },
  { codigo: 5, nombre: 'TVS', tipos: ['moto', 'mototaxi'] },
  { codigo: 6, nombre: 'Wanxin', tipos: ['moto', 'mototaxi', 'motofurgon'] },
  { codigo: 7, nombre: 'Ronco', tipos: ['moto', 'mototaxi', 'motofurgon'] },
  { codigo: 8, nombre: 'Toyota', tipos: ['auto'] },
  { codigo: 9, nombre: 'Hyundai', tipos: ['auto'] },
  { codigo: 10, nombre: 'Kia', tipos: ['auto'] },
  { codigo: 11, nombre: 'Nissan', tipos: ['auto'] },
  { codigo: 12, nombre: 'Chevrolet', tipos: ['auto'] },
];

export const MODELS: readonly Model[] = [
  { codigo: 101, marca: 1, nombre: 'CB 190R', tipo: 'moto', precio: 10990, combustible: 'GASOLINA' },
  { codigo: 102, marca: 1, nombre: 'XR 150L', tipo: 'moto', precio: 9490, combustible: 'GASOLINA' },
  { codigo: 103, marca: 1, nombre: 'XR 190L', tipo: 'moto', precio: 11490, combustible: 'GASOLINA' },
  { codigo: 104, marca: 1, nombre: 'CGL 125 Cargo', tipo: 'moto', precio: 6590, combustible: 'GASOLINA' },
  { codigo: 105, marca: 1, nombre: 'Wave 110S', tipo: 'moto', precio: 4990, combustible: 'GASOLINA' },
  { codigo: 106, marca: 1, nombre: 'Navi', tipo: 'moto', precio: 5990, combustible: 'GASOLINA' },
  { codigo: 201, marca: 2, nombre: 'Pulsar NS 200', tipo: 'moto', precio: 10490, combustible: 'GASOLINA' },
  { codigo: 202, marca: 2, nombre: 'Pulsar 180', tipo: 'moto', precio: 8290, combustible: 'GASOLINA' },
  { codigo: 203, marca: 2, nombre: 'Boxer CT 100', tipo: 'moto', precio: 4290, combustible: 'GASOLINA' },
  { codigo: 204, marca: 2, nombre: 'Dominar 400', tipo: 'moto', precio: 17990, combustible: 'GASOLINA' },
  { codigo: 205, marca: 2, nombre: 'RE 205', tipo: 'mototaxi', precio: 15990, combustible: 'GASOLINA' },
  { codigo: 206, marca: 2, nombre: 'RE GNV', tipo: 'mototaxi', precio: 17490, combustible: 'GNV' },
  { codigo: 301, marca: 3, nombre: 'FZ 2.0', tipo: 'moto', precio: 9990, combustible: 'GASOLINA' },
  { codigo: 302, marca: 3, nombre: 'YBR 125', tipo: 'moto', precio: 6790, combustible: 'GASOLINA' },
  { codigo: 303, marca: 3, nombre: 'XTZ 125', tipo: 'moto', precio: 8490, combustible: 'GASOLINA' },
  { codigo: 304, marca: 3, nombre: 'XTZ 250', tipo: 'moto', precio: 16990, combustible: 'GASOLINA' },
  { codigo: 305, marca: 3, nombre: 'Crypton', tipo: 'moto', precio: 5490, combustible: 'GASOLINA' },
  { codigo: 401, marca: 4, nombre: 'GN 125', tipo: 'moto', precio: 5790, combustible: 'GASOLINA' },
  { codigo: 402, marca: 4, nombre: 'AX4', tipo: 'moto', precio: 4690, combustible: 'GASOLINA' },
  { codigo: 403, marca: 4, nombre: 'Gixxer 150', tipo: 'moto', precio: 8990, combustible: 'GASOLINA' },
  { codigo: 404, marca: 4, nombre: 'Swift', tipo: 'auto', precio: 62900, combustible: 'GASOLINA' },
  { codigo: 405, marca: 4, nombre: 'Dzire', tipo: 'auto', precio: 59900, combustible: 'GASOLINA' },
  { codigo: 501, marca: 5, nombre: 'Apache RTR 160', tipo: 'moto', precio: 8190, combustible: 'GASOLINA' },
  { codigo: 502, marca: 5, nombre: 'Apache RTR 200', tipo: 'moto', precio: 9890, combustible: 'GASOLINA' },
  { codigo: 503, marca: 5, nombre: 'HLX 125', tipo: 'moto', precio: 4590, combustible: 'GASOLINA' },
  { codigo: 504, marca: 5, nombre: 'King', tipo: 'mototaxi', precio: 14990, combustible: 'GASOLINA' },
  { codigo: 601, marca: 6, nombre: 'Mototaxi 150', tipo: 'mototaxi', precio: 9990, combustible: 'GASOLINA' },
  {
    codigo: 602,
    marca: 6,
    nombre: 'Motofurgón 200',
    tipo: 'motofurgon',
    precio: 11490,
    combustible: 'GASOLINA',
  },
  { codigo: 701, marca: 7, nombre: 'Mototaxi 150', tipo: 'mototaxi', precio: 9490, combustible: 'GASOLINA' },
  {
    codigo: 702,
    marca: 7,
    nombre: 'Motofurgón 250',
    tipo: 'motofurgon',
    precio: 12490,
    combustible: 'GASOLINA',
  },
  { codigo: 801, marca: 8, nombre: 'Yaris', tipo: 'auto', precio: 72900, combustible: 'GASOLINA' },
  { codigo: 802, marca: 8, nombre: 'Corolla', tipo: 'auto', precio: 99900, combustible: 'GASOLINA' },
  { codigo: 803, marca: 8, nombre: 'Etios', tipo: 'auto', precio: 58900, combustible: 'GNV' },
  { codigo: 804, marca: 8, nombre: 'Hilux', tipo: 'auto', precio: 145900, combustible: 'DIESEL' },
  { codigo: 901, marca: 9, nombre: 'Accent', tipo: 'auto', precio: 64900, combustible: 'GNV' },
  { codigo: 902, marca: 9, nombre: 'Grand i10', tipo: 'auto', precio: 52900, combustible: 'GASOLINA' },
  { codigo: 903, marca: 9, nombre: 'Elantra', tipo: 'auto', precio: 89900, combustible: 'GASOLINA' },
  { codigo: 1001, marca: 10, nombre: 'Rio', tipo: 'auto', precio: 63900, combustible: 'GASOLINA' },
  { codigo: 1002, marca: 10, nombre: 'Picanto', tipo: 'auto', precio: 49900, combustible: 'GASOLINA' },
  { codigo: 1003, marca: 10, nombre: 'Soluto', tipo: 'auto', precio: 55900, combustible: 'GNV' },
  { codigo: 1101, marca: 11, nombre: 'Versa', tipo: 'auto', precio: 69900, combustible: 'GASOLINA' },
  { codigo: 1102, marca: 11, nombre: 'Sentra', tipo: 'auto', precio: 89900, combustible: 'GASOLINA' },
  { codigo: 1103, marca: 11, nombre: 'Kicks', tipo: 'auto', precio: 92900, combustible: 'GASOLINA' },
  { codigo: 1201, marca: 12, nombre: 'Sail', tipo: 'auto', precio: 52900, combustible: 'GNV' },
  { codigo: 1202, marca: 12, nombre: 'Onix', tipo: 'auto', precio: 64900, combustible: 'GASOLINA' },
  { codigo: 1203, marca: 12, nombre: 'Aveo', tipo: 'auto', precio: 56900, combustible: 'GASOLINA' },
];

/** The brand by code or by name (case-insensitive), as the calls send either. */
export function findBrand(key: string | number): Brand | undefined {
  const s = String(key).trim().toLowerCase();
  return BRANDS.find((b) => String(b.codigo) === s || b.nombre.toLowerCase() === s);
}

/** The models of a brand (code or name), optionally of one kind. */
export function modelsOf(brand: string | number, tipo?: VehicleKind): Model[] {
  const b = findBrand(brand);
  if (!b) return [];
  return MODELS.filter((m) => m.marca === b.codigo && (tipo === undefined || m.tipo === tipo));
}

/** The brands that sell at least one model of this kind. */
export function brandsFor(tipo?: VehicleKind): Brand[] {
  return tipo === undefined ? [...BRANDS] : BRANDS.filter((b) => b.tipos.includes(tipo));
}
