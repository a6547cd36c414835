/**
 * Promoter login, session status and logout (spec 001 §7 "Session and promoter"). Login
 * answers `codigoRespuesta: 0` with the promoter's entity, channel and products; any failure
 * answers a non-zero code with the text the login page shows (modal 14). Failed logins slow
 * down their client address (a delay that doubles with each failure after five, up to a
 * minute), never the account: a stranger cannot lock a promoter out. Password hashes run a few
 * at a time; a burst beyond the queue is refused at once (`abuse-limits.ts`).
 */
import type { Handler, HandlerMap, PromoterSession } from '../types.ts';
import { dummyPasswordHash, verifyPassword, channelFor, productsFor } from '../../promoters.ts';
import { createSession, deleteSession } from '../../sessions.ts';
import { text } from '../../texts.ts';
import { beginLogin, Busy, endLogin, limitedHash } from '../../abuse-limits.ts';
import { promoterDeskHandlers } from './promoter-desk.ts';
import { procuradorHandlers } from './session-procurador.ts';

/** Outcome codes of the login and status calls. */
export const SESSION_CODES = { ok: 0, badCredentials: 1, locked: 1, noSession: 1 } as const;

function promoterBody(
  p: Pick<
    PromoterSession,
    'codigoEntidad' | 'codigoUsuario' | 'nombreUsuario' | 'nombreUsuarioPersona' | 'usuario'
  >,
  usuProcurador: string | null,
) {
  return {
    // The user name of the promoter's procurador (spec 000 §3), when the account names one.
    ...(usuProcurador ? { usuProcurador } : {}),
    productos: productsFor(p.codigoEntidad),
    codigoEntidad: p.codigoEntidad,
    codigoUsuario: p.codigoUsuario,
    usuario: p.usuario,
    nombreUsuario: p.nombreUsuario,
    nombreUsuarioPersona: p.nombreUsuarioPersona,
    canal: channelFor(p.codigoEntidad),
  };
}

interface LoginRow {
  password_hash: string;
  codigo_entidad: number;
  codigo_usuario: string;
  nombre_usuario: string;
  nombre_usuario_persona: string;
  usu_procurador: string | null;
}

const login: Handler = async (req, svc) => {
  const usuario = typeof req.body.usuario === 'string' ? req.body.usuario.trim().toLowerCase() : '';
  const passwordMd5 = typeof req.body.passwordMd5 === 'string' ? req.body.passwordMd5 : '';
  const now = svc.clock.now();
  const slot = await beginLogin(svc.db, req.ip, now);
  if (!slot.ok)
    return {
      body: {
        codigoRespuesta: SESSION_CODES.locked,
        detalleRespuesta: text('session.wait', { segundos: slot.waitSeconds }),
      },
    };
  let succeeded: boolean;
  let row: LoginRow | undefined;
  try {
    const { rows } = await svc.db.query<LoginRow>(
      'SELECT password_hash, codigo_entidad, codigo_usuario, nombre_usuario, nombre_usuario_persona, usu_procurador FROM promoters WHERE usuario = $1',
      [usuario],
    );
    row = rows[0];
    const stored = row?.password_hash ?? (await dummyPasswordHash());
    // An unknown user costs the same hash as a wrong password: timing does not reveal accounts.
    const ok = (await limitedHash(() => verifyPassword(passwordMd5, stored))) && row !== undefined;
    succeeded = ok && Number(req.body.codigoPlataforma) === 1;
  } catch (err) {
    await endLogin(svc.db, req.ip, now, 'abandoned');
    if (err instanceof Busy)
      return { body: { codigoRespuesta: SESSION_CODES.locked, detalleRespuesta: text('session.busy') } };
    throw err;
  }
  await endLogin(svc.db, req.ip, now, succeeded ? 'success' : 'failure');
  if (!succeeded || row === undefined) {
    // Kept per account for the record (monitoring); it never blocks the account.
    await svc.db.query('INSERT INTO login_failures (usuario, failed_at) VALUES ($1, $2)', [
      usuario,
      new Date(now),
    ]);
    return {
      body: {
        codigoRespuesta: SESSION_CODES.badCredentials,
        detalleRespuesta: text('session.badCredentials'),
      },
    };
  }
  const token = await createSession(svc.db, svc.clock, usuario);
  return {
    body: {
      codigoRespuesta: SESSION_CODES.ok,
      detalleRespuesta: 'OK',
      ...promoterBody(
        {
          usuario,
          codigoEntidad: row.codigo_entidad,
          codigoUsuario: row.codigo_usuario,
          nombreUsuario: row.nombre_usuario,
          nombreUsuarioPersona: row.nombre_usuario_persona,
        },
        row.usu_procurador,
      ),
    },
    session: { token },
  };
};

const status: Handler = async (req, svc) => {
  const p = req.promoter;
  if (p === null)
    return {
      body: { codigoRespuesta: SESSION_CODES.noSession, detalleRespuesta: text('session.noSession') },
    };
  const { rows } = await svc.db.query<{ usu_procurador: string | null }>(
    'SELECT usu_procurador FROM promoters WHERE usuario = $1',
    [p.usuario],
  );
  return { body: { codigoRespuesta: SESSION_CODES.ok, ...promoterBody(p, rows[0]?.usu_procurador ?? null) } };
};

const logout: Handler = async (req, svc) => {
  if (req.promoter !== null) await deleteSession(svc.db, req.promoter.id);
  return { body: { codigoRespuesta: SESSION_CODES.ok, detalleRespuesta: 'OK' }, session: { clear: true } };
};

/** Session handlers by endpoint id. */
export const sessionHandlers: HandlerMap = {
  'session.login': login,
  'session.status': status,
  'session.logout': logout,
  ...promoterDeskHandlers,
  ...procuradorHandlers,
};
