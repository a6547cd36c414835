/**
 * Identity validation by security questions built from the ID record and the credit
 * bureau, with the attempt rules: a wrong set of answers answers "01"; the third failure
 * within 24 hours locks for 24 hours ("02"); a second lockout within 30 days locks for 15
 * days ("03").
 *
 * Why a lockout cannot lock an owner out: failures and lockouts count per application, and
 * only the browser (or promoter) that holds an application can answer its questions (the
 * ownership hook answers anyone else as if it did not exist). A stranger knowing a victim's
 * DNI cannot reach the victim's application, and failures on an application of their own with
 * that DNI lock only that application. Guessing across many applications from one client is
 * bounded by {@link IDENTITY_ANSWERS_PER_ADDRESS} answer submissions per address a day, which
 * refuses that address ("02") without locking any application.
 */
import type { BureauReport } from '../providers/credit-bureau.ts';
import { BUREAU_LENDERS } from '../providers/credit-bureau.ts';
import type { IdRecord } from '../providers/id-registry.ts';
import { REGISTRY_CHOICES } from '../providers/id-registry.ts';
import { seedOf } from '../providers/seed-of.ts';
import type { Db } from '../../sandbox/types.ts';
import { addressLimit, clientAddress, countEvent, IDENTITY_ANSWERS_PER_ADDRESS } from '../../abuse-limits.ts';

/** Failures within {@link FAILURE_WINDOW_MS} that trigger a 24-hour lockout. */
export const MAX_FAILURES = 3;
export const FAILURE_WINDOW_MS = 24 * 3600_000;
export const LOCKOUT_24H_MS = 24 * 3600_000;
export const LOCKOUT_15D_MS = 15 * 24 * 3600_000;
/** A lockout within this window of an earlier one becomes a 15-day lockout. */
export const REPEAT_LOCKOUT_WINDOW_MS = 30 * 24 * 3600_000;

/** A question as served: the right option is not in it. */
export interface Question {
  id: number;
  texto: string;
  opciones: { id: number; texto: string }[];
}

/** Questions plus the right option id per question id. */
export interface QuestionSet {
  preguntas: Question[];
  respuestas: Record<string, number>;
}

/** Builds four multiple-choice questions, stable per DNI, from the record and the bureau. */
export function buildQuestions(rec: IdRecord, bureau: BureauReport): QuestionSet {
  const pick = seedOf(rec.documento);
  const year = Number(rec.fechaNacimiento.slice(0, 4));
  const lender = bureau.deudas[0]?.entidad ?? BUREAU_LENDERS[0];
  const specs: { texto: string; right: string; pool: readonly string[] }[] = [
    {
      texto: '¿En qué año naciste?',
      right: String(year),
      pool: [-3, -2, -1, 1, 2, 3].map((d) => String(year + d)),
    },
    { texto: '¿Cuál es el nombre de tu madre?', right: rec.nombreMadre, pool: REGISTRY_CHOICES.FEMALE },
    { texto: '¿En qué distrito naciste?', right: rec.distritoNacimiento, pool: REGISTRY_CHOICES.DISTRICTS },
    {
      texto: '¿Con cuál de estas entidades tienes un crédito vigente?',
      right: lender,
      pool: BUREAU_LENDERS.filter((l) => !bureau.deudas.some((d) => d.entidad === l)),
    },
  ];
  const preguntas: Question[] = [];
  const respuestas: Record<string, number> = {};
  specs.forEach((s, qi) => {
    const wrong = s.pool.filter((o) => o !== s.right);
    const options: string[] = [];
    for (let k = 0; options.length < 3 && k < 50; k++) {
      const o = wrong[pick(wrong.length, `q${qi}w${k}`)]!;
      if (!options.includes(o)) options.push(o);
    }
    const at = pick(4, `q${qi}at`);
    options.splice(at, 0, s.right);
    const id = qi + 1;
    preguntas.push({
      id,
      texto: s.texto,
      opciones: options.map((texto, oi) => ({ id: id * 10 + oi + 1, texto })),
    });
    respuestas[String(id)] = id * 10 + at + 1;
  });
  return { preguntas, respuestas };
}

/** True when every question has its right option among `given`. */
export function answersAreRight(
  set: Pick<QuestionSet, 'respuestas'>,
  given: { idPregunta: number; idRespuesta: number }[],
): boolean {
  return Object.entries(set.respuestas).every(([q, right]) =>
    given.some((g) => String(g.idPregunta) === q && g.idRespuesta === right),
  );
}

/** An active lockout for an application, with its kind. */
export interface ActiveLockout {
  kind: '24h' | '15d';
  until: number;
}

/** The key failures and lockouts count under: one application of one product. */
export type ApplicationKey = `lde:${number}` | `vehicle:${number}`;

/** The lockout in force for `application` at `now`, if any. */
export async function activeLockout(
  db: Db,
  application: ApplicationKey,
  now: number,
): Promise<ActiveLockout | null> {
  const { rows } = await db.query<{ kind: '24h' | '15d'; until: Date }>(
    'SELECT kind, until FROM lde_lockouts WHERE application = $1 AND until > $2 ORDER BY until DESC LIMIT 1',
    [application, new Date(now)],
  );
  const r = rows[0];
  return r ? { kind: r.kind, until: new Date(r.until).getTime() } : null;
}

/**
 * After a failed attempt has been stored, answers the code it earns: "01", or "02"/"03" when
 * it is the third within 24 hours (a second lockout within 30 days lasts 15 days), recording
 * the lockout. `failuresSince` counts the application's failures after a moment (each product
 * keeps its attempts in its own table); failures before the last lockout ended do not count
 * again.
 */
export async function lockoutAfterFailure(
  db: Db,
  application: ApplicationKey,
  documento: string,
  telefono: string,
  now: number,
  failuresSince: (since: Date) => Promise<number>,
): Promise<'01' | '02' | '03'> {
  const { rows: last } = await db.query<{ until: Date; starts_at: Date }>(
    'SELECT starts_at, until FROM lde_lockouts WHERE application = $1 ORDER BY starts_at DESC LIMIT 1',
    [application],
  );
  const since = Math.max(now - FAILURE_WINDOW_MS, last[0] ? new Date(last[0].until).getTime() : 0);
  if ((await failuresSince(new Date(since - 1))) < MAX_FAILURES) return '01';
  const repeat =
    last[0] !== undefined && now - new Date(last[0].starts_at).getTime() <= REPEAT_LOCKOUT_WINDOW_MS;
  await db.query(
    'INSERT INTO lde_lockouts (application, documento, telefono, kind, starts_at, until) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      application,
      documento,
      telefono,
      repeat ? '15d' : '24h',
      new Date(now),
      new Date(now + (repeat ? LOCKOUT_15D_MS : LOCKOUT_24H_MS)),
    ],
  );
  return repeat ? '03' : '02';
}

/** Records one failed attempt on an instant-credit application and answers the code it earns. */
export async function recordFailure(
  db: Db,
  prospectId: number,
  documento: string,
  telefono: string,
  now: number,
): Promise<'01' | '02' | '03'> {
  const application: ApplicationKey = `lde:${prospectId}`;
  await db.query(
    'INSERT INTO lde_identity_attempts (prospect_id, application, documento, telefono, ok, at) VALUES ($1, $2, $3, $4, false, $5)',
    [prospectId, application, documento, telefono, new Date(now)],
  );
  return lockoutAfterFailure(db, application, documento, telefono, now, async (since) => {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lde_identity_attempts WHERE application = $1 AND ok = false AND at > $2',
      [application, since],
    );
    return rows[0]?.n ?? 0;
  });
}

/**
 * Counts one answer submission from the request's client address and answers whether it is
 * within {@link IDENTITY_ANSWERS_PER_ADDRESS}: one address guessing across many applications
 * is stopped without locking any of them (its owner, elsewhere, can still answer). Outside a
 * request (no address) nothing is counted.
 */
export async function addressMayAnswer(db: Db, now: number): Promise<boolean> {
  const address = clientAddress();
  return address === null ? true : countEvent(db, addressLimit(IDENTITY_ANSWERS_PER_ADDRESS), address, now);
}

/**
 * The answers under the request schema's names (`codigoPregunta`/`codigoRespuesta`, the
 * contract the site sends); `idPregunta`/`idRespuesta`, the names the questions arrive
 * with, are read too so a caller echoing them back is not failed for the naming.
 */
export function readAnswers(body: Record<string, unknown>): { idPregunta: number; idRespuesta: number }[] {
  const raw = Array.isArray(body.respuestas) ? (body.respuestas as unknown[]) : [];
  return raw.flatMap((r) => {
    if (typeof r !== 'object' || r === null) return [];
    const o = r as Record<string, unknown>;
    const q = Number(o.codigoPregunta ?? o.idPregunta ?? o.pregunta);
    const a = Number(o.codigoRespuesta ?? o.idRespuesta ?? o.respuesta);
    return Number.isFinite(q) && Number.isFinite(a) ? [{ idPregunta: q, idRespuesta: a }] : [];
  });
}
