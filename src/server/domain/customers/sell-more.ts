/**
 * What vende más and FAE MYPE add to the customer model: when an application's offer may be
 * shown, and the business a FAE MYPE application finances.
 */
import type { Db } from '../../sandbox/types.ts';
import { isRuc } from '../../../engine/peru.ts';
import { FAE_EXCLUDED_ACTIVITIES } from './products.ts';
import { text } from '../../texts.ts';

/**
 * Whether an existing customer's application may show its offer's figures: once its holder
 * passed the identity questions or, for vende más, opened the link texted to the customer's
 * phone on file (holding that phone is what the link proves).
 */
export function offerUnlocked(p: { producto: string; datos: Record<string, unknown> }): boolean {
  return p.datos.identidadValidada === true || (p.producto === 'vendemas' && p.datos.enlaceValidado === true);
}

/** Why a business is refused, in the service's Spanish, or `null` when its data hold. */
export function businessProblems(
  documento: string,
  ruc: string | undefined,
  actividad: number | undefined,
  activities: readonly number[],
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (ruc === undefined || !isRuc(ruc)) out.push({ path: '/ruc', message: text('servidor.campo.ruc') });
  // A RUC 10 is a person's: "10", their DNI and the check digit.
  else if (ruc.startsWith('10') && ruc.slice(2, 10) !== documento)
    out.push({ path: '/ruc', message: text('servidor.campo.rucTitular') });
  if (actividad === undefined || !activities.includes(actividad))
    out.push({ path: '/actividadEconomica', message: text('servidor.campo.actividad') });
  return out;
}

/** Whether FAE MYPE finances a business of `actividad`. */
export const faeEligibleActivity = (actividad: number): boolean =>
  !FAE_EXCLUDED_ACTIVITIES.includes(actividad);

/** Records the business of a FAE MYPE application (once: a second call keeps the first). */
export async function recordBusiness(
  db: Db,
  prospectId: number,
  business: { ruc: string; actividadEconomica: number },
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO customer_businesses (prospect_id, ruc, actividad_economica, created_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (prospect_id) DO NOTHING`,
    [prospectId, business.ruc, business.actividadEconomica, new Date(now)],
  );
}

/** The business of a FAE MYPE application (RUC and activity code), or `null`. */
export async function businessOfApplication(
  db: Db,
  prospectId: number,
): Promise<{ ruc: string; actividadEconomica: number } | null> {
  const { rows } = await db.query<{ ruc: string; actividad_economica: number }>(
    'SELECT ruc, actividad_economica FROM customer_businesses WHERE prospect_id = $1',
    [prospectId],
  );
  const r = rows[0];
  return r ? { ruc: r.ruc, actividadEconomica: r.actividad_economica } : null;
}
