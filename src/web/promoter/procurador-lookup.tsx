/**
 * The procurador user-name lookup (spec 000 §3 usuProcurador, §6 "A 'procurador' user-name
 * lookup exists"), on the promoter's prospect status page: a user name, then who that
 * procurador of the promoter's entity is. The field starts with the procurador the session
 * names, looked up at once, so the promoter sees theirs on arrival. A user name the service
 * does not know in the entity reads the service's "not found" text; any other failure reads
 * the spec's user-lookup message. A 401 is handled app-wide (back to the login).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { request } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';

/** The lookup's path: the spec gives none (registry entry `session.procurador`). */
export const PROCURADOR_PATH = '/api/private/v1.1/procurador';
const LOOKUP_TIMEOUT_MS = 30_000;

/** A procurador as the lookup answers it. */
export interface Procurador {
  nombreUsuario: string;
  nombreUsuarioPersona: string;
  codigoUsuario: string;
}

type Outcome = { found: Procurador } | { problem: string } | null;

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Asks the service who the procurador `nombreUsuario` is; answers what to show. */
export async function lookUpProcurador(nombreUsuario: string): Promise<Outcome> {
  try {
    const { body } = await request({
      method: 'POST',
      path: PROCURADOR_PATH,
      body: { nombreUsuario },
      timeoutMs: LOOKUP_TIMEOUT_MS,
    });
    const p = (body as { procurador?: Record<string, unknown> } | null)?.procurador;
    if (p === undefined) return { problem: t('error.userLookup') };
    return {
      found: {
        nombreUsuario: str(p.nombreUsuario),
        nombreUsuarioPersona: str(p.nombreUsuarioPersona),
        codigoUsuario: str(p.codigoUsuario),
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // 404: nobody by that name in the entity; 400: not a possible user name, so nobody either.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      const detail = (error.body as { detalleRespuesta?: unknown } | null)?.detalleRespuesta;
      return {
        problem:
          error.status === 404 && typeof detail === 'string' && detail !== ''
            ? detail
            : t('promoter.procurador.notFound'),
      };
    }
    return { problem: t('error.userLookup') };
  }
}

export function ProcuradorLookup() {
  const usuProcurador = usePromoter((s) => s.promoter?.usuProcurador);
  const [nombreUsuario, setNombreUsuario] = useState(usuProcurador ?? '');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);

  // The session's procurador is looked up on arrival; an answer for a page already left is dropped.
  useEffect(() => {
    if (!usuProcurador) return;
    let live = true;
    void lookUpProcurador(usuProcurador).then((o) => {
      if (live) setOutcome(o);
    });
    return () => {
      live = false;
    };
  }, [usuProcurador]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = nombreUsuario.trim();
    if (busy || name === '') return;
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome(await lookUpProcurador(name));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="customer-check procurador-lookup"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="procurador-title"
    >
      <h2 id="procurador-title">{t('promoter.procurador.title')}</h2>
      {usuProcurador ? <p>{t('promoter.procurador.yours', { usuario: usuProcurador })}</p> : null}
      <div className="field">
        <label htmlFor="procurador-user">{t('promoter.procurador.user')}</label>
        <input
          id="procurador-user"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={nombreUsuario}
          onChange={(e) => setNombreUsuario(e.target.value)}
        />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {t('promoter.procurador.submit')}
      </button>
      {outcome && 'found' in outcome ? (
        <p role="status">
          {t('promoter.procurador.found', {
            nombre: outcome.found.nombreUsuarioPersona,
            usuario: outcome.found.nombreUsuario,
            codigo: outcome.found.codigoUsuario,
          })}
        </p>
      ) : null}
      {outcome && 'problem' in outcome ? <p role="alert">{outcome.problem}</p> : null}
    </form>
  );
}
