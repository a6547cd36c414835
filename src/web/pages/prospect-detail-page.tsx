/** `/estado-prospectos/prospect/:id` (promoter only): one prospect. */
import { Link, useParams } from 'react-router-dom';
import { t } from '../lib/i18n.ts';

export default function ProspectDetailPage() {
  const { id } = useParams();
  return (
    <div className="panel">
      <h1>{t('prospects.detailTitle', { id: id ?? '' })}</h1>
      <p>{t('prospects.detailSoon')}</p>
      <Link to="/estado-prospectos">{t('app.back')}</Link>
    </div>
  );
}
