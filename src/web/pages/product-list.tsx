/**
 * The products: first those that can be applied for online now (a card each), then, grouped apart, those not yet online. The title's link covers the whole card
 * (a tap target far above 44 × 44 px) and is named by the product alone. A product leaves the second group by
 * itself when its flow file lands.
 */
import { Link } from 'react-router-dom';
import { productLinks } from '../app/products.ts';
import { t } from '../lib/i18n.ts';

export function ProductList() {
  // In the order of the names an applicant reads (the routes' order is not theirs).
  const products = productLinks()
    .map((p) => ({ ...p, name: t(p.title) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const online = products.filter((p) => p.online);
  const soon = products.filter((p) => !p.online);
  return (
    <>
      <section aria-labelledby="products-online">
        <h2 id="products-online" className="products__title">
          {t('home.onlineTitle')}
        </h2>
        <ul className="cards">
          {online.map((p) => (
            <li key={p.to} className="card">
              <h3>
                <Link className="card__link" to={p.to}>
                  {p.name}
                </Link>
              </h3>
              <p>{t('home.online')}</p>
            </li>
          ))}
        </ul>
      </section>
      {soon.length > 0 && (
        <section aria-labelledby="products-soon">
          <h2 id="products-soon" className="products__title">
            {t('home.soonTitle')}
          </h2>
          <p className="products__intro">{t('home.soonIntro')}</p>
          <ul className="cards cards--soon">
            {soon.map((p) => (
              <li key={p.to} className="card card--soon">
                <h3>
                  <Link className="card__link" to={p.to}>
                    {p.name}
                  </Link>
                </h3>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
