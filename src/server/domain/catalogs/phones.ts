/**
 * Smartphone brands and models sold through partner stores in Peru, for the cellphone
 * financing product (celulares): its confirmation screen asks which phone the applicant
 * takes. The vehicle catalog calls (`info-marca`, `info-modelo`) answer these for a phone
 * product. Prices are believable store prices in soles.
 */

export interface PhoneBrand {
  readonly codigo: number;
  readonly nombre: string;
}

export interface PhoneModel {
  readonly codigo: number;
  readonly marca: number;
  readonly nombre: string;
  readonly precio: number;
}

/** The products that finance a phone (celulares). */
export const PHONE_PRODUCTS: ReadonlySet<number> = new Set([58]);

/** Codes apart from the vehicle brands' (1–99), so a phone brand is never read as a vehicle's. */
export const PHONE_BRANDS: readonly PhoneBrand[] = [
  { codigo: 501, nombre: 'Samsung' },
  { codigo: 502, nombre: 'Xiaomi' },
  { codigo: 503, nombre: 'Motorola' },
  { codigo: 504, nombre: 'Apple' },
  { codigo: 505, nombre: 'Honor' },
  { codigo: 506, nombre: 'ZTE' },
];

export const PHONE_MODELS: readonly PhoneModel[] = [
  { codigo: 50101, marca: 501, nombre: 'Galaxy A06', precio: 449 },
  { codigo: 50102, marca: 501, nombre: 'Galaxy A16', precio: 749 },
  { codigo: 50103, marca: 501, nombre: 'Galaxy A56', precio: 1799 },
  { codigo: 50104, marca: 501, nombre: 'Galaxy S25', precio: 3899 },
  { codigo: 50201, marca: 502, nombre: 'Redmi A5', precio: 399 },
  { codigo: 50202, marca: 502, nombre: 'Redmi Note 14', precio: 899 },
  { codigo: 50203, marca: 502, nombre: 'Poco X7', precio: 1399 },
  { codigo: 50301, marca: 503, nombre: 'Moto G05', precio: 499 },
  { codigo: 50302, marca: 503, nombre: 'Moto G35', precio: 699 },
  { codigo: 50303, marca: 503, nombre: 'Edge 60', precio: 1699 },
  { codigo: 50401, marca: 504, nombre: 'iPhone 15', precio: 3499 },
  { codigo: 50402, marca: 504, nombre: 'iPhone 16', precio: 4299 },
  { codigo: 50501, marca: 505, nombre: 'X6b', precio: 599 },
  { codigo: 50502, marca: 505, nombre: '400 Lite', precio: 1099 },
  { codigo: 50601, marca: 506, nombre: 'Blade A35', precio: 349 },
  { codigo: 50602, marca: 506, nombre: 'Blade V70', precio: 649 },
];

/** True when the product finances a phone rather than a vehicle. */
export function isPhoneProduct(codigoProducto: unknown): boolean {
  return PHONE_PRODUCTS.has(Number(codigoProducto));
}

/** The phone brand by code or by name (case-insensitive), as the calls send either. */
export function findPhoneBrand(key: string | number): PhoneBrand | undefined {
  const s = String(key).trim().toLowerCase();
  return PHONE_BRANDS.find((b) => String(b.codigo) === s || b.nombre.toLowerCase() === s);
}

/** The models of a phone brand (code or name); none for an unknown brand. */
export function phoneModelsOf(brand: string | number): PhoneModel[] {
  const b = findPhoneBrand(brand);
  return b ? PHONE_MODELS.filter((m) => m.marca === b.codigo) : [];
}
