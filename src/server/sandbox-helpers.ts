/**
 * The sandbox helpers (SCENARIOS.md, "Sandbox helpers"): the scenario table, the SMS outbox,
 * the right answers to a person's security questions, the movable clock, the back office's
 * decision on a vehicle application, the analyst's review of an observed instant credit and the
 * reset.
 * Registered in sandbox mode only; in upstream mode these paths are unknown (404).
 */
import type { FastifyInstance } from 'fastify';
import { SCENARIOS } from './sandbox/scenarios.ts';
import { familySeeds, identityAnswers } from './sandbox/handlers/index.ts';
import { emptyDatabase } from './db/empty-database.ts';
import type { PlatformDb } from './db/open-db.ts';
import type { PlatformServices } from './services.ts';
import { seedPromoters } from './promoters.ts';
import { badRequest, errorAnswer } from './api-errors.ts';
import { findById } from './domain/vehicle/prospects.ts';
import { backOfficeState } from './domain/vehicle/signature.ts';
import { OBSERVATION, reviewObservation } from './sandbox/handlers/lde/application.ts';
import { text } from './texts.ts';

/** Longest single clock move: a little over the 15-day lockout, twice over, and then some. */
export const MAX_ADVANCE_MS = 400 * 24 * 3600 * 1000;

/** Empties every table but the migration record and writes the seed rows again. */
export async function resetSandbox(db: PlatformDb, svc: PlatformServices): Promise<void> {
  svc.cancelLater();
  await svc.settle();
  await emptyDatabase(db);
  await seedAll(db);
  await svc.clock.reset();
}

/** Seeds promoters and every family that has seed rows. */
export async function seedAll(db: PlatformDb): Promise<void> {
  await seedPromoters(db);
  for (const seed of familySeeds) await seed(db);
  await db.query(
    `INSERT INTO settings_kv (key, value) VALUES ('seeded', 'true') ON CONFLICT (key) DO UPDATE SET value = 'true'`,
  );
}

/** Registers the helpers. */
export function registerSandboxHelpers(app: FastifyInstance, db: PlatformDb, svc: PlatformServices): void {
  app.get('/__sandbox/scenarios', () => SCENARIOS);

  app.get('/__sandbox/outbox', async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).celular;
    const celular = typeof raw === 'string' ? raw.trim() : '';
    if (raw !== undefined && !/^\d{6,15}$/.test(celular))
      return badRequest(reply, [{ campo: 'celular', mensaje: text('input.notPhone') }]);
    const { rows } = await db.query<{
      celular: string;
      texto: string;
      token: string | null;
      enlace: string | null;
      enviado_en: Date;
    }>(
      celular === ''
        ? 'SELECT celular, texto, token, enlace, enviado_en FROM sms_outbox ORDER BY id DESC LIMIT 100'
        : 'SELECT celular, texto, token, enlace, enviado_en FROM sms_outbox WHERE celular = $1 ORDER BY id DESC LIMIT 100',
      celular === '' ? [] : [celular],
    );
    return rows.map((r) => ({
      celular: r.celular,
      texto: r.texto,
      ...(r.token !== null ? { token: r.token } : {}),
      ...(r.enlace !== null ? { enlace: r.enlace } : {}),
      enviadoEn: new Date(r.enviado_en).toISOString(),
    }));
  });

  app.get('/__sandbox/identity/:documento', async (request, reply) => {
    const { documento } = request.params as { documento: string };
    if (!/^[0-9A-Za-z]{8,12}$/.test(documento))
      return badRequest(reply, [{ campo: 'documento', mensaje: text('input.notDocument') }]);
    if (identityAnswers === undefined) return errorAnswer(reply, 501, 'error.notImplemented');
    return identityAnswers(documento, svc);
  });

  app.post('/__sandbox/clock', async (request, reply) => {
    const body = request.body as { advanceMs?: unknown } | undefined;
    const ms = body?.advanceMs;
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < 0 || ms > MAX_ADVANCE_MS) {
      return badRequest(reply, [
        { campo: 'advanceMs', mensaje: text('input.notMilliseconds', { max: MAX_ADVANCE_MS }) },
      ]);
    }
    const now = await svc.clock.advance(ms);
    return { ahora: new Date(now).toISOString(), ahoraMs: now, desfaseMs: svc.clock.offsetMs };
  });

  // The lender's back office deciding on a vehicle application (e.g. 33: registration
  // approved, so the motorcycle applicant may sign). Upstream that decision is made by staff.
  // `retenerEvaluacion: true` with 0, 12 or 28 holds the policy evaluation pending, so the
  // lookups answer that state as upstream before the evaluation engine answers.
  app.post('/__sandbox/prospects/:id/state', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = request.body as { estadoProspecto?: unknown; retenerEvaluacion?: unknown } | undefined;
    const estado = body?.estadoProspecto;
    const hold = body?.retenerEvaluacion ?? false;
    if (!/^\d{1,15}$/.test(id))
      return badRequest(reply, [{ campo: 'id', mensaje: text('servidor.backOffice.id') }]);
    if (typeof estado !== 'number' || !Number.isInteger(estado))
      return badRequest(reply, [{ campo: 'estadoProspecto', mensaje: text('servidor.backOffice.estado') }]);
    if (typeof hold !== 'boolean')
      return badRequest(reply, [
        { campo: 'retenerEvaluacion', mensaje: text('servidor.backOffice.retener') },
      ]);
    const p = await findById(svc.db, Number(id));
    if (!p) return errorAnswer(reply, 404, 'vehicle.prospectNotFound');
    const next = await backOfficeState(svc, p, estado, hold);
    if (typeof next === 'string') return badRequest(reply, [{ campo: 'estadoProspecto', mensaje: next }]);
    return { codigoProspecto: next.id, estadoProspecto: next.estado };
  });

  // The lender's analyst reviews an observed instant-credit application and leaves nothing for
  // the applicant to correct (details "02"): the observed-case link then says an advisor will
  // call, and supports sent after it are answered "01". Upstream that review is made by staff.
  app.post('/__sandbox/prospects/:id/observation', async (request, reply) => {
    const { id } = request.params as { id: string };
    const detalle = (request.body as { detalle?: unknown } | undefined)?.detalle;
    if (!/^\d{1,15}$/.test(id))
      return badRequest(reply, [{ campo: 'id', mensaje: text('servidor.backOffice.id') }]);
    if (detalle !== OBSERVATION.noneToFix)
      return badRequest(reply, [{ campo: 'detalle', mensaje: text('servidor.backOffice.detalle') }]);
    const reviewed = await reviewObservation(svc.db, Number(id), svc.clock.now());
    if (reviewed === 'unknown') return errorAnswer(reply, 404, 'vehicle.prospectNotFound');
    if (reviewed === 'notObserved')
      return badRequest(reply, [{ campo: 'id', mensaje: text('servidor.backOffice.sinObservacion') }]);
    return { codigoProspecto: Number(id), detalle };
  });

  app.post('/__sandbox/reset', async () => {
    await resetSandbox(db, svc);
    return { codigoRespuesta: '00', detalleRespuesta: 'Datos de prueba restablecidos' };
  });
}
