import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSettings, SettingsError } from './settings.ts';
import { tempDir } from './test-support.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    readSettings(env, '/tmp');
  } catch (err) {
    if (err instanceof SettingsError) return err.problems.map((p) => p.variable);
    throw err;
  }
  return [];
}

describe('settings', () => {
  it('defaults to sandbox mode on port 8080 with the legal rate cap and a 1.5 s evaluation', () => {
    const t = tempDir('settings');
    try {
      const s = readSettings({ DATA_DIR: t.dir }, '/srv');
      expect(s).toMatchObject({
        port: 8080,
        host: '0.0.0.0',
        mode: 'sandbox',
        evaluationDelayMs: 1500,
        rateCapTea: 1.1316,
        databaseUrl: null,
        trustProxy: false,
        redisUrl: null,
        upstreamSocketPath: '/socket.io',
        biometricCallsPerAddressHour: 120,
      });
      expect(s.distDir).toBe('/srv/dist');
      expect(s.sessionIdleMs).toBe(8 * 3600 * 1000);
    } finally {
      t.cleanup();
    }
  });

  it('generates the sandbox link secret once and keeps it under DATA_DIR', () => {
    const t = tempDir('settings');
    try {
      const first = readSettings({ DATA_DIR: t.dir }).jwtSecret;
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(readFileSync(join(t.dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
      expect(readSettings({ DATA_DIR: t.dir }).jwtSecret).toBe(first);
    } finally {
      t.cleanup();
    }
  });

  it('lists every bad variable at once, each with what is wrong', () => {
    let error: unknown;
    try {
      readSettings({
        PORT: 'ochenta',
        DATABASE_URL: 'mysql://x',
        UPSTREAM_URL: 'no es url',
        SANDBOX_EVALUATION_DELAY_MS: '-3',
        RATE_CAP_TEA: 'mucho',
        JWT_SECRET: 'corta',
        TRUST_PROXY: 'quizás',
        REDIS_URL: 'http://redis',
        UPSTREAM_SOCKET_PATH: 'socket.io sin barra',
        BIOMETRIC_CALLS_PER_IP_HOUR: '0',
        LOG_LEVEL: 'ruidoso',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SettingsError);
    const e = error as SettingsError;
    expect(e.problems.map((p) => p.variable).sort()).toEqual(
      [
        'BIOMETRIC_CALLS_PER_IP_HOUR',
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_LEVEL',
        'PORT',
        'RATE_CAP_TEA',
        'REDIS_URL',
        'SANDBOX_EVALUATION_DELAY_MS',
        'TRUST_PROXY',
        'UPSTREAM_SOCKET_PATH',
        'UPSTREAM_URL',
      ].sort(),
    );
    for (const v of ['PORT', 'RATE_CAP_TEA', 'JWT_SECRET']) expect(e.message).toContain(v);
  });

  it('upstream mode needs the gateway credential and a link secret, and never writes a secret file', () => {
    const t = tempDir('settings');
    try {
      expect(problemsOf({ UPSTREAM_URL: 'https://gw.example', DATA_DIR: t.dir }).sort()).toEqual([
        'JWT_SECRET',
        'UPSTREAM_BASIC_AUTH',
      ]);
      expect(existsSync(join(t.dir, 'jwt-secret'))).toBe(false);
      const s = readSettings({
        UPSTREAM_URL: 'https://gw.example/',
        UPSTREAM_BASIC_AUTH: 'app:clave',
        JWT_SECRET: 'x'.repeat(40),
        DATA_DIR: t.dir,
      });
      expect(s.mode).toBe('upstream');
      expect(s.upstreamUrl).toBe('https://gw.example');
      expect(Buffer.from(s.upstreamBasicAuth ?? '', 'base64').toString()).toBe('app:clave');
    } finally {
      t.cleanup();
    }
  });

  it('an https public address turns on HTTPS behaviour (HSTS, secure cookies)', () => {
    const t = tempDir('settings');
    try {
      expect(readSettings({ DATA_DIR: t.dir, PUBLIC_URL: 'https://credito.example' }).forceHttps).toBe(true);
      expect(readSettings({ DATA_DIR: t.dir, PUBLIC_URL: 'http://localhost:8080' }).forceHttps).toBe(false);
    } finally {
      t.cleanup();
    }
  });

  it('the server refuses to start on a bad setting, printing every bad variable, and exits non-zero', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH, PORT: '99999', RATE_CAP_TEA: 'x', UPSTREAM_URL: 'https://gw.example' },
      encoding: 'utf8',
      timeout: 60000,
    });
    expect(r.status).toBe(1);
    for (const v of ['PORT', 'RATE_CAP_TEA', 'UPSTREAM_BASIC_AUTH', 'JWT_SECRET'])
      expect(r.stderr).toContain(v);
  });
});
