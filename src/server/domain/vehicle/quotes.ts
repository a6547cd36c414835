/**
 * The quoters' final step (/cotizador, /cotizador/taxi, /cotizador/consumo-alfin): a quote as a
 * dealership or a promoter gives one. Sending it records the quote (`vehicle_quotes`: a code,
 * the simulation it was priced from, a validity date), texts it to the applicant with a signed
 * link that opens the matching product flow for that one application, and the quote's PDF is
 * served at `/kong/reporte/cotizacion/2/{id}`. The figures are the stored simulation's (the
 * shared credit math), never recomputed here.
 */
import { randomBytes } from 'node:crypto';
import type { HandlerReply, Services } from '../../sandbox/types.ts';
import { signLink } from '../lde/links.ts';
import { pct, renderPdf, soles } from '../pdf/pdf-doc.ts';
import { peruDate } from '../../../engine/peru-date.ts';
import { termsOf } from './product-terms.ts';
import { FAMILY_PRODUCT, findById, type Prospect } from './prospects.ts';
import { latestSimulation, simulationById, type StoredSimulation } from './simulations.ts';
import { loadProspect, prospectIdOf, unknownProspect } from './steps.ts';
import { text } from '../../texts.ts';

/** Days a quote stays valid (a sandbox setting). */
export const QUOTE_VALIDITY_DAYS = 7;

/** The partner entity of the partner consumer loan (consumo-alfin). */
export const PARTNER_ENTITY = 1221;

/** The product flow a quote continues in: taxi for the taxi products, the partner's consumer loan for its entity, else consumo. */
export function quoteRoute(p: Prospect): string {
  if (p.codigoProducto === 31 || p.codigoProducto === 38) return '/taxi-profesional';
  return Number(p.data.codigoEntidad) === PARTNER_ENTITY ? '/consumo-alfin' : '/consumo';
}

const base = (svc: Services) => svc.settings.publicUrl.replace(/\/$/, '');
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface QuoteRow {
  codigo: string;
  simulation_id: number | string;
  valid_until: string | Date;
  created_at: string | Date;
}

/** The newest quote sent for the application, or null. */
async function latestQuote(svc: Services, prospectId: number): Promise<QuoteRow | null> {
  const { rows } = await svc.db.query<QuoteRow>(
    'SELECT codigo, simulation_id, valid_until, created_at FROM vehicle_quotes WHERE prospect_id = $1 ORDER BY id DESC LIMIT 1',
    [prospectId],
  );
  return rows[0] ?? null;
}

const dayOf = (v: string | Date): string => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

/**
 * Records the quote of the application's newest simulation and texts it with the product link.
 * "99" when the application has not been quoted yet.
 */
export async function sendQuote(
  svc: Services,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const p = await loadProspect(svc, body);
  if (!p) return unknownProspect();
  const sim = await latestSimulation(svc.db, p.id);
  if (!sim) return { codRes: '99', detalleRespuesta: text('vehicle.noSimulation') };
  const now = svc.clock.now();
  const validUntil = isoDay(now + QUOTE_VALIDITY_DAYS * 86_400_000);
  const codigo = `COT-${isoDay(now).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const route = quoteRoute(p);
  const token = await signLink(
    svc.settings.jwtSecret,
    { purpose: 'quote', kind: 'vehicle', codigoProspecto: p.id, documento: p.documento },
    now,
    QUOTE_VALIDITY_DAYS * 86_400_000,
  );
  const enlace = `${base(svc)}${route}?cotizacion=${encodeURIComponent(token)}`;
  const urlCotizacion = `${base(svc)}/kong/reporte/cotizacion/2/${p.id}`;
  // The quote goes to the phone on file: a body cannot send someone's quote elsewhere.
  const celular =
    typeof p.data.telefono === 'string' && /^9\d{8}$/.test(p.data.telefono) ? p.data.telefono : null;
  await svc.db.query(
    'INSERT INTO vehicle_quotes (codigo, prospect_id, simulation_id, route, sent_to, valid_until, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [codigo, p.id, sim.id, route, celular, validUntil, new Date(now).toISOString()],
  );
  const fechaVigencia = peruDate(validUntil);
  if (celular) {
    await svc.sms.send({
      celular,
      texto: text('vehicle.quoteSms', {
        codigo,
        importe: soles(sim.importeFinanciar),
        plazo: sim.plazo,
        cuota: soles(sim.cuota),
        tcea: pct(sim.tcea),
        fecha: fechaVigencia,
        enlace,
      }),
      enlace,
    });
  }
  return {
    codRes: '00',
    detalleRespuesta: text('vehicle.quoteSent'),
    codigoCotizacion: codigo,
    fechaVigencia,
    urlCotizacion,
    enlace,
    cotizacion: {
      codigoCotizacion: codigo,
      importeFinanciar: sim.importeFinanciar,
      cuotas: sim.plazo,
      importeCuotas: sim.cuota,
      tea: Math.round(sim.tea * 1e6) / 1e4,
      tcea: Math.round(sim.tcea * 1e6) / 1e4,
      fechaVigencia,
    },
  };
}

function holder(p: Prospect): string {
  const parts = [p.data.nombres, p.data.apellidoPaterno, p.data.apellidoMaterno].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  return parts.length > 0 ? parts.join(' ') : text('pdf.cotizacion.titularDni', { documento: p.documento });
}

function renderQuote(p: Prospect, sim: StoredSimulation, q: QuoteRow): Promise<Buffer> {
  const producto = termsOf(p.codigoProducto, FAMILY_PRODUCT[p.family]).nombre;
  return renderPdf(text('pdf.cotizacion.titulo'), (w) => {
    w.title(text('pdf.cotizacion.titulo'), text('pdf.cotizacion.subtitulo', { codigo: q.codigo }));
    w.rows([
      [text('pdf.cotizacion.codigo'), q.codigo],
      [text('pdf.cotizacion.fecha'), peruDate(dayOf(q.created_at))],
      [text('pdf.cotizacion.vigencia'), peruDate(dayOf(q.valid_until))],
      [text('pdf.cotizacion.titular'), holder(p)],
      [text('pdf.cotizacion.documento'), p.documento],
      [text('pdf.cotizacion.producto'), producto],
    ]);
    w.heading(text('pdf.cotizacion.condiciones'));
    w.rows([
      [text('pdf.carta.importeFinanciar'), soles(sim.importeFinanciar)],
      [text('pdf.carta.plazo'), text('pdf.plazoMeses', { plazo: sim.plazo })],
      [text('pdf.carta.cuota'), soles(sim.cuota)],
      [text('pdf.carta.tea'), pct(sim.tea)],
      [text('pdf.carta.tcea'), pct(sim.tcea)],
      [text('pdf.cotizacion.totalIntereses'), soles(sim.totalIntereses)],
      [text('pdf.cotizacion.totalPagar'), soles(sim.totalPagar)],
    ]);
    w.heading(text('pdf.cotizacion.cronograma'));
    w.table(
      ['numero', 'vencimiento', 'capital', 'interes', 'desgravamen', 'cuota', 'saldo'].map((c) =>
        text(`pdf.cronograma.columna.${c}`),
      ),
      sim.cronograma.map((r) => [
        String(r.numero),
        r.fecha ? peruDate(r.fecha) : '',
        soles(r.capital),
        soles(r.interes),
        soles(r.desgravamen),
        soles(r.cuota),
        soles(r.saldo),
      ]),
      [4, 9, 9, 9, 9, 9, 10],
    );
    w.paragraph(text('pdf.cotizacion.nota', { fecha: peruDate(dayOf(q.valid_until)) }));
  });
}

/** The quote's PDF for the application `rawId` (a path value); 404 JSON when it has none. */
export async function quoteReply(svc: Services, rawId: string | undefined): Promise<HandlerReply> {
  const p = await findById(svc.db, prospectIdOf(rawId, 'id'));
  if (!p) return { status: 404, body: unknownProspect() };
  const q = await latestQuote(svc, p.id);
  // The figures the quote was priced from, whatever was simulated after it was sent.
  const sim = q ? await simulationById(svc.db, p.id, Number(q.simulation_id)) : null;
  if (!q || !sim) return { status: 404, body: { codRes: '99', detalleRespuesta: text('vehicle.noQuote') } };
  return { status: 200, body: await renderQuote(p, sim, q), contentType: 'application/pdf' };
}
