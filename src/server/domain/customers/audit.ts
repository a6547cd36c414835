/**
 * The audit trail of existing-customer applications (`customer_offer_events`): who (the holder
 * or a promoter), when and what changed, for the offer an application opened with, every
 * change a call made to its state or data, and the credit its signature opened or paid off.
 * See `docs/customers.md`, "Audit trail".
 */
import type { Db } from '../../sandbox/types.ts';
import { CUSTOMER_TERMS } from './products.ts';

/** Who acted: the application's holder (their browser session) or a promoter. */
export type Actor =
  | { actor: 'titular'; sesion: string | null }
  | { actor: 'promotor'; codigoEntidad: number; codigoUsuario: string }
  | { actor: 'servicio' };

/** The actor of a call: its promoter session if any, else the browser that holds the application. */
export function actorOf(
  promoter: { codigoEntidad: number; codigoUsuario: string } | null,
  holder: string | null | undefined,
): Actor {
  return promoter !== null
    ? { actor: 'promotor', codigoEntidad: promoter.codigoEntidad, codigoUsuario: promoter.codigoUsuario }
    : { actor: 'titular', sesion: holder ?? null };
}

/** One stored event. */
export interface OfferEvent {
  at: string;
  actor: Actor['actor'];
  sesion: string | null;
  codigoEntidad: number | null;
  codigoUsuario: string | null;
  evento: string;
  detalle: Record<string, unknown>;
}

/** Adds an event to an application's trail. */
export async function recordOfferEvent(
  db: Db,
  prospectId: number,
  who: Actor,
  evento: string,
  detalle: Record<string, unknown>,
  now: number,
): Promise<void> {
  await db.query(
    `INSERT INTO customer_offer_events (prospect_id, at, actor, sesion, codigo_entidad, codigo_usuario, evento, detalle)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      prospectId,
      new Date(now),
      who.actor,
      who.actor === 'titular' ? who.sesion : null,
      who.actor === 'promotor' ? who.codigoEntidad : null,
      who.actor === 'promotor' ? who.codigoUsuario : null,
      evento,
      JSON.stringify(detalle),
    ],
  );
}

/** An application's trail, oldest first. */
export async function offerEvents(db: Db, prospectId: number): Promise<OfferEvent[]> {
  const { rows } = await db.query<{
    at: Date | string;
    actor: Actor['actor'];
    sesion: string | null;
    codigo_entidad: number | null;
    codigo_usuario: string | null;
    evento: string;
    detalle: Record<string, unknown> | string;
  }>('SELECT * FROM customer_offer_events WHERE prospect_id = $1 ORDER BY id', [prospectId]);
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    sesion: r.sesion,
    codigoEntidad: r.codigo_entidad,
    codigoUsuario: r.codigo_usuario,
    evento: r.evento,
    detalle: typeof r.detalle === 'string' ? (JSON.parse(r.detalle) as Record<string, unknown>) : r.detalle,
  }));
}

/** The state and data of the existing-customer applications among `ids`, to compare after a call. */
export type ApplicationsSnapshot = Map<number, { estado: number; datos: Record<string, unknown> }>;

const CUSTOMER_PRODUCTS = Object.keys(CUSTOMER_TERMS);

export async function snapshotApplications(db: Db, ids: readonly number[]): Promise<ApplicationsSnapshot> {
  const out: ApplicationsSnapshot = new Map();
  if (ids.length === 0) return out;
  const { rows } = await db.query<{
    id: string | number;
    estado: number;
    datos: Record<string, unknown> | string;
  }>(
    'SELECT id, estado, datos FROM lde_prospects WHERE id = ANY($1::bigint[]) AND producto = ANY($2::text[])',
    [ids.map(String), CUSTOMER_PRODUCTS],
  );
  for (const r of rows)
    out.set(Number(r.id), {
      estado: r.estado,
      datos: typeof r.datos === 'string' ? (JSON.parse(r.datos) as Record<string, unknown>) : (r.datos ?? {}),
    });
  return out;
}

/**
 * Records what `evento` (a call) changed on each application of `before`: its state (from, to)
 * and the data keys it set, with their new values. A call that changed nothing adds nothing.
 */
export async function recordChanges(
  db: Db,
  before: ApplicationsSnapshot,
  who: Actor,
  evento: string,
  now: number,
): Promise<void> {
  if (before.size === 0) return;
  const after = await snapshotApplications(db, [...before.keys()]);
  for (const [id, was] of before) {
    const is = after.get(id);
    if (is === undefined) continue;
    const detalle: Record<string, unknown> = {};
    if (is.estado !== was.estado) detalle.estado = { de: was.estado, a: is.estado };
    const datos = Object.fromEntries(
      Object.entries(is.datos).filter(([k, v]) => JSON.stringify(was.datos[k]) !== JSON.stringify(v)),
    );
    if (Object.keys(datos).length > 0) detalle.datos = datos;
    if (Object.keys(detalle).length > 0) await recordOfferEvent(db, id, who, evento, detalle, now);
  }
}
