import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { SPEC_ROUTES } from '../../engine/routes.ts';
import { branchOf, matchesOf } from './route-matches.ts';

/** The route table's shape (`appRoutes` in router.tsx): one shell route around every route and `*`. */
function table(): RouteObject[] {
  const children: RouteObject[] = SPEC_ROUTES.map((path) => ({ path, element: path }));
  return [
    {
      element: 'shell',
      handle: { layout: 'default' },
      children: [...children, { path: '*', element: 'not found' }],
    },
  ];
}

const sample = (route: string) => route.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'abc123');

describe('route matching once per address', () => {
  const routes = table();
  const addresses = [
    ...SPEC_ROUTES.map(sample),
    ...SPEC_ROUTES.filter((r) => r.includes(':')).map((r) => r.replace(/:\w+\??/g, 'tok-9')),
    '/pagina-no-encontrada',
    '/credinstante/sobra/algo',
    '/CREDINSTANTE',
    '/credinstante/',
    '/cr%65dinstante',
    '/%E0%A4%A',
    '/',
    '',
  ];

  it('the one-branch table matches what the whole table matches, for every route of the spec', () => {
    expect(addresses.length).toBeGreaterThan(SPEC_ROUTES.length);
    for (const pathname of addresses) {
      const whole = matchRoutes(routes, { pathname });
      const found = matchesOf(routes, pathname);
      expect(
        found?.map((m) => m.route.path),
        pathname,
      ).toEqual(whole?.map((m) => m.route.path));
      expect(found?.at(-1)?.route, pathname).toBe(whole?.at(-1)?.route);
      expect(found?.at(-1)?.params, pathname).toEqual(whole?.at(-1)?.params);
      expect(found?.at(-1)?.pathname, pathname).toBe(whole?.at(-1)?.pathname);
      expect(found?.[0]?.route.handle, pathname).toBe(whole?.[0]?.route.handle);
      const branch = branchOf(routes, found);
      expect(branch).not.toBe(routes);
      expect(branch[0]?.children).toHaveLength(1);
      const narrow = matchRoutes(branch, { pathname });
      expect(
        narrow?.map((m) => m.route.path),
        pathname,
      ).toEqual(whole?.map((m) => m.route.path));
      expect(narrow?.at(-1)?.params, pathname).toEqual(whole?.at(-1)?.params);
      expect(narrow?.at(-1)?.route, pathname).toBe(whole?.at(-1)?.route);
    }
  });

  it('a route whose first segment is a parameter or optional stays a candidate', () => {
    const own: RouteObject[] = [
      {
        element: 'shell',
        children: [
          { path: '/fijo', element: 'fijo' },
          { path: '/:slug', element: 'slug' },
          { path: '/opcional?/x', element: 'x' },
        ],
      },
    ];
    expect(matchesOf(own, '/cualquiera')?.at(-1)?.route.path).toBe('/:slug');
    expect(matchesOf(own, '/cualquiera')?.at(-1)?.params).toEqual({ slug: 'cualquiera' });
    expect(matchesOf(own, '/x')?.at(-1)?.route.path).toBe('/opcional?/x');
    expect(matchesOf(own, '/fijo')?.at(-1)?.route.path).toBe('/fijo');
  });

  it('ranks only the routes whose first segment can match', () => {
    const layout = matchesOf(routes, '/credinstante/observados/abc')?.[0]?.route;
    expect(layout?.children?.map((r) => r.path)).toEqual([
      ...SPEC_ROUTES.filter((r) => r.split('/')[1] === 'credinstante'),
      '*',
    ]);
  });

  it('an unknown address takes the error page', () => {
    const matches = matchesOf(routes, '/no-existe');
    expect(matches?.at(-1)?.route.path).toBe('*');
  });

  it('an address is matched once; another table is matched on its own', () => {
    const first = matchesOf(routes, '/credinstante');
    expect(matchesOf(routes, '/credinstante')).toBe(first);
    expect(branchOf(routes, first)).toBe(branchOf(routes, matchesOf(routes, '/credinstante')));
    const other = table();
    expect(matchesOf(other, '/credinstante')).not.toBe(first);
    expect(matchesOf(other, '/credinstante')?.at(-1)?.route).toBe(
      other[0]?.children?.find((r) => r.path === '/credinstante'),
    );
  });

  it('a table nothing matches is used whole', () => {
    const bare: RouteObject[] = [{ path: '/solo', element: 'x' }];
    expect(branchOf(bare, matchesOf(bare, '/otra'))).toBe(bare);
  });
});
