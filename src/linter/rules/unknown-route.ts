import { didYouMean } from '../../engine/suggest.ts';
import { forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * A `redirect` goes to a route the site has (`SPEC_ROUTES` of src/engine/routes.ts, query and
 * hash aside) or to an absolute address; any other path would show the "page not found".
 */
export const rule: Rule = {
  id: 'unknown-route',
  meta: {
    description: 'A redirect goes to a route of the site.',
    severity: 'error',
    messages: {
      route:
        'Redirect to "{{route}}", which is not a route of the site (src/engine/routes.ts): the applicant would land on "page not found".{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const routes = ctx.env.routes;
    forEachAction(ctx.flow, (action, path) => {
      const target = action.redirect;
      if (typeof target !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('$')) return;
      const route = target.replace(/[?#].*$/, '') || '/';
      if (!routes.includes(route))
        ctx.report({
          path: [...path, 'redirect'],
          messageId: 'route',
          data: { route, hint: didYouMean(route, routes) },
        });
    });
  },
};
