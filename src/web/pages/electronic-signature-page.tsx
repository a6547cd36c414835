/** `/firma-electronica`: where the signature link from the SMS lands. */
import { Link } from 'react-router-dom';
import { t } from '../lib/i18n.ts';

export default function ElectronicSignaturePage() {
  return (
    <div className="panel">
      <h1>{t('product.firmaElectronica')}</h1>
      <p>{t('signature.message')}</p>
      <Link className="button" to="/">
        {t('page.error.homeLink')}
      </Link>
    </div>
  );
}
