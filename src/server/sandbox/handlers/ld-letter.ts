/**
 * The LD-Bancarizador letter (`GET /kong/reporte/cartamotoLDBancarizador/2/{id}` for an
 * instant-credit prospect): a customer without a bank account receives the LD in cash at the
 * office they chose, on presenting this letter with their DNI. Every figure is the signed
 * offer's (amount, term, instalment, TEA and TCEA of the chosen simulation).
 */
import type { HandlerReply, Services } from '../types.ts';
import { loadProspect, PROSPECT_STATE, type Prospect } from '../../domain/lde/prospects.ts';
import { OFFICES } from '../../domain/catalogs/offices.ts';
import { renderLetter } from '../../domain/pdf/letters.ts';
import { LETTER_VALIDITY_DAYS } from '../../domain/vehicle/letter-steps.ts';
import { text } from '../../texts.ts';

/** The LD-Bancarizador application `rawId` names, or `null` when it names none. */
export async function ldBancarizadorOf(svc: Services, rawId: string | undefined): Promise<Prospect | null> {
  const p = await loadProspect(svc.db, rawId);
  return p?.producto === 'ld-bancarizador' ? p : null;
}

/** The letter of a signed (or active) LD-Bancarizador; 404 with the reason in Spanish otherwise. */
export async function ldBancarizadorLetter(svc: Services, p: Prospect): Promise<HandlerReply> {
  const notYet = {
    status: 404,
    body: { codRes: '99', detalleRespuesta: text('ldBancarizador.carta.noFirmado') },
  };
  if (p.estado !== PROSPECT_STATE.signed && p.estado !== PROSPECT_STATE.active) return notYet;
  const { rows } = await svc.db.query<{
    monto: string;
    plazo: number;
    cuota: string;
    tea: string;
    tcea: string;
  }>(
    `SELECT s.monto, s.plazo, s.cuota, s.tea, s.tcea FROM lde_offers o JOIN lde_simulations s ON s.id = o.simulation_id
     WHERE o.prospect_id = $1`,
    [p.id],
  );
  const sim = rows[0];
  const office = OFFICES.find((o) => o.codigo === Number(p.datos.codigoOficina));
  if (!sim || !office) return notYet;
  const nombre = [p.nombres, p.apellidoPaterno, p.apellidoMaterno].filter(Boolean).join(' ');
  const pdf = await renderLetter({
    kind: 'ld-bancarizador',
    nombre: nombre || p.documento,
    documento: p.documento,
    producto: text('product.ldBancarizador'),
    codigoProspecto: p.id,
    importeFinanciar: Number(sim.monto),
    plazo: sim.plazo,
    cuota: Number(sim.cuota),
    tea: Number(sim.tea),
    tcea: Number(sim.tcea),
    fecha: new Date(svc.clock.now()).toISOString().slice(0, 10),
    placa: p.placa,
    vigenciaDias: LETTER_VALIDITY_DAYS,
    oficina: { nombre: office.nombre, direccion: office.direccion },
  });
  return { body: pdf, contentType: 'application/pdf' };
}
