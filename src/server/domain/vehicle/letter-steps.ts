/**
 * Approval and pre-approval letters of the vehicle and consumer applications: rendered from the
 * application's stored simulation and served as `application/pdf` at the spec's report paths;
 * sending one records it (`vehicle_letters`) and texts the link to the applicant.
 */
import type { HandlerReply, Services } from '../../sandbox/types.ts';
import { renderLetter, type LetterKind } from '../pdf/letters.ts';
import { termsOf } from './product-terms.ts';
import { FAMILY_PRODUCT, findById, type Prospect } from './prospects.ts';
import { latestSimulation } from './simulations.ts';
import { loadProspect, prospectIdOf, unknownProspect } from './steps.ts';
import { MODELS } from '../catalogs/vehicles.ts';
import { text } from '../../texts.ts';

/** Days a letter's offer stays valid (a sandbox setting). */
export const LETTER_VALIDITY_DAYS = 30;

/** Chooses the letter variant from the application (e.g. moto by state and product). */
export type LetterChooser = (p: Prospect) => LetterKind;

/** Moto letters: the non-banked products (35, 37) use their own letter; state 92 is a pre-approval. */
export const motoLetter: LetterChooser = (p) =>
  p.codigoProducto === 35 || p.codigoProducto === 37
    ? 'moto-no-bancarizado'
    : p.estado === 92
      ? 'moto-preaprobacion'
      : 'moto-aprobacion';

function fullName(p: Prospect): string {
  const parts = [p.data.nombres, p.data.apellidoPaterno, p.data.apellidoMaterno].filter(
    (x): x is string => typeof x === 'string' && x !== '',
  );
  return parts.length > 0 ? parts.join(' ') : `Titular del documento ${p.documento}`;
}

/** Renders the letter of the application `rawId` (a path value); 404 JSON when it cannot. */
export async function letterReply(
  svc: Services,
  rawId: string | undefined,
  choose: LetterChooser,
): Promise<HandlerReply> {
  const p = await findById(svc.db, prospectIdOf(rawId, 'id'));
  if (!p) return { status: 404, body: unknownProspect() };
  const sim = await latestSimulation(svc.db, p.id);
  if (!sim) return { status: 404, body: { codRes: '99', detalleRespuesta: text('vehicle.noSimulation') } };
  const modelo = MODELS.find((m) => String(m.codigo) === String(p.data.modeloVehiculo));
  const pdf = await renderLetter({
    kind: choose(p),
    nombre: fullName(p),
    documento: p.documento,
    producto: termsOf(p.codigoProducto, FAMILY_PRODUCT[p.family]).nombre,
    codigoProspecto: p.id,
    importeFinanciar: sim.importeFinanciar,
    plazo: sim.plazo,
    cuota: sim.cuota,
    tea: sim.tea,
    tcea: sim.tcea,
    fecha: new Date(svc.clock.now()).toISOString().slice(0, 10),
    ...(modelo ? { vehiculo: modelo.nombre } : {}),
    placa: p.placa,
    vigenciaDias: LETTER_VALIDITY_DAYS,
  });
  return { status: 200, body: pdf, contentType: 'application/pdf' };
}

/** Records the approval letter and texts its link; "99" when there is nothing to approve yet. */
export async function sendApprovalLetter(
  svc: Services,
  body: Record<string, unknown>,
  reportPath: string,
): Promise<Record<string, unknown>> {
  const p = await loadProspect(svc, body);
  if (!p) return unknownProspect();
  const sim = await latestSimulation(svc.db, p.id);
  if (!sim) return { codRes: '99', detalleRespuesta: text('vehicle.noSimulation') };
  const url = `${svc.settings.publicUrl.replace(/\/$/, '')}${reportPath}/${p.id}`;
  const celular =
    [body.telefono, p.data.telefono].find((t): t is string => typeof t === 'string' && /^9\d{8}$/.test(t)) ??
    null;
  await svc.db.query(
    'INSERT INTO vehicle_letters (prospect_id, kind, sent_to, created_at) VALUES ($1, $2, $3, $4)',
    [p.id, 'aprobacion', celular, new Date(svc.clock.now()).toISOString()],
  );
  if (celular) {
    await svc.sms.send({
      celular,
      texto: `Tu carta de aprobación está lista. Descárgala aquí: ${url}`,
      enlace: url,
    });
  }
  return { codRes: '00', detalleRespuesta: text('vehicle.letterSent'), urlCarta: url, message: url };
}
