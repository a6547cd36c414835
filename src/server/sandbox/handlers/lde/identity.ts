/**
 * Identity validation (security questions) and facial biometrics of instant-credit
 * applications (spec 000 §4 "Identity validation", "Biometrics"; SCENARIOS.md 30000001–
 * 30000099 and 31000001–31000099). The attempt and lockout rules, and why they cannot be
 * used to lock a victim out, are in `domain/lde/identity.ts`.
 */
import type { Handler, Services } from '../../types.ts';
import { scenarioFor } from '../../scenarios.ts';
import { sandboxProviders } from '../../../domain/providers/sandbox-providers.ts';
import {
  activeLockout,
  addressMayAnswer,
  answersAreRight,
  buildQuestions,
  readAnswers,
  recordFailure,
  type QuestionSet,
} from '../../../domain/lde/identity.ts';
import { mergeData, PROSPECT_STATE } from '../../../domain/lde/prospects.ts';
import { text } from '../../../texts.ts';
import { prospectOf } from './input.ts';

const IDENTITY_TEXT: Record<string, string> = {
  '01': 'identity.failed',
  '02': 'identity.attempts24h',
  '03': 'identity.attempts15d',
  '04': 'identity.noOffer',
  // The general codes (spec 000 §4): the same four outcomes.
  '08': 'identity.failed',
  '09': 'identity.attempts24h',
  '10': 'identity.attempts15d',
  '11': 'identity.noOffer',
  '99': 'error.questions',
};

const identityReply = (codRes: string) => ({
  body: {
    codRes,
    detalleRespuesta: codRes === '00' ? 'OK' : text(IDENTITY_TEXT[codRes] ?? 'error.badCodeResponse'),
  },
});

/** The question set for a document, from the ID registry and the bureau (stable per DNI). */
async function questionsFor(documento: string, now: number): Promise<QuestionSet | null> {
  const record = await sandboxProviders.idRegistry.lookup(documento, now);
  if (!record) return null;
  return buildQuestions(record, await sandboxProviders.bureau.report(documento));
}

/** `GET /kong/prospecto/v1.0/producto/preguntas/{id}`: the questions ("20"), or "99". */
export const questions: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p || scenarioFor('instant', p.documento, 'identityQuestions')?.code === '99')
    return identityReply('99');
  const now = svc.clock.now();
  const set = await questionsFor(p.documento, now);
  if (!set) return identityReply('99');
  await svc.db.query(
    `INSERT INTO lde_identity_questions (prospect_id, preguntas, respuestas, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (prospect_id) DO UPDATE SET preguntas = EXCLUDED.preguntas, respuestas = EXCLUDED.respuestas, created_at = EXCLUDED.created_at`,
    [p.id, JSON.stringify(set.preguntas), JSON.stringify(set.respuestas), new Date(now)],
  );
  return {
    body: { codRes: '20', detalleRespuesta: 'OK', preguntas: set.preguntas, cantidad: set.preguntas.length },
  };
};

/**
 * `POST /kong/prospecto/v1.0/producto/preguntas`: checks the answers. A lockout in force
 * answers before the answers are looked at, so a locked application learns nothing more;
 * then the client address's daily allowance of answers is counted.
 */
export const answers: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return identityReply('99');
  const forced = scenarioFor('instant', p.documento, 'identityQuestions');
  if (forced && forced.code !== '99') return identityReply(String(forced.code));
  const now = svc.clock.now();
  const lock = await activeLockout(svc.db, `lde:${p.id}`, now);
  if (lock) return identityReply(lock.kind === '15d' ? '03' : '02');
  if (!(await addressMayAnswer(svc.db, now))) return identityReply('02');
  if (p.estado !== PROSPECT_STATE.offerReady) return identityReply('04');
  const { rows } = await svc.db.query<{ respuestas: Record<string, number> }>(
    'SELECT respuestas FROM lde_identity_questions WHERE prospect_id = $1',
    [p.id],
  );
  const stored = rows[0];
  if (!stored) return identityReply('99');
  if (!answersAreRight(stored, readAnswers(req.body)))
    return identityReply(await recordFailure(svc.db, p.id, p.documento, p.telefono, now));
  await svc.db.query(
    'INSERT INTO lde_identity_attempts (prospect_id, application, documento, telefono, ok, at) VALUES ($1, $2, $3, $4, true, $5)',
    [p.id, `lde:${p.id}`, p.documento, p.telefono, new Date(now)],
  );
  await svc.db.query('UPDATE lde_identity_questions SET passed_at = $2 WHERE prospect_id = $1', [
    p.id,
    new Date(now),
  ]);
  await mergeData(svc.db, p.id, { identidadValidada: true }, now);
  return identityReply('00');
};

/** The sandbox helper `GET /__sandbox/identity/{documento}`: the right answers to that person's questions. */
export async function identityAnswers(documento: string, svc: Services): Promise<unknown> {
  const set = await questionsFor(documento, svc.clock.now());
  if (!set) return { documento, respuestas: [] };
  return {
    documento,
    respuestas: set.preguntas.map((q) => {
      const right = set.respuestas[String(q.id)]!;
      return {
        idPregunta: q.id,
        pregunta: q.texto,
        idRespuesta: right,
        respuesta: q.opciones.find((o) => o.id === right)!.texto,
      };
    }),
  };
}

/** Biometric provider calls allowed per application (paid calls, OWASP API4). */
export const MAX_BIOMETRIC_CALLS = 10;

/** Biometric provider calls allowed per client address and hour when the setting is absent. */
export const DEFAULT_BIOMETRIC_CALLS_PER_ADDRESS_HOUR = 120;

const HOUR_MS = 3600_000;

/**
 * Counts one provider call from the client address in the current clock hour, over every
 * application; answers false once the address's allowance (`BIOMETRIC_CALLS_PER_IP_HOUR`) is
 * spent. The sandbox clock decides the hour, so a test moves past it on purpose.
 */
async function countAddressCall(svc: Services, address: string): Promise<boolean> {
  const now = svc.clock.now();
  const hourStart = new Date(now - (now % HOUR_MS));
  const { rows } = await svc.db.query<{ calls: number }>(
    `INSERT INTO lde_biometric_address_calls (address, hour_start, calls) VALUES ($1, $2, 1)
     ON CONFLICT (address, hour_start) DO UPDATE SET calls = lde_biometric_address_calls.calls + 1 RETURNING calls`,
    [address === '' ? 'desconocida' : address, hourStart],
  );
  const calls = rows[0]?.calls ?? 0;
  // The first call of an address in an hour clears what no window needs any more.
  if (calls === 1)
    await svc.db.query('DELETE FROM lde_biometric_address_calls WHERE hour_start < $1', [
      new Date(hourStart.getTime() - HOUR_MS),
    ]);
  return calls <= (svc.settings.biometricCallsPerAddressHour ?? DEFAULT_BIOMETRIC_CALLS_PER_ADDRESS_HOUR);
}

/**
 * Counts one provider call for the client address and for the prospect; answers false once
 * either allowance is spent (a refused address does not use up the application's calls).
 */
async function countCall(
  svc: Services,
  prospectId: number,
  address: string,
): Promise<{ allowed: boolean; contador: number }> {
  if (!(await countAddressCall(svc, address))) return { allowed: false, contador: 0 };
  const { rows } = await svc.db.query<{ calls: number; contador: number }>(
    `INSERT INTO lde_biometric_checks (prospect_id, calls, updated_at) VALUES ($1, 1, $2)
     ON CONFLICT (prospect_id) DO UPDATE SET calls = lde_biometric_checks.calls + 1, updated_at = EXCLUDED.updated_at RETURNING calls, contador`,
    [prospectId, new Date(svc.clock.now())],
  );
  return { allowed: (rows[0]?.calls ?? 0) <= MAX_BIOMETRIC_CALLS, contador: rows[0]?.contador ?? 0 };
}

const bioFail = () => ({ body: { codRes: '99', detalleRespuesta: text('error.badCodeResponse') } });

/** `POST /producto/valida-prospecto`: does the registry hold a face record? (`isBiometric`). */
export const recordCheck: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return bioFail();
  if (!(await countCall(svc, p.id, req.ip)).allowed) return bioFail();
  try {
    const isBiometric = await sandboxProviders.biometrics.hasRecord(p.documento);
    await svc.db.query('UPDATE lde_biometric_checks SET is_biometric = $2 WHERE prospect_id = $1', [
      p.id,
      isBiometric,
    ]);
    return { body: { codRes: '00', isBiometric, detalleRespuesta: 'OK' } };
  } catch {
    return bioFail();
  }
};

/**
 * `POST /reconocimientofacial`: compares a selfie. The counter is stored per prospect and
 * rises with every validation; the flow asks again while `repeatBiometric` is true and the
 * counter is below 2. The image is not kept.
 */
export const validateFace: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return bioFail();
  if (!(await countCall(svc, p.id, req.ip)).allowed) return bioFail();
  try {
    const { rows } = await svc.db.query<{ contador: number }>(
      'UPDATE lde_biometric_checks SET contador = contador + 1 WHERE prospect_id = $1 RETURNING contador',
      [p.id],
    );
    const contador = rows[0]?.contador ?? 1;
    const m = await sandboxProviders.biometrics.validate(p.documento, contador);
    const resultado = m.repeat && contador < 2 ? 'repetir' : m.match ? 'aprobado' : 'rechazado';
    await svc.db.query('UPDATE lde_biometric_checks SET resultado = $2 WHERE prospect_id = $1', [
      p.id,
      resultado,
    ]);
    if (m.match && !m.repeat) await mergeData(svc.db, p.id, { biometriaValidada: true }, svc.clock.now());
    return {
      body: {
        codRes: '00',
        repeatBiometric: m.repeat,
        contador,
        detalleRespuesta: m.repeat ? text('status.verificacionFacial') : 'OK',
      },
    };
  } catch {
    return bioFail();
  }
};

/** `POST /registroBiometriaFacial`: records that the applicant consented and enrolled a face. */
export const registerFace: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return bioFail();
  if (!(await countCall(svc, p.id, req.ip)).allowed) return bioFail();
  try {
    await sandboxProviders.biometrics.hasRecord(p.documento);
  } catch {
    return bioFail();
  }
  await mergeData(svc.db, p.id, { biometriaRegistrada: true }, svc.clock.now());
  return { body: { codRes: '00', detalleRespuesta: 'OK' } };
};
