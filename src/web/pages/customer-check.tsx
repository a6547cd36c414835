/**
 * The customer check by promoter (`validarCliente`): a document number, then whether the
 * customer may start an application ('00') or already has one in process ('01'), with the
 * number of applications registered by this promoter and the state of the latest in words.
 * Any other answer is modal 10.
 */
import { useState, type FormEvent } from 'react';
import { request } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { beginLoading, useUi } from '../stores/ui-store.ts';
import { stateName } from './prospect-rows.ts';

const CHECK_PATH = '/api/private/v1.0/validarCliente';
const CHECK_TIMEOUT_MS = 30_000;

interface CheckAnswer {
  codigoRespuesta?: unknown;
  cliente?: { solicitudes?: unknown; estado?: unknown; producto?: unknown };
}

/** The count, and the latest application's state when there is one. */
function resultText(cliente: CheckAnswer['cliente']): string {
  const solicitudes = typeof cliente?.solicitudes === 'number' ? cliente.solicitudes : 0;
  const estado = cliente?.estado;
  if (solicitudes === 0 || (typeof estado !== 'number' && typeof estado !== 'string'))
    return t('prospects.customerCheck.count', { solicitudes });
  const producto = typeof cliente?.producto === 'string' ? cliente.producto : '';
  return t('prospects.customerCheck.result', {
    solicitudes,
    estado: stateName({ producto, estado: String(estado) }),
  });
}

export function CustomerCheck() {
  const [documento, setDocumento] = useState('');
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || documento.trim() === '') return;
    setBusy(true);
    setResult(null);
    const done = beginLoading();
    try {
      const { body } = await request({
        method: 'POST',
        path: CHECK_PATH,
        body: { documento: documento.trim(), tipoDocumento: 1 },
        timeoutMs: CHECK_TIMEOUT_MS,
      });
      const answer = (body ?? {}) as CheckAnswer;
      const code = String(answer.codigoRespuesta);
      if (code !== '00' && code !== '01') {
        useUi.getState().showError({ message: t('vehicle.customerCheckFailed') });
        return;
      }
      setResult(
        `${t(code === '00' ? 'vehicle.customerChecked' : 'vehicle.customerInProcess')} ${resultText(answer.cliente)}`,
      );
    } catch (error) {
      // A 401 is handled app-wide (back to the login); other failures are modal 10.
      if (!(error instanceof ApiError && error.status === 401))
        useUi.getState().showError({ message: t('vehicle.customerCheckFailed') });
    } finally {
      done();
      setBusy(false);
    }
  };

  return (
    <form className="customer-check" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('prospects.customerCheck.title')}</h2>
      <div className="field">
        <label htmlFor="customer-document">{t('prospects.customerCheck.document')}</label>
        <input
          id="customer-document"
          inputMode="numeric"
          value={documento}
          onChange={(e) => setDocumento(e.target.value)}
        />
      </div>
      <button className="button" type="submit" disabled={busy}>
        {t('prospects.customerCheck.submit')}
      </button>
      {result && <p role="status">{result}</p>}
    </form>
  );
}
