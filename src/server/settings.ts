/**
 * Every setting of the server, read from the environment in one place and checked at start-up.
 * A bad setting never surfaces later as a strange failure: `readSettings` throws one
 * `SettingsError` that lists every variable at fault and how to fix it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** The validated settings the platform runs on. */
export interface Settings {
  port: number;
  host: string;
  /** Absolute directory for the embedded database and generated secrets. */
  dataDir: string;
  /** Absolute directory of the built site (`vite build` output). */
  distDir: string;
  /** PostgreSQL server; when absent the embedded database under `dataDir` is used. */
  databaseUrl: string | null;
  /** The lender's gateway; when set the server proxies every call there (upstream mode). */
  upstreamUrl: string | null;
  /** `user:password` or its base64 form, sent as `Authorization: Basic …` to the gateway only. */
  upstreamBasicAuth: string | null;
  mode: 'sandbox' | 'upstream';
  evaluationDelayMs: number;
  /** Legal annual effective rate cap as a fraction (1.1316 = 113.16 %). */
  rateCapTea: number;
  jwtSecret: string;
  /** The address applicants reach the site at (links in SMS); no trailing slash. */
  publicUrl: string;
  /** Trust `X-Forwarded-*` headers from a reverse proxy (protocol for HSTS and cookies). */
  trustProxy: boolean;
  /** Serve as HTTPS even without a forwarded protocol (HSTS, Secure `__Host-` cookies). */
  forceHttps: boolean;
  /**
   * Redis for the socket.io adapter, so an evaluation result emitted on one instance reaches
   * the applicant connected to another (several instances behind a load balancer).
   */
  redisUrl: string | null;
  /** The gateway's socket.io path, for relaying `/credinstante` and `/celulares` in upstream mode. */
  upstreamSocketPath: string;
  /** Biometric provider calls one client address may make per hour, over every application. */
  biometricCallsPerAddressHour: number;
  /** How long a conversion application stays untouched before its resume link is texted (the applicant left). */
  conversionIdleMs: number;
  /** SMS codes one client address may have sent per hour (code checks: twice as many). */
  smsPerAddressHour: number;
  /** Identity-question answer submissions one client address may make per day, over every application. */
  identityAnswersPerAddressDay: number;
  /**
   * The reCAPTCHA v3 site key the site is built with (`VITE_CAPTCHA_SITE_KEY`): when set, the
   * CSP admits Google's captcha script and frame. Never in sandbox mode, where the captcha is off.
   */
  captchaSiteKey: string | null;
  /**
   * Sandbox answers are checked against their calls' response schemas, and one that breaks its
   * schema fails with the schema's complaints (`SANDBOX_CHECK_ANSWERS`; the test suites set it).
   */
  checkAnswers: boolean;
  /** Idle time after which a promoter session expires. */
  sessionIdleMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * `/metrics` in upstream mode (`METRICS=on`): off unless asked for, so the metrics are never
   * public by accident behind the lender's proxy. Always served in sandbox mode.
   */
  metrics: boolean;
}

/** One wrong environment variable: which, what it holds, and how to fix it. */
export interface SettingProblem {
  variable: string;
  message: string;
}

/** Thrown by `readSettings` with every bad variable at once. */
export class SettingsError extends Error {
  constructor(readonly problems: SettingProblem[]) {
    super(
      `La configuración del servidor no es válida (${problems.length} ${problems.length === 1 ? 'variable' : 'variables'}):\n` +
        problems.map((p) => `  - ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'SettingsError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Reads and validates the settings. `env` defaults to `process.env`; `cwd` anchors relative
 * directories. In sandbox mode a missing `JWT_SECRET` is generated once and kept in
 * `DATA_DIR/jwt-secret` so links stay valid across restarts.
 */
export function readSettings(env: Env = process.env, cwd: string = process.cwd()): Settings {
  const problems: SettingProblem[] = [];
  const bad = (variable: string, message: string) => problems.push({ variable, message });
  const text = (name: string): string | null => {
    const v = env[name]?.trim();
    return v === undefined || v === '' ? null : v;
  };
  const int = (name: string, def: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return def;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      bad(name, `"${raw}" no es un entero entre ${min} y ${max}; ejemplo: ${name}=${def}`);
      return def;
    }
    return Number(raw);
  };
  const bool = (name: string): boolean => {
    const raw = text(name);
    if (raw === null) return false;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    bad(name, `"${raw}" no es un valor lógico; use true o false`);
    return false;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const raw = text(name);
    if (raw === null) return null;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol)) {
        bad(name, `"${u.protocol}" no es un protocolo admitido (${protocols.join(', ')})`);
        return null;
      }
      return raw.replace(/\/+$/, '');
    } catch {
      bad(name, `"${raw}" no es una URL; ejemplo: ${protocols[0]}//servidor:puerto`);
      return null;
    }
  };

  const port = int('PORT', 8080, 0, 65535);
  const host = text('HOST') ?? '0.0.0.0';
  const dir = (name: string, def: string) => {
    const raw = text(name) ?? def;
    return isAbsolute(raw) ? raw : resolve(cwd, raw);
  };
  const dataDir = dir('DATA_DIR', './data');
  const distDir = dir('DIST_DIR', './dist');
  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const upstreamUrl = url('UPSTREAM_URL', ['https:', 'http:']);
  let upstreamBasicAuth = text('UPSTREAM_BASIC_AUTH');
  if (upstreamUrl !== null && upstreamBasicAuth === null) {
    bad(
      'UPSTREAM_BASIC_AUTH',
      'falta: en modo upstream el servidor firma cada llamada a la pasarela con ella (usuario:clave o su base64)',
    );
  }
  if (upstreamBasicAuth !== null && upstreamBasicAuth.includes(':')) {
    upstreamBasicAuth = Buffer.from(upstreamBasicAuth, 'utf8').toString('base64');
  } else if (upstreamBasicAuth !== null && !/^[A-Za-z0-9+/]+={0,2}$/.test(upstreamBasicAuth)) {
    bad('UPSTREAM_BASIC_AUTH', 'no es usuario:clave ni base64');
  }
  const mode = upstreamUrl !== null ? 'upstream' : 'sandbox';

  const evaluationDelayMs = int('SANDBOX_EVALUATION_DELAY_MS', 1500, 0, 600000);
  let rateCapTea = 1.1316;
  const rawCap = text('RATE_CAP_TEA');
  if (rawCap !== null) {
    const n = Number(rawCap);
    if (!Number.isFinite(n) || n <= 0 || n > 10)
      bad('RATE_CAP_TEA', `"${rawCap}" no es una tasa anual como fracción (1.1316 = 113,16 %)`);
    else rateCapTea = n;
  }

  let jwtSecret = text('JWT_SECRET');
  if (jwtSecret !== null && jwtSecret.length < 32)
    bad('JWT_SECRET', 'es demasiado corta: use al menos 32 caracteres aleatorios');
  if (jwtSecret === null && mode === 'upstream')
    bad('JWT_SECRET', 'falta: en modo upstream es obligatoria (al menos 32 caracteres aleatorios)');

  const trustProxy = bool('TRUST_PROXY');
  const forceHttps = bool('FORCE_HTTPS');
  const publicUrl = url('PUBLIC_URL', ['https:', 'http:']) ?? `http://localhost:${port}`;
  const redisUrl = url('REDIS_URL', ['redis:', 'rediss:']);
  const upstreamSocketPath = text('UPSTREAM_SOCKET_PATH') ?? '/socket.io';
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(upstreamSocketPath))
    bad(
      'UPSTREAM_SOCKET_PATH',
      `"${upstreamSocketPath}" no es una ruta; ejemplo: UPSTREAM_SOCKET_PATH=/socket.io`,
    );
  const biometricCallsPerAddressHour = int('BIOMETRIC_CALLS_PER_IP_HOUR', 120, 1, 100000);
  const conversionIdleMs = int('CONVERSION_RESUME_LINK_IDLE_MS', 15 * 60_000, 0, 24 * 3_600_000);
  const smsPerAddressHour = int('SMS_PER_IP_HOUR', 30, 1, 100000);
  const identityAnswersPerAddressDay = int('IDENTITY_ANSWERS_PER_IP_DAY', 30, 1, 100000);
  const captchaSiteKey = mode === 'sandbox' ? null : text('CAPTCHA_SITE_KEY');
  const sessionIdleMs = int('SESSION_IDLE_MINUTES', 480, 1, 10080) * 60000;
  const checkAnswers = bool('SANDBOX_CHECK_ANSWERS');
  const rawLevel = text('LOG_LEVEL') ?? 'info';
  const logLevel = (LOG_LEVELS as readonly string[]).includes(rawLevel)
    ? (rawLevel as Settings['logLevel'])
    : 'info';
  if (logLevel !== rawLevel) bad('LOG_LEVEL', `"${rawLevel}" no es un nivel; use ${LOG_LEVELS.join(', ')}`);

  const metrics = bool('METRICS');

  if (problems.length > 0) throw new SettingsError(problems);

  if (jwtSecret === null) jwtSecret = sandboxSecret(dataDir);

  return {
    port,
    host,
    dataDir,
    distDir,
    databaseUrl,
    upstreamUrl,
    upstreamBasicAuth,
    mode,
    evaluationDelayMs,
    rateCapTea,
    jwtSecret,
    publicUrl,
    trustProxy,
    forceHttps: forceHttps || publicUrl.startsWith('https:'),
    redisUrl,
    upstreamSocketPath: upstreamSocketPath.replace(/(.)\/+$/, '$1'),
    biometricCallsPerAddressHour,
    conversionIdleMs,
    smsPerAddressHour,
    identityAnswersPerAddressDay,
    captchaSiteKey,
    checkAnswers,
    sessionIdleMs,
    logLevel,
    metrics,
  };
}

/** The sandbox's link-signing secret: generated once, kept beside the embedded database. */
function sandboxSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
