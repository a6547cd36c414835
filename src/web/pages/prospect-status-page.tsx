/**
 * `/estado-prospectos` (promoter only): the prospects of the promoter's entity from
 * `listar/prospectos`, each with its state in words, who registered it and a link to its
 * page, the customer check by document and the procurador lookup by user name.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { CustomerCheck } from './customer-check.tsx';
import { ProcuradorLookup } from '../promoter/procurador-lookup.tsx';
import { dateText, fetchProspects, stateName, type ProspectRow } from './prospect-rows.ts';

export default function ProspectStatusPage() {
  const promoter = usePromoter((s) => s.promoter);
  const [rows, setRows] = useState<ProspectRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchProspects().then(setRows, (e: unknown) => setError(e instanceof ApiError ? e.message : t('error.unknown')));
  }, [promoter]);
  return (
    <div className="panel">
      <h1>{t('product.estadoProspectos')}</h1>
      <CustomerCheck />
      <ProcuradorLookup />
      {error && <p role="alert">{error}</p>}
      {rows === null && !error && <p>{t('app.loading')}</p>}
      {rows?.length === 0 && <p>{t('prospects.empty')}</p>}
      {rows && rows.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('prospects.id')}</th>
              <th>{t('prospects.document')}</th>
              <th>{t('prospects.product')}</th>
              <th>{t('prospects.status')}</th>
              <th>{t('prospects.date')}</th>
              <th>{t('prospects.createdBy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.producto}-${r.id}`}>
                <td>
                  <Link to={`/estado-prospectos/prospect/${encodeURIComponent(r.id)}`}>{r.id}</Link>
                </td>
                <td>{r.documento}</td>
                <td>{r.producto}</td>
                <td>{stateName(r)}</td>
                <td>{dateText(r.fecha)}</td>
                <td>{r.registradoPor || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
