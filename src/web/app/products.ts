/** The product routes the home page presents: every spec route that is a product offered to the public. */
import { PAGE_ROUTES, SPEC_ROUTES } from '../../engine/routes.ts';
import { flowMetas } from '../runtime/flow-files.ts';

export interface ProductLink {
  to: string;
  /** i18n key of the product name. */
  title: string;
  /** True when a flow file serves the route (applicable online now). */
  online: boolean;
}

const NOT_PRODUCTS = new Set([
  '/',
  '/productos',
  '/promotor',
  '/estado-prospectos',
  '/firma-electronica',
  '/terminos-y-condiciones',
  '/proteccion-de-datos-personales',
]);

/**
 * Routes kept for returning applicants and links already sent, but not offered to the
 * public: the deprecated Credinstante (its successor is `/credinstante`).
 */
const NOT_OFFERED = new Set(['/credinstante-deprecated']);

export function productLinks(): ProductLink[] {
  const flows = new Map<string, string>();
  // A flow served at two addresses (seminuevo and its older /credito-semi-nuevo) is one
  // product: the home page lists it once, at its first route.
  const aliases = new Set<string>();
  for (const { meta } of flowMetas()) {
    for (const route of meta.routes) flows.set(route, meta.title);
    for (const route of meta.routes.slice(1)) aliases.add(route);
  }
  return SPEC_ROUTES.filter(
    (r) => !NOT_PRODUCTS.has(r) && !NOT_OFFERED.has(r) && !aliases.has(r) && !r.includes(':'),
  ).map((to) => {
    const flowTitle = flows.get(to);
    return { to, title: flowTitle ?? PAGE_ROUTES[to]?.title ?? to, online: flowTitle !== undefined };
  });
}
