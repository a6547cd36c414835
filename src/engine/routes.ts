/**
 * The one list of the site's routes (the spec's route list plus `/autoclass` from the side
 * menu, and the terms and personal-data notice every consent links to). Each route is served by exactly one flow file (`flows/*.json`, `routes`) or by one
 * page of the web runtime (listed here in `PAGE_ROUTES`). The linter's route-coverage rule
 * holds flows and pages against this list.
 */
export const SPEC_ROUTES = [
  '/',
  '/activacion-ld',
  '/autoclass',
  '/cambiarcuenta',
  '/campanaconversiones',
  '/celulares',
  '/compra-deuda',
  '/consumo',
  '/consumo-alfin',
  '/contigo',
  '/conversion',
  '/cotizador',
  '/cotizador/consumo-alfin',
  '/cotizador/taxi',
  '/credinstante',
  '/credinstante-deprecated',
  '/credinstante/observados/:token?',
  '/credito-semi-nuevo',
  '/estado-prospectos',
  '/estado-prospectos/prospect/:id',
  '/extraefectivo',
  '/faemype',
  '/firma-electronica',
  '/LD-Bancarizador',
  '/LibreDisponibilidad',
  '/moto',
  '/moto-honda',
  '/motofurgon',
  '/mototaxi',
  '/productos',
  '/promotor',
  '/proteccion-de-datos-personales',
  '/renovacion',
  '/seminuevo',
  '/taxi-mujer',
  '/taxi-profesional',
  '/terminos-y-condiciones',
  '/vendemas',
] as const;

export type SpecRoute = (typeof SPEC_ROUTES)[number];

/**
 * Routes served by a page of the web runtime rather than a flow file, with the page id and
 * the i18n key of its title. Product routes listed here have no flow file yet: their page
 * presents the product and says it is not yet available online. When a flow file takes a
 * route, remove it from here (the linter reports a route served twice).
 */
export const PAGE_ROUTES: Readonly<
  Record<
    string,
    {
      page: string;
      title: string;
      requiresPromoter?: boolean;
      /** Query parameters the page reads only after its first screen (the login's `next`). */
      firstScreenIgnores?: readonly string[];
    }
  >
> = {
  '/': { page: 'home', title: 'app.home' },
  '/productos': { page: 'products', title: 'product.productos' },
  '/promotor': { page: 'promoter-login', title: 'product.promotor', firstScreenIgnores: ['next'] },
  '/estado-prospectos': {
    page: 'prospect-status',
    title: 'product.estadoProspectos',
    requiresPromoter: true,
  },
  '/estado-prospectos/prospect/:id': {
    page: 'prospect-detail',
    title: 'product.estadoProspectos',
    requiresPromoter: true,
  },
  '/terminos-y-condiciones': { page: 'legal-terms', title: 'legal.terms.title' },
  '/proteccion-de-datos-personales': { page: 'legal-privacy', title: 'legal.privacy.title' },
};

/**
 * Query parameters that never change a first screen: campaign tracking. A flow that lists one
 * in its `params` only sends it with its calls (`tests/unit/first-screen-params.test.ts` holds
 * every flow to it); anything else a flow does not list, it ignores. So a campaign's address
 * (`/campanaconversiones?utm_source=…`) still gets the page the build drew.
 */
export const TRACKING_PARAMS: readonly string[] = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'gclid',
  'fbclid',
];

/**
 * True when no parameter of `search` can change the first screen of `route` (a route of
 * `SPEC_ROUTES`, or an address of one): only tracking parameters and those the page reads
 * later (`firstScreenIgnores`). The server and the browser both ask it before using the page
 * the build drew.
 */
export function queryKeepsFirstScreen(search: string, route: string): boolean {
  const ignored = new Set([...TRACKING_PARAMS, ...(PAGE_ROUTES[route]?.firstScreenIgnores ?? [])]);
  for (const name of new URLSearchParams(search).keys()) if (!ignored.has(name)) return false;
  return true;
}

/**
 * True when the start step looks the same whatever the address carries: a loading step (the
 * spinner and 'Cargando…') that hands a link's token to its first call. The build draws it, and
 * a link with a token still gets that page (`builtScreenFits`, and the server's `anyQuery`).
 */
export function firstScreenIgnoresQuery(meta: { firstView?: string | undefined }): boolean {
  return meta.firstView === 'loading';
}

/**
 * The address the build draws a route at: the route without its optional segments
 * (`/credinstante/observados/:token?` → `/credinstante/observados`); undefined when a segment
 * is required (no address stands for every visitor).
 */
export function drawnPathOf(route: string): string | undefined {
  const path = route.replace(/\/:[\w-]+\?/g, '') || '/';
  return path.includes(':') ? undefined : path;
}
