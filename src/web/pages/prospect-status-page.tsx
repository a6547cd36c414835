/**
 * `/estado-prospectos` (promoter only): the prospects of the promoter's entity from
 * `listar/prospectos`, each with its product and state in words (cards on a phone, a table
 * from a tablet up), who registered it and a link to its
 * page, the customer check by document and the procurador lookup by user name.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { CustomerCheck } from './customer-check.tsx';
import { ProcuradorLookup } from '../promoter/procurador-lookup.tsx';
import {
  accountText,
  dateText,
  fetchProspects,
  productName,
  stateName,
  type ProspectRow,
} from './prospect-rows.ts';

export default function ProspectStatusPage() {
  const promoter = usePromoter((s) => s.promoter);
  const [rows, setRows] = useState<ProspectRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchProspects().then(setRows, (e: unknown) =>
      setError(e instanceof ApiError ? e.message : t('error.unknown')),
    );
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
        <>
          {/* On a phone, one card per prospect; from a tablet up, the table. */}
          <ul className="prospect-cards">
            {rows.map((r) => (
              <li key={`${r.producto}-${r.id}`} className="prospect-card">
                <Link to={`/estado-prospectos/prospect/${encodeURIComponent(r.id)}`}>
                  {t('prospects.detailTitle', { id: r.id })}
                </Link>
                <dl>
                  <dt>{t('prospects.document')}</dt>
                  <dd>{r.documento}</dd>
                  <dt>{t('prospects.product')}</dt>
                  <dd>{productName(r)}</dd>
                  <dt>{t('prospects.status')}</dt>
                  <dd>{stateName(r)}</dd>
                  <dt>{t('prospects.date')}</dt>
                  <dd>{dateText(r.fecha)}</dd>
                  <dt>{t('prospects.createdBy')}</dt>
                  <dd>{r.registradoPor || '—'}</dd>
                  {r.cuenta && (
                    <>
                      <dt>{t('prospects.account')}</dt>
                      <dd>{accountText(r)}</dd>
                    </>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          <table className="table prospect-table">
            <thead>
              <tr>
                <th>{t('prospects.id')}</th>
                <th>{t('prospects.document')}</th>
                <th>{t('prospects.product')}</th>
                <th>{t('prospects.status')}</th>
                <th>{t('prospects.date')}</th>
                <th>{t('prospects.createdBy')}</th>
                <th>{t('prospects.account')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.producto}-${r.id}`}>
                  <td>
                    <Link to={`/estado-prospectos/prospect/${encodeURIComponent(r.id)}`}>{r.id}</Link>
                  </td>
                  <td>{r.documento}</td>
                  <td>{productName(r)}</td>
                  <td>{stateName(r)}</td>
                  <td>{dateText(r.fecha)}</td>
                  <td>{r.registradoPor || '—'}</td>
                  <td>{accountText(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
