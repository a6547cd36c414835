/**
 * The prospects of the promoter's entity as `listar/prospectos` answers them (`result.js_resdat`), and the
 * state of each in words: lead states for Credinstante and celulares, conversion statuses for
 * the GNV conversion routes, vehicle statuses for the vehicle and consumer families (spec 000 §4).
 */
import { request } from '../api/client.ts';
import { hasText, t } from '../lib/i18n.ts';

/** One row of the promoter's prospect list. */
export interface ProspectRow {
  id: string;
  producto: string;
  codigoProducto: string;
  documento: string;
  nombre: string;
  estado: string;
  fecha: string;
  /** The promoter who registered it (full name, else user name): the entity's promoters share the list. */
  registradoPor: string;
  /** The disbursement account as it is now (masked), and when it was changed on /cambiarcuenta. */
  cuenta: { banco: string; numero: string; cambiadaEn: string | null } | null;
}

const LIST_PATH = '/kong/prospecto/v2.0/listar/prospectos';
const LIST_TIMEOUT_MS = 30_000;
/** Families whose states are the lead states (the instant-credit products). */
const LEAD_FAMILIES = new Set(['credinstante', 'celulares']);
/** Families whose states are the conversion statuses (the GNV conversion routes, spec 000 §4). */
const CONVERSION_FAMILIES = new Set(['conversion', 'autoclass', 'campanaconversiones']);

function text(...values: unknown[]): string {
  const v = values.find((x) => typeof x === 'string' || typeof x === 'number');
  return v === undefined ? '' : String(v);
}

/** The masked account of a row, when it has one. */
function accountOf(raw: unknown): ProspectRow['cuenta'] {
  if (typeof raw !== 'object' || raw === null) return null;
  const a = raw as Record<string, unknown>;
  const numero = text(a.cuenta);
  if (numero === '') return null;
  return {
    banco: text(a.nombreEntidadBancaria, a.entidadBancaria),
    numero,
    cambiadaEn: typeof a.cambiadaEn === 'string' ? a.cambiadaEn : null,
  };
}

/** Reads the rows of a `listar/prospectos` answer (an unexpected shape reads as no rows). */
export function rowsOf(body: unknown): ProspectRow[] {
  const list = (body as { result?: { js_resdat?: unknown } } | null)?.result?.js_resdat;
  if (!Array.isArray(list)) return [];
  return list.map((item: Record<string, unknown>) => ({
    id: text(item.codigoProspecto, item.id),
    producto: text(item.producto),
    codigoProducto: text(item.codigoProducto),
    documento: text(item.documento),
    nombre: text(item.nombreCompleto),
    estado: text(item.estadoProspecto, item.estado),
    fecha: text(item.fechaRegistro),
    registradoPor: text(item.nombreUsuarioPersona, item.nombreUsuario, item.codigoUsuario),
    cuenta: accountOf(item.cuentaDesembolso),
  }));
}

/** The state of a prospect in words; a state the tables do not name reads "Estado N". */
export function stateName(row: Pick<ProspectRow, 'producto' | 'estado'>): string {
  const family = LEAD_FAMILIES.has(row.producto)
    ? 'lde'
    : CONVERSION_FAMILIES.has(row.producto)
      ? 'conversion'
      : 'vehicle';
  const key = `prospects.state.${family}.${row.estado}`;
  if (hasText(key)) return t(key);
  // Every other conversion status is a request already in process (spec 000 §4).
  if (family === 'conversion') return t('prospects.state.conversion.otro');
  return t('prospects.state.unknown', { estado: row.estado });
}

/** Families whose product title is not their name in camel case. */
const FAMILY_TITLE: Readonly<Record<string, string>> = { taxi: 'product.taxiProfesional' };

/** The product of a prospect by name (`moto-honda` → "Moto Honda"); an unknown family reads as it came. */
export function productName(row: Pick<ProspectRow, 'producto'>): string {
  const camel = row.producto.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const key = FAMILY_TITLE[row.producto] ?? `product.${camel}`;
  return camel !== '' && hasText(key) ? t(key) : row.producto;
}

/** The registration date as the applicant reads it (dd/mm/yyyy), or the raw value. */
export function dateText(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString('es-PE', { timeZone: 'America/Lima' });
}

/** The account in words ("BBVA ****4221", and the date it was changed), or a dash without one. */
export function accountText(row: Pick<ProspectRow, 'cuenta'>): string {
  const c = row.cuenta;
  if (c === null) return '—';
  const account = t('prospects.accountValue', { banco: c.banco, cuenta: c.numero }).trim();
  return c.cambiadaEn === null
    ? account
    : t('prospects.accountChanged', { cuenta: account, fecha: dateText(c.cambiadaEn) });
}

/** The prospects of the logged-in promoter's entity; the service lists no other entity's. */
export async function fetchProspects(): Promise<ProspectRow[]> {
  const res = await request({ method: 'POST', path: LIST_PATH, body: {}, timeoutMs: LIST_TIMEOUT_MS });
  return rowsOf(res.body);
}
