/**
 * The vehicle, consumer and taxi applications as rows (`vehicle_prospects`). Every state change
 * goes through {@link setState}, which also writes `vehicle_prospect_events`.
 */
import type { Db } from '../../sandbox/types.ts';

/** Which family of calls created the application. */
export type ProspectFamily = 'moto' | 'moto-honda' | 'consumo' | 'seminuevo' | 'cotizador' | 'taxi';

/** The product a family lends when the application names one the sandbox has no terms for. */
export const FAMILY_PRODUCT: Readonly<Record<ProspectFamily, number>> = {
  moto: 28,
  'moto-honda': 54,
  consumo: 48,
  seminuevo: 55,
  cotizador: 48,
  taxi: 31,
};

/** States from which the policy evaluation runs (0 new; moto also 12 withdrawn and 28 rejected by workflow). */
export const EVALUABLE_STATES: ReadonlySet<number> = new Set([0, 12, 28]);

/**
 * The application data flag the sandbox's back office sets to hold the policy evaluation
 * pending (`retenerEvaluacion`): the lookup answers 0, 12 or 28 as stored, as upstream before
 * the evaluation engine answers. Cleared by the back office's next move.
 */
export const EVALUATION_HELD = 'evaluacionRetenida';

export interface Prospect {
  id: number;
  family: ProspectFamily;
  codigoProducto: number;
  tipoDocumento: number;
  documento: string;
  placa: string | null;
  estado: number;
  paso: number;
  codigoExpediente: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: number | string;
  family: string;
  codigo_producto: number;
  tipo_documento: number;
  documento: string;
  placa: string | null;
  estado: number;
  paso: number;
  codigo_expediente: string | null;
  data: Record<string, unknown> | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** JSON for a JSONB column: PostgreSQL refuses the NUL character, which a client may send inside any string. */
export function toJsonb(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'string' ? v.replaceAll('\u0000', '') : v,
  );
}

const COLUMNS =
  'id, family, codigo_producto, tipo_documento, documento, placa, estado, paso, codigo_expediente, data, created_at, updated_at';

function fromRow(r: Row): Prospect {
  return {
    id: Number(r.id),
    family: r.family as ProspectFamily,
    codigoProducto: r.codigo_producto,
    tipoDocumento: r.tipo_documento,
    documento: r.documento,
    placa: r.placa,
    estado: r.estado,
    paso: r.paso,
    codigoExpediente: r.codigo_expediente,
    data: typeof r.data === 'string' ? (JSON.parse(r.data) as Record<string, unknown>) : r.data,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** The newest application of `documento` in `family`, or null. */
export async function findLatest(
  db: Db,
  family: ProspectFamily,
  documento: string,
): Promise<Prospect | null> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM vehicle_prospects WHERE family = $1 AND documento = $2 ORDER BY id DESC LIMIT 1`,
    [family, documento],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The application with this id (the `codigoProspecto` the calls carry), or null. */
export async function findById(db: Db, id: number): Promise<Prospect | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM vehicle_prospects WHERE id = $1`, [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** Whether another applicant's application with this plate reached the final state (the vehicle was delivered). */
export async function plateDelivered(db: Db, placa: string, documento: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM vehicle_prospects WHERE upper(placa) = upper($1) AND documento <> $2 AND estado = 39 LIMIT 1',
    [placa, documento],
  );
  return rows.length > 0;
}

export interface NewProspect {
  family: ProspectFamily;
  codigoProducto: number;
  tipoDocumento: number;
  documento: string;
  placa: string | null;
  estado: number;
  data: Record<string, unknown>;
}

/** Inserts an application and answers it. */
export async function createProspect(db: Db, p: NewProspect, now: number): Promise<Prospect> {
  const at = new Date(now).toISOString();
  const { rows } = await db.query<Row>(
    `INSERT INTO vehicle_prospects (family, codigo_producto, tipo_documento, documento, placa, estado, data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [p.family, p.codigoProducto, p.tipoDocumento, p.documento, p.placa, p.estado, toJsonb(p.data), at],
  );
  const created = fromRow(rows[0]!);
  await db.query(
    'INSERT INTO vehicle_prospect_events (prospect_id, step, estado_from, estado_to, at) VALUES ($1, $2, $3, $3, $4)',
    [created.id, 'preEvaluation', p.estado, at],
  );
  return created;
}

/** Moves the application to `estado` after `step`, merging `data` into what it holds. */
export async function setState(
  db: Db,
  prospect: Prospect,
  step: string,
  estado: number,
  now: number,
  data: Record<string, unknown> = {},
): Promise<Prospect> {
  const at = new Date(now).toISOString();
  const merged = { ...prospect.data, ...data };
  await db.query('UPDATE vehicle_prospects SET estado = $2, data = $3, updated_at = $4 WHERE id = $1', [
    prospect.id,
    estado,
    toJsonb(merged),
    at,
  ]);
  await db.query(
    'INSERT INTO vehicle_prospect_events (prospect_id, step, estado_from, estado_to, at) VALUES ($1, $2, $3, $4, $5)',
    [prospect.id, step, prospect.estado, estado, at],
  );
  return { ...prospect, estado, data: merged, updatedAt: new Date(at) };
}

/** Updates the taxi server step, the plate and the file number without a state change. */
export async function updateProspect(
  db: Db,
  prospect: Prospect,
  patch: {
    paso?: number;
    placa?: string | null;
    codigoExpediente?: string | null;
    data?: Record<string, unknown>;
  },
  now: number,
): Promise<Prospect> {
  const next: Prospect = {
    ...prospect,
    paso: patch.paso ?? prospect.paso,
    placa: patch.placa !== undefined ? patch.placa : prospect.placa,
    codigoExpediente:
      patch.codigoExpediente !== undefined ? patch.codigoExpediente : prospect.codigoExpediente,
    data: { ...prospect.data, ...(patch.data ?? {}) },
    updatedAt: new Date(now),
  };
  await db.query(
    'UPDATE vehicle_prospects SET paso = $2, placa = $3, codigo_expediente = $4, data = $5, updated_at = $6 WHERE id = $1',
    [next.id, next.paso, next.placa, next.codigoExpediente, toJsonb(next.data), next.updatedAt.toISOString()],
  );
  return next;
}

/** The state path of an application, oldest first. */
export async function stateHistory(
  db: Db,
  prospectId: number,
): Promise<{ step: string; from: number; to: number }[]> {
  const { rows } = await db.query<{ step: string; estado_from: number; estado_to: number }>(
    'SELECT step, estado_from, estado_to FROM vehicle_prospect_events WHERE prospect_id = $1 ORDER BY id',
    [prospectId],
  );
  return rows.map((r) => ({ step: r.step, from: r.estado_from, to: r.estado_to }));
}
