/**
 * SOAT (mandatory traffic insurance) emission behind an adapter. The sandbox insurer answers a
 * deterministic policy number per plate and year and keeps the policy as a row; a real insurer
 * adapter replaces `sandboxSoat` without the handlers noticing.
 */
import type { Db } from '../../sandbox/types.ts';

export interface SoatRequest {
  prospectId: number;
  placa: string;
  documento: string;
  claseVehiculo?: string;
  numeroAsientos: number;
}

export interface SoatPolicy {
  numeroPoliza: string;
  urlEmision: string;
  jsonEmision: Record<string, unknown>;
}

/** The insurer's interface. */
export interface SoatProvider {
  emit(req: SoatRequest, now: number): Promise<SoatPolicy>;
}

/** Emits (or returns the already emitted) policy for this prospect and plate. */
export function sandboxSoat(db: Db, publicUrl: string): SoatProvider {
  return {
    async emit(req, now) {
      const placa = req.placa.toUpperCase();
      const { rows } = await db.query<{ numero_poliza: string; url_emision: string; json_emision: Record<string, unknown> | string }>(
        'SELECT numero_poliza, url_emision, json_emision FROM soat_policies WHERE prospect_id = $1 AND placa = $2 ORDER BY id DESC LIMIT 1',
        [req.prospectId, placa],
      );
      const found = rows[0];
      if (found) {
        return { numeroPoliza: found.numero_poliza, urlEmision: found.url_emision, jsonEmision: typeof found.json_emision === 'string' ? (JSON.parse(found.json_emision) as Record<string, unknown>) : found.json_emision };
      }
      const start = new Date(now);
      const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()));
      const numeroPoliza = `SOAT-${start.getUTCFullYear()}-${placa.replace(/[^A-Z0-9]/g, '')}-${String(req.prospectId).padStart(6, '0')}`;
      const urlEmision = `${publicUrl.replace(/\/$/, '')}/soat/${encodeURIComponent(numeroPoliza)}`;
      const jsonEmision = {
        placa,
        documento: req.documento,
        claseVehiculo: req.claseVehiculo ?? 'M1',
        numeroAsientos: req.numeroAsientos,
        vigenciaDesde: start.toISOString().slice(0, 10),
        vigenciaHasta: end.toISOString().slice(0, 10),
        uso: 'Taxi',
      };
      await db.query('INSERT INTO soat_policies (prospect_id, placa, numero_poliza, url_emision, json_emision, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        req.prospectId,
        placa,
        numeroPoliza,
        urlEmision,
        JSON.stringify(jsonEmision),
        start.toISOString(),
      ]);
      return { numeroPoliza, urlEmision, jsonEmision };
    },
  };
}
