/** `/estado-prospectos` (promoter only): the promoter's prospects, from `listar/prospectos`. */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { request } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';

interface ProspectRow {
  id: string;
  documento: string;
  estado: string;
}

function text(...values: unknown[]): string {
  const v = values.find((x) => typeof x === 'string' || typeof x === 'number');
  return v === undefined ? '' : String(v);
}

function rowsOf(body: unknown): ProspectRow[] {
  const list = (body as { result?: { js_resdat?: unknown } } | null)?.result?.js_resdat;
  if (!Array.isArray(list)) return [];
  return list.map((item: Record<string, unknown>) => ({
    id: text(item.codigoProspecto, item.id),
    documento: text(item.documento),
    estado: text(item.estadoProspecto, item.estado),
  }));
}

export default function ProspectStatusPage() {
  const promoter = usePromoter((s) => s.promoter);
  const [rows, setRows] = useState<ProspectRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    request({ method: 'POST', path: '/kong/prospecto/v2.0/listar/prospectos', body: { codigoUsuario: promoter?.codigoUsuario, codigoEntidad: promoter?.codigoEntidad }, timeoutMs: 30_000 }).then(
      (res) => setRows(rowsOf(res.body)),
      (e: unknown) => setError(e instanceof ApiError ? e.message : t('error.unknown')),
    );
  }, [promoter]);
  return (
    <div className="panel">
      <h1>{t('product.estadoProspectos')}</h1>
      {error && <p role="alert">{error}</p>}
      {rows === null && !error && <p>{t('app.loading')}</p>}
      {rows?.length === 0 && <p>{t('prospects.empty')}</p>}
      {rows && rows.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('prospects.id')}</th>
              <th>{t('prospects.document')}</th>
              <th>{t('prospects.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/estado-prospectos/prospect/${encodeURIComponent(r.id)}`}>{r.id}</Link>
                </td>
                <td>{r.documento}</td>
                <td>{r.estado}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
