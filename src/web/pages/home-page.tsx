/** The home page: what the site offers and a card per product. */
import { t } from '../lib/i18n.ts';
import { ProductList } from './product-list.tsx';

export default function HomePage() {
  return (
    <>
      <div className="page-head">
        <h1>{t('home.title')}</h1>
        <p>{t('home.intro')}</p>
      </div>
      <ProductList />
    </>
  );
}
