/**
 * Instant-credit prospects in the database: the application the applicant and the
 * handlers work on. Every handler loads its prospect from the id it was given, so an id
 * opens only its own application.
 */
import type { Db } from '../../sandbox/types.ts';
import type { CustomerProduct } from '../customers/products.ts';

/** The products whose applications are instant-credit prospects: the instant credits and the existing-customer offers. */
export type LdeProduct = 'credinstante' | 'celulares' | CustomerProduct;

/** Lead prospect states (spec 000 §4 "Lead prospect states"). */
export const PROSPECT_STATE = {
  eligible: 0,
  noOffer: 1,
  inProcess: 2,
  offerReady: 4,
  signed: 10,
  active: 11,
  withdrawn: 12,
  hold: -5,
  /** Under 18 by birth date, or an ID that cannot apply (as the vehicle flows' -2). */
  minorOrInvalidId: -2,
  officeClosed: -6,
} as const;

/** One prospect row, as the handlers use it. */
export interface Prospect {
  id: number;
  producto: LdeProduct;
  codigoProducto: number;
  tipoDocumento: number;
  documento: string;
  telefono: string;
  placa: string | null;
  email: string | null;
  estado: number;
  canal: number;
  codigoEntidad: number;
  codigoUsuario: string | null;
  nombres: string | null;
  apellidoPaterno: string | null;
  apellidoMaterno: string | null;
  fechaNacimiento: string | null;
  datos: Record<string, unknown>;
}

interface Row {
  id: number;
  producto: LdeProduct;
  codigo_producto: number;
  tipo_documento: number;
  documento: string;
  telefono: string;
  placa: string | null;
  email: string | null;
  estado: number;
  canal: number;
  codigo_entidad: number;
  codigo_usuario: string | null;
  nombres: string | null;
  apellido_paterno: string | null;
  apellido_materno: string | null;
  fecha_nacimiento: string | null;
  datos: Record<string, unknown>;
}

const fromRow = (r: Row): Prospect => ({
  id: Number(r.id),
  producto: r.producto,
  codigoProducto: r.codigo_producto,
  tipoDocumento: r.tipo_documento,
  documento: r.documento,
  telefono: r.telefono,
  placa: r.placa,
  email: r.email,
  estado: r.estado,
  canal: r.canal,
  codigoEntidad: r.codigo_entidad,
  codigoUsuario: r.codigo_usuario,
  nombres: r.nombres,
  apellidoPaterno: r.apellido_paterno,
  apellidoMaterno: r.apellido_materno,
  fechaNacimiento: r.fecha_nacimiento,
  datos: r.datos ?? {},
});

/** A new prospect's fields. */
export type NewProspect = Omit<Prospect, 'id'> & { origen: number | null; terms: boolean };

/** Inserts a prospect under `id` (chosen by the caller: see `newProspectId`). */
export async function insertProspect(db: Db, id: number, p: NewProspect, now: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO lde_prospects (id, producto, codigo_producto, tipo_documento, documento, telefono, placa, email, estado, canal, origen,
       codigo_entidad, codigo_usuario, terms, nombres, apellido_paterno, apellido_materno, fecha_nacimiento, datos, created_at, updated_at)
     VALUES ($20,$1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$19) RETURNING id`,
    [
      p.producto,
      p.codigoProducto,
      p.tipoDocumento,
      p.documento,
      p.telefono,
      p.placa,
      p.email,
      p.estado,
      p.canal,
      p.origen,
      p.codigoEntidad,
      p.codigoUsuario,
      p.terms,
      p.nombres,
      p.apellidoPaterno,
      p.apellidoMaterno,
      p.fechaNacimiento,
      JSON.stringify(p.datos),
      new Date(now),
      id,
    ],
  );
  return Number(rows[0]!.id);
}

/** The prospect with `id`, or `null`. */
export async function loadProspect(db: Db, id: unknown): Promise<Prospect | null> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  const { rows } = await db.query<Row>('SELECT * FROM lde_prospects WHERE id = $1', [n]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The prospects with these ids, by id (one query; missing ids are absent). */
export async function loadProspects(db: Db, ids: readonly number[]): Promise<Map<number, Prospect>> {
  const { rows } = await db.query<Row>('SELECT * FROM lde_prospects WHERE id = ANY($1::bigint[])', [
    [...ids],
  ]);
  return new Map(rows.map((r) => [Number(r.id), fromRow(r)]));
}

/** Moves a prospect to `estado`, merging `datos` into its data. */
export async function setState(
  db: Db,
  id: number,
  estado: number,
  now: number,
  datos: Record<string, unknown> = {},
): Promise<void> {
  await db.query(
    'UPDATE lde_prospects SET estado = $2, datos = datos || $3::jsonb, updated_at = $4 WHERE id = $1',
    [id, estado, JSON.stringify(datos), new Date(now)],
  );
}

/** Merges `datos` into the prospect's data without changing its state. */
export async function mergeData(
  db: Db,
  id: number,
  datos: Record<string, unknown>,
  now: number,
): Promise<void> {
  await db.query('UPDATE lde_prospects SET datos = datos || $2::jsonb, updated_at = $3 WHERE id = $1', [
    id,
    JSON.stringify(datos),
    new Date(now),
  ]);
}

/**
 * Whether the applicant of an instant credit (credinstante, celulares) proved the phone they
 * applied with, by the SMS code texted after the pre-evaluation (spec 000 §2 step 2 "after
 * pre-evaluation (token)"). Until then the service neither decides the policy evaluation nor
 * simulates an offer. The existing customers' products take no such code: always true.
 */
export function phoneVerified(p: Pick<Prospect, 'producto' | 'datos'>): boolean {
  if (p.producto !== 'credinstante' && p.producto !== 'celulares') return true;
  return p.datos.celularVerificado === true;
}
