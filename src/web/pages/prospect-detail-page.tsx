/**
 * `/estado-prospectos/prospect/:id` (promoter only): one prospect of the promoter's entity.
 * The service lists no other entity's, so another entity's prospect is not found here.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/errors.ts';
import { t } from '../lib/i18n.ts';
import { ErrorView } from './error-page.tsx';
import {
  accountText,
  dateText,
  fetchProspects,
  productName,
  stateName,
  type ProspectRow,
} from './prospect-rows.ts';

export default function ProspectDetailPage() {
  const { id = '' } = useParams();
  const [row, setRow] = useState<ProspectRow | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchProspects().then(
      (rows) => setRow(rows.find((r) => r.id === id) ?? null),
      (e: unknown) => setError(e instanceof ApiError ? e.message : t('error.unknown')),
    );
  }, [id]);
  if (row === null) return <ErrorView notFound />;
  return (
    <div className="panel">
      <h1>{t('prospects.detailTitle', { id })}</h1>
      {error && <p role="alert">{error}</p>}
      {row === undefined && !error && <p>{t('app.loading')}</p>}
      {row && (
        <dl className="prospect-detail">
          <dt>{t('prospects.document')}</dt>
          <dd>{row.documento}</dd>
          <dt>{t('prospects.name')}</dt>
          <dd>{row.nombre || '—'}</dd>
          <dt>{t('prospects.product')}</dt>
          <dd>{productName(row)}</dd>
          <dt>{t('prospects.status')}</dt>
          <dd>{stateName(row)}</dd>
          <dt>{t('prospects.date')}</dt>
          <dd>{dateText(row.fecha)}</dd>
          <dt>{t('prospects.createdBy')}</dt>
          <dd>{row.registradoPor || '—'}</dd>
          {row.cuenta && (
            <>
              <dt>{t('prospects.account')}</dt>
              <dd>{accountText(row)}</dd>
            </>
          )}
        </dl>
      )}
      <Link className="prospect-detail__back" to="/estado-prospectos">
        {t('app.back')}
      </Link>
    </div>
  );
}
