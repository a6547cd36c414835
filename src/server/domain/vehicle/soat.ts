/**
 * SOAT (mandatory traffic insurance) emission behind an adapter. The sandbox insurer answers a
 * deterministic policy number per plate and year and keeps the policy as a row; a real insurer
 * adapter replaces `sandboxSoat` without the handlers noticing. The policy certificate is
 * served as a PDF at {@link soatPolicyPath}.
 */
import { peruDate } from '../../../engine/peru-date.ts';
import type { Db } from '../../sandbox/types.ts';
import { text } from '../../texts.ts';
import { renderPdf } from '../pdf/pdf-doc.ts';

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

/**
 * Where the policy certificate of an application is served (the report family's fixed `2`,
 * spec 001 §9). Relative, like the letters' paths, so it opens on whatever host serves the site.
 */
export function soatPolicyPath(prospectId: number): string {
  return `/kong/reporte/soat/2/${prospectId}`;
}

/** Emits (or returns the already emitted) policy for this prospect and plate. */
export function sandboxSoat(db: Db): SoatProvider {
  return {
    async emit(req, now) {
      const placa = req.placa.toUpperCase();
      const found = await newestPolicy(db, 'prospect_id = $1 AND placa = $2', [req.prospectId, placa]);
      if (found) return found;
      const start = new Date(now);
      const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), start.getUTCDate()));
      const numeroPoliza = `SOAT-${start.getUTCFullYear()}-${placa.replace(/[^A-Z0-9]/g, '')}-${String(req.prospectId).padStart(6, '0')}`;
      const urlEmision = soatPolicyPath(req.prospectId);
      const jsonEmision = {
        placa,
        documento: req.documento,
        claseVehiculo: req.claseVehiculo ?? 'M1',
        numeroAsientos: req.numeroAsientos,
        vigenciaDesde: start.toISOString().slice(0, 10),
        vigenciaHasta: end.toISOString().slice(0, 10),
        uso: 'Taxi',
      };
      await db.query(
        'INSERT INTO soat_policies (prospect_id, placa, numero_poliza, url_emision, json_emision, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [req.prospectId, placa, numeroPoliza, urlEmision, JSON.stringify(jsonEmision), start.toISOString()],
      );
      return { numeroPoliza, urlEmision, jsonEmision };
    },
  };
}

/** The newest policy emitted for an application, or null. */
export function findPolicy(db: Db, prospectId: number): Promise<SoatPolicy | null> {
  return newestPolicy(db, 'prospect_id = $1', [prospectId]);
}

/** The newest stored policy matching `where`, read back into its answer shape. */
async function newestPolicy(db: Db, where: string, params: unknown[]): Promise<SoatPolicy | null> {
  const { rows } = await db.query<{
    numero_poliza: string;
    url_emision: string;
    json_emision: Record<string, unknown> | string;
  }>(
    `SELECT numero_poliza, url_emision, json_emision FROM soat_policies WHERE ${where} ORDER BY id DESC LIMIT 1`,
    params,
  );
  const r = rows[0];
  if (!r) return null;
  const jsonEmision =
    typeof r.json_emision === 'string'
      ? (JSON.parse(r.json_emision) as Record<string, unknown>)
      : r.json_emision;
  return { numeroPoliza: r.numero_poliza, urlEmision: r.url_emision, jsonEmision };
}

/** The policy certificate the applicant downloads: number, insured vehicle, holder and validity. */
export function renderSoatCertificate(policy: SoatPolicy, titular: string): Promise<Buffer> {
  const j = policy.jsonEmision;
  const field = (k: string): string =>
    typeof j[k] === 'string' || typeof j[k] === 'number' ? String(j[k]) : '';
  return renderPdf(text('pdf.soat.documento'), (w) => {
    w.title(text('pdf.soat.titulo'), text('pdf.soat.subtitulo', { numeroPoliza: policy.numeroPoliza }));
    w.rows([
      [text('pdf.soat.numeroPoliza'), policy.numeroPoliza],
      [text('pdf.soat.contratante'), titular],
      [text('pdf.soat.documentoIdentidad'), field('documento')],
      [text('pdf.soat.placa'), field('placa')],
      [text('pdf.soat.claseVehiculo'), field('claseVehiculo')],
      [text('pdf.soat.uso'), field('uso')],
      [text('pdf.soat.numeroAsientos'), field('numeroAsientos')],
      [text('pdf.soat.vigenciaDesde'), peruDate(field('vigenciaDesde'))],
      [text('pdf.soat.vigenciaHasta'), peruDate(field('vigenciaHasta'))],
    ]);
    w.paragraph(text('pdf.soat.nota'));
  });
}
