import type { Rule } from '../types.ts';

/** A flow lists each of its routes once. (A route claimed by two flows is route-coverage.) */
export const rule: Rule = {
  id: 'duplicate-route',
  meta: {
    description: 'A flow lists each route once.',
    severity: 'error',
    messages: {
      duplicate: 'Route "{{route}}" is listed twice in "routes" (first at position {{first}}). Remove one.',
    },
  },
  check(ctx) {
    const routes = ctx.flow?.routes;
    if (!Array.isArray(routes)) return;
    const first = new Map<string, number>();
    routes.forEach((route, i) => {
      if (typeof route !== 'string') return;
      const at = first.get(route);
      if (at === undefined) first.set(route, i);
      else ctx.report({ path: ['routes', i], messageId: 'duplicate', data: { route, first: at + 1 } });
    });
  },
};
