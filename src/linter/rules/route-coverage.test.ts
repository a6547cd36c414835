import { describe, expect, it } from 'vitest';
import { lintFlows } from '../lint-flows.ts';
import { testRule, baseFlow } from '../rule-tester.ts';
import { TEST_ENV } from '../test-env.ts';

testRule('route-coverage', {
  valid: [{ name: 'the flow serves its listed route', change: () => undefined }],
  invalid: [
    {
      name: 'a route not in the list, with a suggestion',
      change: (f) => void (f.routes = ['/prueba', '/pruebas']),
      problems: [
        'Route "/pruebas" is not in the site\'s route list (SPEC_ROUTES in src/engine/routes.ts). Did you mean "/prueba"?',
      ],
    },
    {
      name: 'a route a page also serves',
      change: (f) => void (f.routes = ['/prueba', '/']),
      problems: ['Route "/" is served 2 times: page "home", flows/prueba.json.'],
    },
  ],
});

describe('route-coverage over all files', () => {
  const text = (routes: string[]): string => JSON.stringify({ ...baseFlow(), routes });

  it('reports a listed route that no flow and no page serves, unless the run is partial', () => {
    const files = [{ path: 'flows/a.json', text: text([]) }];
    const full = lintFlows(files, TEST_ENV, { only: ['route-coverage'] });
    expect(full.map((p) => p.message)).toEqual([
      expect.stringContaining('Route "/prueba" of the site\'s route list is served by no flow and no page.'),
    ]);
    expect(lintFlows(files, TEST_ENV, { only: ['route-coverage'], partial: true })).toEqual([]);
  });

  it('reports a route two flows serve, in each of them', () => {
    const files = [
      { path: 'flows/a.json', text: text(['/prueba']) },
      { path: 'flows/b.json', text: text(['/prueba']) },
    ];
    const problems = lintFlows(files, TEST_ENV, { only: ['route-coverage'] });
    expect(problems.map((p) => [p.file, p.message])).toEqual([
      [
        'flows/a.json',
        expect.stringContaining('Route "/prueba" is served 2 times: flows/a.json, flows/b.json.'),
      ],
      ['flows/b.json', expect.stringContaining('served 2 times')],
    ]);
  });
});

describe('route-coverage: where a route no one serves is reported', () => {
  it('on the route list of the flow whose routes are closest to it', () => {
    const env = { ...TEST_ENV, routes: [...TEST_ENV.routes, '/prueba-plus', '/otra'] };
    const files = [
      { path: 'flows/a.json', text: JSON.stringify({ ...baseFlow(), id: 'otra', routes: ['/otra'] }) },
      { path: 'flows/b.json', text: JSON.stringify({ ...baseFlow(), id: 'b', routes: ['/prueba'] }) },
    ];
    const problems = lintFlows(files, env, { only: ['route-coverage'] });
    expect(problems.map((p) => [p.file, p.path, p.message])).toEqual([
      [
        'flows/b.json',
        '/routes',
        expect.stringContaining('Route "/prueba-plus" of the site\'s route list is served by no flow'),
      ],
    ]);
  });
});
