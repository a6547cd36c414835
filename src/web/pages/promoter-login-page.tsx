/**
 * `/promotor`: the promoter login. Sends `inicioSesion` with the MD5 of the password (by
 * contract) and platform code 1; on code 0 stores the promoter and returns to `?next=`.
 * A refusal shows the server's detail in the error dialog (modal 14 of the spec).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import md5 from 'md5';
import { request } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { useTypedBeforeHydration } from '../forms/typed-before-hydration.ts';
import { withCaptcha } from '../lib/captcha.ts';
import { t } from '../lib/i18n.ts';
import { PROMOTER_PATHS, promoterFrom } from '../stores/promoter-session.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { beginLoading, useUi } from '../stores/ui-store.ts';

const LOGIN_TIMEOUT_MS = 30_000;
const USER_FIELD = 'promoter-user';

/** Only site paths are followed after login (never another origin). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function PromoterLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const promoter = usePromoter((s) => s.promoter);
  const [usuario, setUsuario] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  // Drawn from the build's HTML, the fields may hold a user and password typed before the page's code arrived.
  useTypedBeforeHydration(() => document.getElementById(USER_FIELD)?.closest('form') ?? null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (usuario.trim() === '' || password === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    const done = beginLoading();
    try {
      const { body } = await request(
        await withCaptcha({
          method: 'POST',
          path: PROMOTER_PATHS.login,
          body: { codigoPlataforma: 1, usuario: usuario.trim(), passwordMd5: md5(password) },
          timeoutMs: LOGIN_TIMEOUT_MS,
          captchaAction: 'promotor_login',
        }),
      );
      const answer = (body ?? {}) as Record<string, unknown>;
      if (String(answer.codigoRespuesta) === '0') {
        usePromoter.getState().login(promoterFrom(answer, usuario.trim()));
        void navigate(safeNext(params.get('next')), { replace: true });
      } else {
        const detail =
          typeof answer.detalleRespuesta === 'string' ? answer.detalleRespuesta : t('error.unknown');
        useUi.getState().showError({ message: detail });
      }
    } catch (error) {
      // A network failure shows the generic error dialog without text (spec 001 §8); HTTP
      // errors carry the server's detail or their class's message.
      if (error instanceof ApiError && error.kind !== 'NetworkError') {
        const detail = (error.body as { detalleRespuesta?: unknown } | null)?.detalleRespuesta;
        useUi.getState().showError({ message: typeof detail === 'string' ? detail : error.message });
      } else {
        useUi.getState().showError({ message: '' });
      }
    } finally {
      done();
      setBusy(false);
    }
  };

  if (promoter) {
    return (
      <div className="panel panel--narrow">
        <h1>{t('promoter.welcome', { name: promoter.nombreUsuarioPersona ?? promoter.nombreUsuario })}</h1>
        <p>{t('promoter.loggedIn', { id: promoter.usuario })}</p>
        <p>{t('promoter.channel', { canal: promoter.canal })}</p>
        <p>{t('promoter.products', { productos: promoter.productos.map((p) => p.ti_solpro).join(', ') })}</p>
        <Link className="button" to="/estado-prospectos">
          {t('product.estadoProspectos')}
        </Link>
      </div>
    );
  }

  return (
    <form className="panel panel--narrow" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('promoter.login.title')}</h1>
      <div className="field">
        <label htmlFor={USER_FIELD}>{t('promoter.login.user')}</label>
        <input
          id={USER_FIELD}
          name="usuario"
          autoComplete="username"
          value={usuario}
          onChange={(e) => setUsuario(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="promoter-password">{t('promoter.login.password')}</label>
        <input
          id="promoter-password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {missing && (
        <p className="form-error" role="alert">
          {t('promoter.login.required')}
        </p>
      )}
      <button className="button" type="submit" disabled={busy}>
        {t('promoter.login.submit')}
      </button>
    </form>
  );
}
