/**
 * Banks by their CCI code (the first 3 digits of an interbank account number). The codes marked
 * `confirmado: false` are the unconfirmed ones of DOMAIN.md: kept, but flagged so a check can
 * treat them leniently.
 */
export interface Bank {
  readonly codigo: string;
  readonly nombre: string;
  readonly confirmado: boolean;
}

export const BANKS: readonly Bank[] = [
  { codigo: '002', nombre: 'Banco de Crédito del Perú (BCP)', confirmado: true },
  { codigo: '003', nombre: 'Interbank', confirmado: true },
  { codigo: '007', nombre: 'Citibank', confirmado: false },
  { codigo: '009', nombre: 'Scotiabank', confirmado: true },
  { codigo: '011', nombre: 'BBVA', confirmado: true },
  { codigo: '018', nombre: 'Banco de la Nación', confirmado: true },
  { codigo: '023', nombre: 'Banco de Comercio', confirmado: false },
  { codigo: '035', nombre: 'Banco Pichincha', confirmado: false },
  { codigo: '038', nombre: 'BanBif', confirmado: true },
  { codigo: '049', nombre: 'Mibanco', confirmado: true },
  { codigo: '053', nombre: 'Banco GNB', confirmado: false },
];
