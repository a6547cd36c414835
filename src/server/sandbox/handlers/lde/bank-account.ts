/**
 * The disbursement account of an instant-credit application (000 §3 "Bank details"), wherever it
 * arrives: Credinstante's bank-details step (`credit.updateBankDetails`) or the mobile-phone
 * confirmation screen (`lde.confirmData`, celulares has no bank-details step). Both keep it in
 * one place, `lde_bank_details`, which is where a change of account looks: once an account is
 * saved, only the SMS code sent to the phone on file replaces it.
 */
import { cciProblemFor } from '../../../../engine/peru.ts';
import { text } from '../../../texts.ts';
import { BadInput, type Db } from '../../types.ts';
import { optNum, optStr } from './input.ts';

/** An account as the service keeps it. */
export interface DisbursementAccount {
  tipoDesembolso: number;
  tipoCuenta: number | null;
  banco: string | null;
  numeroCuenta: string | null;
  cci: string | null;
}

/** The account a body names, checked: the CCI's check digits must hold and its bank code match the bank chosen. */
export function readAccount(body: Record<string, unknown>): DisbursementAccount {
  const tipoDesembolso = optNum(body, 'tipoDesembolso') ?? 1;
  const cci = optStr(body, 'numeroCuentaInterbancaria')?.replace(/[\s-]/g, '');
  const banco = optStr(body, 'entidadBancariaDestino');
  const errors: { path: string; message: string }[] = [];
  const problem = cci === undefined ? 'length' : cciProblemFor(cci, banco);
  // The same rule and words as the page's bank-details step (view.bank.cci.*).
  if ((tipoDesembolso === 1 || cci !== undefined) && problem !== null)
    errors.push({ path: '/numeroCuentaInterbancaria', message: text(`view.bank.cci.${problem}`) });
  if (errors.length > 0) throw new BadInput(errors);
  return {
    tipoDesembolso,
    tipoCuenta: optNum(body, 'tipoCuenta') ?? null,
    banco: banco ?? null,
    numeroCuenta: optStr(body, 'numeroCuentaBancaria') ?? null,
    cci: cci ?? null,
  };
}

/** True when the body names an account at all. */
export function namesAccount(body: Record<string, unknown>): boolean {
  return ['numeroCuentaInterbancaria', 'numeroCuentaBancaria', 'entidadBancariaDestino'].some(
    (f) => body[f] !== undefined,
  );
}

/** The application's saved account, or `null`. */
export async function savedAccount(db: Db, prospectId: number): Promise<DisbursementAccount | null> {
  const { rows } = await db.query<{
    tipo_desembolso: number;
    tipo_cuenta: number | null;
    entidad_bancaria: string | null;
    numero_cuenta: string | null;
    cci: string | null;
  }>(
    'SELECT tipo_desembolso, tipo_cuenta, entidad_bancaria, numero_cuenta, cci FROM lde_bank_details WHERE prospect_id = $1',
    [prospectId],
  );
  const r = rows[0];
  return r
    ? {
        tipoDesembolso: r.tipo_desembolso,
        tipoCuenta: r.tipo_cuenta,
        banco: r.entidad_bancaria,
        numeroCuenta: r.numero_cuenta,
        cci: r.cci,
      }
    : null;
}

/**
 * Saves (or replaces) the application's account; the caller decides whether it may. `changed`
 * marks a replacement of an account already given (`/cambiarcuenta`), shown on the lookup.
 */
export async function storeAccount(
  db: Db,
  prospectId: number,
  a: DisbursementAccount,
  now: number,
  changed = false,
): Promise<void> {
  await db.query(
    `INSERT INTO lde_bank_details (prospect_id, tipo_desembolso, tipo_cuenta, entidad_bancaria, numero_cuenta, cci, saved_at, cambiada_en) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (prospect_id) DO UPDATE SET tipo_desembolso = EXCLUDED.tipo_desembolso, tipo_cuenta = EXCLUDED.tipo_cuenta, entidad_bancaria = EXCLUDED.entidad_bancaria,
       numero_cuenta = EXCLUDED.numero_cuenta, cci = EXCLUDED.cci, saved_at = EXCLUDED.saved_at, cambiada_en = EXCLUDED.cambiada_en`,
    [
      prospectId,
      a.tipoDesembolso,
      a.tipoCuenta,
      a.banco,
      a.numeroCuenta,
      a.cci,
      new Date(now),
      changed ? new Date(now) : null,
    ],
  );
}

/** Whether two accounts pay to the same place. */
export function sameAccount(a: DisbursementAccount, b: DisbursementAccount): boolean {
  return a.cci === b.cci && a.numeroCuenta === b.numeroCuenta && a.banco === b.banco;
}
