/**
 * One-time SMS codes (DOMAIN.md "Security baselines"; NIST SP 800-63B out-of-band codes):
 * 6 digits from a CSPRNG, stored only as SHA-256 over a per-token salt and the code, bound
 * to the purpose that asked for it (document + phone + group + type), single use, valid for
 * 10 minutes of the service's clock, at most 5 wrong tries, and at most 3 sends of one kind
 * of code (group + type) per phone number in any 10 minutes (paid SMS are rate-limited, OWASP
 * API4). Kinds are counted apart because one honest journey texts several kinds within minutes
 * (the phone check, the signing code, an account change's code) and each may need a resend;
 * the per-document limit below caps all kinds together. Sends and validations are
 * also limited per client address and per applicant's document (`abuse-limits.ts`), so one
 * client cannot text many numbers nor try codes across many applications.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Services } from '../../sandbox/types.ts';
import {
  clientAddress,
  withinLimits,
  addressLimit,
  SMS_CHECKS_PER_ADDRESS,
  SMS_CHECKS_PER_DOCUMENT,
  SMS_SENDS_PER_ADDRESS,
  SMS_SENDS_PER_DOCUMENT,
} from '../../abuse-limits.ts';

/** Validity of a code. */
export const TOKEN_TTL_MS = 10 * 60_000;
/** Wrong tries before a code is burnt. */
export const TOKEN_MAX_FAILED_ATTEMPTS = 5;
/** Sends of one kind of code (group + type) per phone number within {@link TOKEN_SEND_WINDOW_MS}. */
export const TOKEN_MAX_SENDS = 3;
export const TOKEN_SEND_WINDOW_MS = 10 * 60_000;

/** What a code is for: it validates only against the same four values. */
export interface TokenPurpose {
  documento: string;
  celular: string;
  grupo: string;
  tipo: string;
}

/** The purpose as one stored key. */
export function purposeKey(p: TokenPurpose): string {
  return [p.documento, p.celular, p.grupo.toUpperCase(), p.tipo].join('|');
}

/** The end of {@link purposeKey} that names the kind of code: `|GROUP|type`. */
function kindSuffix(p: TokenPurpose): string {
  return ['', p.grupo.toUpperCase(), p.tipo].join('|');
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/** Outcome of {@link sendToken}. */
export type SendOutcome = { ok: true; tokenId: number } | { ok: false; reason: 'rateLimited' };

/**
 * Issues a new code for `purpose` and texts it. Older unused codes of the same purpose stop
 * working, so only the newest SMS is valid.
 */
export async function sendToken(svc: Services, purpose: TokenPurpose): Promise<SendOutcome> {
  const now = svc.clock.now();
  const { rows } = await svc.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM lde_tokens WHERE celular = $1 AND created_at > $2 AND right(purpose, length($3)) = $3',
    [purpose.celular, new Date(now - TOKEN_SEND_WINDOW_MS), kindSuffix(purpose)],
  );
  if ((rows[0]?.n ?? 0) >= TOKEN_MAX_SENDS) return { ok: false, reason: 'rateLimited' };
  const allowed = await withinLimits(svc.db, now, [
    [addressLimit(SMS_SENDS_PER_ADDRESS), clientAddress()],
    [SMS_SENDS_PER_DOCUMENT, purpose.documento],
  ]);
  if (!allowed) return { ok: false, reason: 'rateLimited' };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const key = purposeKey(purpose);
  const tokenId = await svc.db.transaction(async (tx: Db) => {
    await tx.query('UPDATE lde_tokens SET used_at = $2 WHERE purpose = $1 AND used_at IS NULL', [
      key,
      new Date(now),
    ]);
    const ins = await tx.query<{ id: number }>(
      'INSERT INTO lde_tokens (purpose, celular, salt, hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [key, purpose.celular, salt, hashCode(salt, code), new Date(now), new Date(now + TOKEN_TTL_MS)],
    );
    return Number(ins.rows[0]!.id);
  });
  await svc.sms.send({
    celular: purpose.celular,
    texto: `Tu código de verificación es ${code}. Vence en 10 minutos. No lo compartas con nadie.`,
    token: code,
  });
  return { ok: true, tokenId };
}

/** Outcome of {@link checkToken}: the id of the code consumed, or why it failed. */
export type CheckOutcome =
  { ok: true; tokenId: number } | { ok: false; reason: 'wrong' | 'expired' | 'missing' | 'exhausted' };

/** Checks `code` against the newest live code of `purpose` and consumes it on success. */
export async function checkToken(svc: Services, purpose: TokenPurpose, code: string): Promise<CheckOutcome> {
  const now = svc.clock.now();
  const allowed = await withinLimits(svc.db, now, [
    [addressLimit(SMS_CHECKS_PER_ADDRESS), clientAddress()],
    [SMS_CHECKS_PER_DOCUMENT, purpose.documento],
  ]);
  if (!allowed) return { ok: false, reason: 'exhausted' };
  return svc.db.transaction(async (tx: Db) => {
    const { rows } = await tx.query<{
      id: number;
      salt: string;
      hash: string;
      expires_at: Date;
      used_at: Date | null;
      failed_attempts: number;
    }>(
      'SELECT id, salt, hash, expires_at, used_at, failed_attempts FROM lde_tokens WHERE purpose = $1 ORDER BY id DESC LIMIT 1 FOR UPDATE',
      [purposeKey(purpose)],
    );
    const t = rows[0];
    if (!t || t.used_at !== null) return { ok: false, reason: 'missing' } as const;
    if (new Date(t.expires_at).getTime() <= now) return { ok: false, reason: 'expired' } as const;
    if (t.failed_attempts >= TOKEN_MAX_FAILED_ATTEMPTS) return { ok: false, reason: 'exhausted' } as const;
    const given = Buffer.from(hashCode(t.salt, code.trim()), 'hex');
    const stored = Buffer.from(t.hash, 'hex');
    if (!/^\d{6}$/.test(code.trim()) || !timingSafeEqual(given, stored)) {
      await tx.query('UPDATE lde_tokens SET failed_attempts = failed_attempts + 1 WHERE id = $1', [t.id]);
      return { ok: false, reason: 'wrong' } as const;
    }
    await tx.query('UPDATE lde_tokens SET used_at = $2 WHERE id = $1', [t.id, new Date(now)]);
    return { ok: true, tokenId: Number(t.id) } as const;
  });
}
