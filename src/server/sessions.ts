/**
 * Promoter sessions: a random secret in an HttpOnly cookie, stored only as its SHA-256, with an
 * idle expiry measured on the service clock. Nothing is kept in memory, so any instance can
 * answer any request.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Clock, Db, PromoterSession } from './sandbox/types.ts';
import { channelFor, productsFor } from './promoters.ts';

/** Hash of a cookie secret as stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for `usuario`; answers the cookie secret (never stored as such). */
export async function createSession(db: Db, clock: Clock, usuario: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date(clock.now());
  await db.query(
    'INSERT INTO sessions (id, token_hash, usuario, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)',
    [randomUUID(), tokenHash(token), usuario, now],
  );
  return token;
}

interface SessionRow {
  id: string;
  last_seen_at: Date;
  usuario: string;
  codigo_entidad: number;
  codigo_usuario: string;
  nombre_usuario: string;
  nombre_usuario_persona: string;
}

/**
 * The promoter behind a cookie secret, or null when unknown or idle for longer than `idleMs`
 * (an expired session is deleted). A hit refreshes the idle timer at most once a minute, so
 * reads do not become writes on every request.
 */
export async function findSession(
  db: Db,
  clock: Clock,
  token: string,
  idleMs: number,
): Promise<PromoterSession | null> {
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id, s.last_seen_at, p.usuario, p.codigo_entidad, p.codigo_usuario, p.nombre_usuario, p.nombre_usuario_persona
       FROM sessions s JOIN promoters p ON p.usuario = s.usuario WHERE s.token_hash = $1`,
    [tokenHash(token)],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const now = clock.now();
  const seen = new Date(row.last_seen_at).getTime();
  if (now - seen > idleMs) {
    await db.query('DELETE FROM sessions WHERE id = $1', [row.id]);
    return null;
  }
  if (now - seen > 60000)
    await db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [row.id, new Date(now)]);
  return {
    id: row.id,
    usuario: row.usuario,
    nombreUsuario: row.nombre_usuario,
    nombreUsuarioPersona: row.nombre_usuario_persona,
    codigoEntidad: row.codigo_entidad,
    codigoUsuario: row.codigo_usuario,
    canal: channelFor(row.codigo_entidad),
    productos: productsFor(row.codigo_entidad),
  };
}

/** Ends a session (logout). */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}
