/**
 * The conversion resume link (`/conversion?process=…`, or the campaign's or /autoclass when the
 * applicant applied there), texted when the applicant leaves: the service cannot see a closed
 * tab, and a page's farewell call is lost when a phone kills the browser, so "left" means the application stayed untouched for the idle time
 * (`CONVERSION_RESUME_LINK_IDLE_MS`, 15 minutes by default) at a status the link resumes
 * (0 the offer form, 18 and 35 the offers). Registering arms it; every check pushes it back to
 * the last activity; it is sent once. The due time is stored, so a restart loses nothing: at
 * start every link still due is scheduled again (`resumePendingResumeLinks`), as the pending
 * evaluations are. The check claims the row (`FOR UPDATE`, then a due time past the send), so
 * two instances never text it twice; it is marked sent only after the SMS provider took it.
 */
import type { Services } from '../../sandbox/types.ts';
import { LINK_TTL_MS, signLink } from '../lde/links.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';
import { text } from '../../texts.ts';
import { CONVERSION_STATUS } from './offers.ts';

/** The default idle time before the link is texted. */
export const CONVERSION_IDLE_MS = 15 * 60_000;

/**
 * The sandbox rows of the link (SCENARIOS.md "Conversion campaign", step `resumeLink`): the
 * applicant leaves at once, and the link is texted as signed, altered ("06") or expired ("07").
 */
const linkRow = (documento: string) => scenarioFor('conversion', documento, 'resumeLink');

const idleOf = (svc: Services, documento: string): number =>
  linkRow(documento) !== undefined ? 0 : (svc.settings.conversionIdleMs ?? CONVERSION_IDLE_MS);

/** The conversion routes: the link returns to the one applied on (`/conversion` when unknown). */
const ROUTES: readonly string[] = ['/conversion', '/autoclass', '/campanaconversiones'];

/** The link's token: signed by the service, or as the sandbox row says (altered, expired). */
async function linkToken(svc: Services, id: number, documento: string, now: number): Promise<string> {
  const claims = { purpose: 'resume' as const, kind: 'conversion' as const, codigoProspecto: id, documento };
  const code = linkRow(documento)?.code;
  if (code === '07') return signLink(svc.settings.jwtSecret, claims, now - LINK_TTL_MS - 60_000);
  if (code === '06') return signLink(`${svc.settings.jwtSecret}-otra`, claims, now);
  return signLink(svc.settings.jwtSecret, claims, now);
}

/** Statuses whose step the link resumes; at any other there is nothing to come back to. */
const RESUMABLE: readonly number[] = [
  CONVERSION_STATUS.approved,
  CONVERSION_STATUS.offerCars,
  CONVERSION_STATUS.offerCommercial,
];

/** Arms the link of a newly registered application: due after the idle time. */
export async function armResumeLink(svc: Services, id: number, documento: string): Promise<void> {
  const idle = idleOf(svc, documento);
  await svc.db.query(
    'UPDATE conversion_prospects SET enlace_programado_en = $2 WHERE id = $1 AND enlace_enviado_en IS NULL',
    [id, new Date(svc.clock.now() + idle)],
  );
  svc.later(idle, () => sendResumeLinkIfIdle(svc, id).then(() => undefined));
}

/** How long a send in flight holds the link: another check (another instance) waits that long. */
const SEND_CLAIM_MS = 60_000;
/** The wait after the first failed send; it doubles with each failure, up to {@link RESEND_MAX_MS}. */
export const RESEND_BASE_MS = 60_000;
export const RESEND_MAX_MS = 3_600_000;
/** Failed sends after which the link is given up (about four hours of waits). */
export const MAX_FAILED_SENDS = 10;

/** The wait before sending again after `failures` failed sends. */
export const resendWaitMs = (failures: number): number =>
  Math.min(RESEND_MAX_MS, RESEND_BASE_MS * 2 ** Math.max(0, failures - 1));

/**
 * Texts the link if the application has stayed untouched for the idle time at a resumable
 * status and was not texted yet; when it was touched since, moves the due time to its last
 * activity plus the idle time and schedules itself again. The link counts as sent only once
 * the SMS provider has taken it: while it is in flight the row is claimed (its due time moved
 * past the send), and a failed send keeps it due, retried after a wait that doubles with each
 * failure. Answers what it did.
 */
export async function sendResumeLinkIfIdle(
  svc: Services,
  id: number,
): Promise<'sent' | 'later' | 'nothing' | 'failed'> {
  const now = svc.clock.now();
  const decided = await svc.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      documento: string;
      estado: number;
      telefono: string | null;
      ultima: Date | string;
      programado: Date | string | null;
      enviado: Date | string | null;
      intentos: number;
      ruta: string | null;
    }>(
      `SELECT p.documento, p.estado, p.data->>'telefono' AS telefono, p.data->>'rutaRetoma' AS ruta, p.enlace_enviado_en AS enviado,
              p.enlace_programado_en AS programado, p.enlace_intentos AS intentos,
              greatest(p.updated_at, (SELECT max(o.updated_at) FROM conversion_offers o WHERE o.prospect_id = p.id)) AS ultima
         FROM conversion_prospects p WHERE p.id = $1 FOR UPDATE`,
      [id],
    );
    const r = rows[0];
    if (!r || r.enviado !== null || !r.telefono || !RESUMABLE.includes(r.estado)) {
      await tx.query('UPDATE conversion_prospects SET enlace_programado_en = NULL WHERE id = $1', [id]);
      return { what: 'nothing' as const };
    }
    // Due once idle for the idle time, and not before a send in flight or a failed send's wait.
    const held = r.programado === null ? 0 : new Date(r.programado).getTime();
    const due = Math.max(new Date(r.ultima).getTime() + idleOf(svc, r.documento), held);
    if (due > now) {
      await tx.query('UPDATE conversion_prospects SET enlace_programado_en = $2 WHERE id = $1', [
        id,
        new Date(due),
      ]);
      return { what: 'later' as const, wait: due - now };
    }
    await tx.query('UPDATE conversion_prospects SET enlace_programado_en = $2 WHERE id = $1', [
      id,
      new Date(now + SEND_CLAIM_MS),
    ]);
    const ruta = r.ruta !== null && ROUTES.includes(r.ruta) ? r.ruta : '/conversion';
    return {
      what: 'send' as const,
      documento: r.documento,
      telefono: r.telefono,
      intentos: r.intentos,
      ruta,
    };
  });
  if (decided.what === 'later') {
    svc.later(decided.wait, () => sendResumeLinkIfIdle(svc, id).then(() => undefined));
    return 'later';
  }
  if (decided.what === 'nothing') return 'nothing';
  // The link opens this one application, at the step its status says, on the route applied on.
  const jwt = await linkToken(svc, id, decided.documento, now);
  const enlace = `${svc.settings.publicUrl.replace(/\/$/, '')}${decided.ruta}?process=${jwt}`;
  try {
    await svc.sms.send({
      celular: decided.telefono,
      texto: text('conversion.sms.enlace', { enlace }),
      enlace,
    });
  } catch (err) {
    return resendLater(svc, id, decided.intentos + 1, err);
  }
  await svc.db.query(
    'UPDATE conversion_prospects SET enlace_enviado_en = $2, enlace_programado_en = NULL WHERE id = $1',
    [id, new Date(svc.clock.now())],
  );
  return 'sent';
}

/** A failed send: the link stays due after the back-off (or is given up), and the log says so. */
async function resendLater(svc: Services, id: number, failures: number, err: unknown): Promise<'failed'> {
  const type = err instanceof Error ? err.name : typeof err;
  if (failures >= MAX_FAILED_SENDS) {
    await svc.db.query(
      'UPDATE conversion_prospects SET enlace_programado_en = NULL, enlace_intentos = $2 WHERE id = $1',
      [id, failures],
    );
    svc.log.warn(
      { codigoProspecto: id, intentos: failures, err: { type } },
      'no se pudo enviar el enlace de retoma de conversión: se deja de intentar',
    );
    return 'failed';
  }
  const wait = resendWaitMs(failures);
  await svc.db.query(
    'UPDATE conversion_prospects SET enlace_programado_en = $2, enlace_intentos = $3 WHERE id = $1',
    [id, new Date(svc.clock.now() + wait), failures],
  );
  svc.log.warn(
    { codigoProspecto: id, intentos: failures, reintentoEnMs: wait, err: { type } },
    'no se pudo enviar el enlace de retoma de conversión: se reintentará',
  );
  svc.later(wait, () => sendResumeLinkIfIdle(svc, id).then(() => undefined));
  return 'failed';
}

/** At start: schedules every link still due (at once when overdue); answers how many. */
export async function resumePendingResumeLinks(svc: Services): Promise<number> {
  const { rows } = await svc.db.query<{ id: string | number; due: Date | string }>(
    'SELECT id, enlace_programado_en AS due FROM conversion_prospects WHERE enlace_programado_en IS NOT NULL AND enlace_enviado_en IS NULL',
  );
  const now = svc.clock.now();
  for (const r of rows)
    svc.later(Math.max(0, new Date(r.due).getTime() - now), () =>
      sendResumeLinkIfIdle(svc, Number(r.id)).then(() => undefined),
    );
  return rows.length;
}
