/** Cards linking to every product route; products served by a flow come first. */
import { Link } from 'react-router-dom';
import { productLinks } from '../app/products.ts';
import { t } from '../lib/i18n.ts';

export function ProductList() {
  const products = productLinks().sort((a, b) => Number(b.online) - Number(a.online));
  return (
    <ul className="cards">
      {products.map((p) => (
        <li key={p.to} className="card">
          <h2>
            <Link to={p.to}>{t(p.title)}</Link>
          </h2>
          <p>{t(p.online ? 'home.online' : 'home.comingSoon')}</p>
        </li>
      ))}
    </ul>
  );
}
