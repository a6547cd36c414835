/**
 * The disbursement account of an instant-credit application as its lookups show it: the bank,
 * the account type, the number masked (only its last 4 digits) and, when it was changed on
 * /cambiarcuenta, when. The full numbers never leave the service.
 */
import type { Db } from '../../sandbox/types.ts';
import { BANKS } from '../catalogs/banks.ts';

/** An account number with only its last 4 digits shown. */
export function maskAccount(n: string | undefined | null): string {
  return n === undefined || n === null ? '' : `****${n.slice(-4)}`;
}

export interface ShownAccount {
  entidadBancaria: string | null;
  /** The bank's name (banks catalogue), or null for a code it does not list. */
  nombreEntidadBancaria: string | null;
  tipoCuenta: number | null;
  /** The CCI (or, without one, the account number), masked. */
  cuenta: string;
  /** ISO time of the change on /cambiarcuenta, or null for the account given with the application. */
  cambiadaEn: string | null;
}

/** The stored account columns of `lde_bank_details`, as a query selects them. */
export interface AccountColumns {
  entidad_bancaria: string | null;
  tipo_cuenta: number | null;
  numero_cuenta: string | null;
  cci: string | null;
  cambiada_en: Date | string | null;
}

/** A stored account as shown: the number masked, the bank named, the change dated. */
export function showAccount(r: AccountColumns): ShownAccount {
  return {
    entidadBancaria: r.entidad_bancaria,
    nombreEntidadBancaria: BANKS.find((b) => b.codigo === r.entidad_bancaria)?.nombre ?? null,
    tipoCuenta: r.tipo_cuenta,
    cuenta: maskAccount(r.cci ?? r.numero_cuenta),
    cambiadaEn: r.cambiada_en === null ? null : new Date(r.cambiada_en).toISOString(),
  };
}

/** The application's account as shown, or null when it has none. */
export async function shownAccount(db: Db, prospectId: number): Promise<ShownAccount | null> {
  const { rows } = await db.query<AccountColumns>(
    'SELECT entidad_bancaria, tipo_cuenta, numero_cuenta, cci, cambiada_en FROM lde_bank_details WHERE prospect_id = $1',
    [prospectId],
  );
  const r = rows[0];
  return r ? showAccount(r) : null;
}
