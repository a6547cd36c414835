/** `/productos`: the list of digital products. */
import { t } from '../lib/i18n.ts';
import { ProductList } from './product-list.tsx';

export default function ProductsPage() {
  return (
    <>
      <div className="page-head">
        <h1>{t('app.productsTitle')}</h1>
        <p>{t('home.intro')}</p>
      </div>
      <ProductList />
    </>
  );
}
