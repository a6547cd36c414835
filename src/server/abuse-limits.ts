/**
 * Abuse limits kept in the database (they hold across restarts and across instances on one
 * PostgreSQL; OWASP API4, "Unrestricted resource consumption"):
 *
 * - paid SMS sends per client address and per applicant's document, on top of the per-number
 *   limit of `sms-tokens.ts`; code validations per client address and per document;
 *   identity-question answers per client address (lockouts themselves count per application);
 * - promoter logins per client address: a few free failures, then each attempt must wait a
 *   delay that doubles with every failure (capped), never an account lockout a stranger could
 *   trigger; attempts in flight count, so concurrent ones cannot pass the allowance;
 * - scrypt (the password hash) runs at most {@link SCRYPT_CONCURRENCY} at a time with a short
 *   queue: a burst of logins is refused at once instead of delaying a real login by seconds.
 *
 * Counting is one atomic statement per check (`INSERT … ON CONFLICT DO UPDATE … RETURNING`):
 * the count is taken before the work, so concurrent requests cannot all see room for one more.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './sandbox/types.ts';

/** A limit: at most `max` events per `windowMs` for one key. */
export interface Limit {
  scope: string;
  max: number;
  windowMs: number;
}

/** SMS sends one client address may cause per hour (a shop's shared address included). */
export const SMS_SENDS_PER_ADDRESS: Limit = { scope: 'sms.send.address', max: 30, windowMs: 3_600_000 };
/** SMS sends for one applicant's document per hour, whatever the number. */
export const SMS_SENDS_PER_DOCUMENT: Limit = { scope: 'sms.send.document', max: 8, windowMs: 3_600_000 };
/** Code validations one client address may try per hour. */
export const SMS_CHECKS_PER_ADDRESS: Limit = { scope: 'sms.check.address', max: 60, windowMs: 3_600_000 };
/** Code validations for one applicant's document per hour. */
export const SMS_CHECKS_PER_DOCUMENT: Limit = { scope: 'sms.check.document', max: 20, windowMs: 3_600_000 };

/**
 * Identity-question answer submissions one client address may make a day, across all
 * applications (an applicant needs at most three per application; a shop's shared address
 * serves several). Over it the address is refused without locking any application.
 */
export const IDENTITY_ANSWERS_PER_ADDRESS: Limit = {
  scope: 'identity.answer.address',
  max: 30,
  windowMs: 24 * 3_600_000,
};

/**
 * Counts one event for `key` under `limit` and answers whether it is within the limit. The
 * count is kept even when over, so hammering does not reopen the window early.
 */
export async function countEvent(db: Db, limit: Limit, key: string, now: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(now / limit.windowMs) * limit.windowMs);
  const { rows } = await db.query<{ n: number }>(
    `INSERT INTO abuse_counters (scope, key, window_start, n) VALUES ($1, $2, $3, 1)
     ON CONFLICT (scope, key, window_start) DO UPDATE SET n = abuse_counters.n + 1 RETURNING n`,
    [limit.scope, key, windowStart],
  );
  return Number(rows[0]?.n ?? 1) <= limit.max;
}

/** Counts `events` under every limit (each is counted); true when all are within. */
export async function withinLimits(
  db: Db,
  now: number,
  events: readonly [Limit, string | null | undefined][],
): Promise<boolean> {
  let ok = true;
  for (const [limit, key] of events) {
    if (key === null || key === undefined || key === '') continue;
    if (!(await countEvent(db, limit, key, now))) ok = false;
  }
  return ok;
}

/** The client behind the request being handled (its address), for limits deep in the domain. */
interface RequestContext {
  ip: string;
  /** The address limits set for this server (`SMS_PER_IP_HOUR`, `IDENTITY_ANSWERS_PER_IP_DAY`). */
  limits?: AddressLimits | undefined;
}

/** The per-address allowances a server's settings choose (defaults: the constants below). */
export interface AddressLimits {
  smsPerAddressHour: number;
  identityAnswersPerAddressDay: number;
}
const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with the request's client address (and the address limits set for this server) available to {@link clientAddress}. */
export function withClient<T>(ip: string, fn: () => T, limits?: AddressLimits): T {
  return context.run({ ip, limits }, fn);
}

/**
 * `limit` with this server's settings applied: `SMS_PER_IP_HOUR` sets the sends per address,
 * code checks per address follow at twice that (a code is often mistyped once), and
 * `IDENTITY_ANSWERS_PER_IP_DAY` the identity answers per address.
 */
export function addressLimit(limit: Limit): Limit {
  const limits = context.getStore()?.limits;
  if (limits === undefined) return limit;
  if (limit === SMS_SENDS_PER_ADDRESS) return { ...limit, max: limits.smsPerAddressHour };
  if (limit === SMS_CHECKS_PER_ADDRESS) return { ...limit, max: limits.smsPerAddressHour * 2 };
  if (limit === IDENTITY_ANSWERS_PER_ADDRESS) return { ...limit, max: limits.identityAnswersPerAddressDay };
  return limit;
}

/** The client address of the request being handled, or `null` outside a request (timers). */
export function clientAddress(): string | null {
  return context.getStore()?.ip ?? null;
}

// --- Promoter logins -------------------------------------------------------------------------

/** Failures from one address before attempts have to wait. */
export const LOGIN_FREE_FAILURES = 5;
/** Longest wait between attempts, in seconds (the delay doubles up to it). */
export const LOGIN_MAX_DELAY_S = 60;
/** Failures older than this are forgotten. */
const LOGIN_FORGET_MS = 3_600_000;
/** An attempt in flight longer than this is taken as lost (a crash between start and end). */
const LOGIN_STALE_MS = 60_000;

/** Seconds an address must wait after `failures` failures before its next attempt. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_S, 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Outcome of {@link beginLogin}: go ahead, or wait this many seconds. */
export type LoginSlot = { ok: true } | { ok: false; waitSeconds: number };

/**
 * Reserves a login attempt for `address`. Within the free failures, attempts in flight count
 * as failures to come (so twenty at once cannot pass five); after them, one attempt at a time
 * and only once the delay since the last failure has passed.
 */
export async function beginLogin(db: Db, address: string, now: number): Promise<LoginSlot> {
  const at = new Date(now);
  await db.query(
    `INSERT INTO login_throttle (address, updated_at) VALUES ($1, $2)
     ON CONFLICT (address) DO UPDATE SET
       failures = CASE WHEN login_throttle.last_failure_at < $3 THEN 0 ELSE login_throttle.failures END,
       in_flight = CASE WHEN login_throttle.updated_at < $4 THEN 0 ELSE login_throttle.in_flight END`,
    [address, at, new Date(now - LOGIN_FORGET_MS), new Date(now - LOGIN_STALE_MS)],
  );
  const { rows } = await db.query<{ failures: number }>(
    `UPDATE login_throttle SET in_flight = in_flight + 1, updated_at = $2
     WHERE address = $1 AND (
       failures + in_flight < $3
       OR (in_flight = 0 AND (last_failure_at IS NULL
           OR last_failure_at + make_interval(secs => least($4::float8, power(2::float8, failures - $3))) <= $2)))
     RETURNING failures`,
    [address, at, LOGIN_FREE_FAILURES, LOGIN_MAX_DELAY_S],
  );
  if (rows.length > 0) return { ok: true };
  const { rows: state } = await db.query<{ failures: number; last_failure_at: Date | null }>(
    'SELECT failures, last_failure_at FROM login_throttle WHERE address = $1',
    [address],
  );
  const s = state[0];
  const delay = loginDelaySeconds(Math.max(LOGIN_FREE_FAILURES, s?.failures ?? 0));
  const since = s?.last_failure_at ? (now - new Date(s.last_failure_at).getTime()) / 1000 : 0;
  return { ok: false, waitSeconds: Math.max(1, Math.ceil(delay - since)) };
}

/** Ends a reserved attempt: a failure makes the next one wait, a success forgets the failures, an abandoned one (busy) changes nothing else. */
export async function endLogin(
  db: Db,
  address: string,
  now: number,
  outcome: 'success' | 'failure' | 'abandoned',
): Promise<void> {
  const set =
    outcome === 'success'
      ? ', failures = 0'
      : outcome === 'failure'
        ? ', failures = failures + 1, last_failure_at = $2'
        : '';
  await db.query(
    `UPDATE login_throttle SET in_flight = greatest(in_flight - 1, 0), updated_at = $2${set} WHERE address = $1`,
    [address, new Date(now)],
  );
}

// --- scrypt concurrency ----------------------------------------------------------------------

/** Password hashes computed at once (each holds a thread of the pool and 32 MB). */
export const SCRYPT_CONCURRENCY = 2;
/** Hashes allowed to wait for a turn; more are refused at once. */
export const SCRYPT_QUEUE = 6;

let running = 0;
const waiting: (() => void)[] = [];

/** Thrown when too many password checks are already waiting. */
export class Busy extends Error {
  constructor() {
    super('Demasiadas verificaciones de contraseña en curso');
  }
}

/** Runs `fn` (a password hash) within the concurrency cap; throws {@link Busy} when the queue is full. */
export async function limitedHash<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= SCRYPT_CONCURRENCY) {
    if (waiting.length >= SCRYPT_QUEUE) throw new Busy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
