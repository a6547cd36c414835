import { didYouMean } from '../../engine/suggest.ts';
import type { ParsedFlow, Rule } from '../types.ts';
import { asFlow } from '../project.ts';
import { routeOwner } from '../route-owner.ts';

function routesOf(file: ParsedFlow): { route: string; index: number }[] {
  const routes = asFlow(file)?.routes;
  if (!Array.isArray(routes)) return [];
  const seen = new Set<string>();
  const out: { route: string; index: number }[] = [];
  routes.forEach((route, index) => {
    if (typeof route === 'string' && !seen.has(route)) {
      seen.add(route);
      out.push({ route, index });
    }
  });
  return out;
}

/**
 * Every route of the site (`SPEC_ROUTES`) is served by exactly one flow or page
 * (`PAGE_ROUTES`), and flows serve no route outside that list. Looks at all files together.
 * When the run is partial (the CLI was given some paths), routes no file serves are not
 * reported, since the other flows were not all read.
 */
export const rule: Rule = {
  id: 'route-coverage',
  meta: {
    description: 'Every route of src/engine/routes.ts is served by exactly one flow or page.',
    severity: 'error',
    scope: 'project',
    messages: {
      notInList:
        'Route "{{route}}" is not in the site\'s route list (SPEC_ROUTES in src/engine/routes.ts).{{hint}} Fix the route, or add it to the list.',
      twice:
        'Route "{{route}}" is served {{count}} times: {{by}}. A route is served by exactly one flow or page: remove the others (a page in PAGE_ROUTES of src/engine/routes.ts).',
      unserved:
        'Route "{{route}}" of the site\'s route list is served by no flow and no page. Add it to a flow\'s "routes" or to PAGE_ROUTES in src/engine/routes.ts.',
    },
  },
  check(ctx) {
    const listed = new Set(ctx.env.routes);
    const servers = new Map<string, string[]>();
    for (const [route, page] of Object.entries(ctx.env.pages)) {
      const id = typeof page === 'object' && page !== null && 'page' in page ? String(page.page) : route;
      servers.set(route, [`page "${id}"`]);
    }
    for (const file of ctx.project.all)
      for (const { route } of routesOf(file)) servers.set(route, [...(servers.get(route) ?? []), file.path]);
    const linted = new Set(ctx.project.files);
    for (const file of ctx.project.files) {
      for (const { route, index } of routesOf(file)) {
        const path = ['routes', index];
        if (!listed.has(route)) {
          ctx.report({
            file,
            path,
            messageId: 'notInList',
            data: { route, hint: didYouMean(route, listed) },
          });
          continue;
        }
        const by = servers.get(route) ?? [];
        if (by.length > 1)
          ctx.report({
            file,
            path,
            messageId: 'twice',
            data: { route, count: by.length, by: by.join(', ') },
          });
      }
    }
    const anchor = ctx.project.files[0];
    if (ctx.options.partial || !anchor || !linted.has(anchor)) return;
    for (const route of ctx.env.routes) {
      if (!servers.has(route))
        // On the route list of the flow that most likely lost it, where the fix goes.
        ctx.report({
          file: routeOwner(route, ctx.project.files) ?? anchor,
          path: ['routes'],
          messageId: 'unserved',
          data: { route },
        });
    }
  },
};
