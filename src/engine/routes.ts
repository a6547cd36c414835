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
 * any address of the route gets that page (`drawnScreenOf`).
 */
export function firstScreenIgnoresQuery(meta: { firstView?: string | undefined }): boolean {
  return meta.firstView === 'loading';
}

/**
 * The parameters a path gives `route`'s placeholders (`/credinstante/observados/abc` of
 * `/credinstante/observados/:token?` → `{ token: 'abc' }`): a link's token in its path reaches
 * the flow as a query parameter would. A segment that is not valid percent-encoding is kept
 * as typed.
 */
export function pathParamsOf(route: string, path: string): Record<string, string> {
  const typed = path.replace(/(.)\/$/, '$1').split('/');
  const params: Record<string, string> = {};
  route.split('/').forEach((segment, i) => {
    const value = typed[i];
    if (!segment.startsWith(':') || !value) return;
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // Kept as typed: the flow's call answers for a token it cannot read.
    }
    params[segment.slice(1).replace(/\?$/, '')] = decoded;
  });
  return params;
}

/** What decides which of a route's first screens the build drew a visit sees (the flow's meta). */
export interface FirstScreenMeta {
  /** The view of the start step. */
  firstView?: string | undefined;
  /**
   * The address parameters that start the flow at another step (`startFrom`), in its order,
   * each with the view of that step.
   */
  linkViews?: Readonly<Record<string, string>> | undefined;
}

/**
 * Which first screen the build drew fits a visit to `route` with the query `search` and the
 * path's parameters: `{}` for the start step's (a visit carrying nothing that opens
 * elsewhere), `{ link }` for the loading step the link's parameter `link` starts at (the same
 * whatever its token: `startFrom`), undefined when the build drew none that fits (a step
 * after a call's answer, or a query parameter that may open elsewhere): the runtime draws
 * that page itself. The server (which page to send) and the browser (whether to take it over)
 * both ask it, so they agree.
 */
export function drawnScreenOf(
  meta: FirstScreenMeta,
  route: string,
  search: string,
  pathParams: Readonly<Record<string, string>> = {},
): { link?: string } | undefined {
  const present = new Set([...new URLSearchParams(search).keys(), ...Object.keys(pathParams)]);
  const links = meta.linkViews ?? {};
  const link = Object.keys(links).find((param) => present.has(param));
  if (link !== undefined) return links[link] === 'loading' ? { link } : undefined;
  return firstScreenIgnoresQuery(meta) || queryKeepsFirstScreen(search, route) ? {} : undefined;
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
