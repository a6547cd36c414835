import { describe, expect, it } from 'vitest';
import { firstScreens, routePreloads, type ChunkInfo } from './vite-route-preload-plugin.ts';

const ROOT = '/project';

/** A chunk of a fake build: `modules` relative to the root, `imports` by file name. */
const chunk = (
  fileName: string,
  modules: string[],
  imports: string[] = [],
  css: string[] = [],
  isEntry = false,
  dynamicImports: string[] = [],
): ChunkInfo => ({
  type: 'chunk',
  fileName,
  isEntry,
  moduleIds: modules.map((m) => (m.startsWith('\0') ? m : `${ROOT}/${m}`)),
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css) },
});

/** A build shaped like the site's: entry, runner, texts, flows, views, form loader and forms. */
const CHUNKS: ChunkInfo[] = [
  // The entry starts with React's DOM renderer, then the site (`src/web/main.tsx`).
  chunk('assets/index-e1.js', ['index.html', 'src/web/main.tsx'], [], ['assets/index-c1.css'], true, [
    'assets/react-r1.js',
    'assets/start-s1.js',
  ]),
  chunk('assets/react-r1.js', ['node_modules/react/index.js']),
  chunk('assets/start-s1.js', ['src/web/start.tsx', 'i18n/es-PE.json?shell'], ['assets/react-r1.js']),
  chunk(
    'assets/flow-page-f1.js',
    ['src/web/runtime/flow-page.tsx'],
    ['assets/react-r1.js', 'assets/start-s1.js', 'assets/client-k1.js'],
    ['assets/flow-page-c2.css'],
  ),
  chunk('assets/client-k1.js', ['src/web/api/client.ts']),
  chunk('assets/es-PE-t1.js', ['i18n/es-PE.json']),
  chunk('assets/credinstante-x1.js', ['flows/credinstante.json']),
  chunk('assets/consumo-x2.js', ['flows/consumo.json']),
  chunk('assets/firma-x3.js', ['flows/fragments/firma.json']),
  chunk('assets/prospectos-x4.js', ['flows/prospectos.json']),
  chunk('assets/observados-x5.js', ['flows/observados.json']),
  chunk(
    'assets/form-view-v1.js',
    ['src/web/views/form-view.tsx'],
    ['assets/load-form-l1.js'],
    ['assets/form-view-c3.css'],
  ),
  chunk('assets/load-form-l1.js', ['src/web/views/form/load-form.ts']),
  chunk(
    'assets/lead-credinstante.json-j1.js',
    [`\0form-validators:${ROOT}/schemas/forms/lead-credinstante.json.js`],
    ['assets/formats-p1.js'],
  ),
  chunk(
    'assets/lead-consumo.json-j2.js',
    [`\0form-validators:${ROOT}/schemas/forms/lead-consumo.json.js`],
    ['assets/formats-p1.js'],
  ),
  chunk('assets/formats-p1.js', ['src/web/views/form/precompiled-formats.ts']),
  chunk('assets/questions-view-v2.js', ['src/web/views/questions-view.tsx'], ['assets/vendor-a1.js']),
  chunk('assets/vendor-a1.js', ['node_modules/dayjs/esm/index.js']),
];

const FLOWS = {
  'flows/credinstante.json': {
    id: 'credinstante',
    routes: ['/credinstante'],
    start: 'lead',
    steps: { lead: { view: 'form', form: 'lead-credinstante' } },
  },
  'flows/consumo.json': {
    id: 'consumo',
    routes: ['/consumo', '/consumo-alfin'],
    include: ['firma'],
    start: 'lead',
    steps: { lead: { view: 'form', form: 'lead-consumo' } },
  },
  'flows/fragments/firma.json': { id: 'firma', routes: [], start: 'x', steps: { x: { view: 'questions' } } },
  'flows/observados.json': {
    id: 'observados',
    routes: ['/credinstante/observados/:token?'],
    start: 'preguntas',
    steps: { preguntas: { view: 'questions' } },
  },
  'flows/prospectos.json': {
    id: 'prospectos',
    routes: ['/prospectos'],
    requiresPromoter: true,
    start: 'lead',
    steps: { lead: { view: 'form', form: 'lead-consumo' } },
  },
};

describe('first screens of the product routes', () => {
  it('a product that opens on a form loads the runner, the texts, its flow, the form view and that form', () => {
    const screens = firstScreens(FLOWS);
    expect(screens.find((s) => s.route === '/credinstante')?.modules).toEqual([
      'src/web/runtime/flow-page.tsx',
      'i18n/es-PE.json',
      'flows/credinstante.json',
      'src/web/views/form-view.tsx',
      'schemas/forms/lead-credinstante.json',
    ]);
  });

  it('the fragments a flow includes load with it, on every route of the flow', () => {
    const screens = firstScreens(FLOWS);
    for (const route of ['/consumo', '/consumo-alfin']) {
      expect(screens.find((s) => s.route === route)?.modules, route).toContain('flows/fragments/firma.json');
    }
  });

  it('a link’s start step brings its view, also when the step is an included fragment’s (a quote link)', () => {
    const flows = {
      ...FLOWS,
      'flows/consumo.json': { ...FLOWS['flows/consumo.json'], startFrom: { cotizacion: 'x' } },
    };
    const modules = firstScreens(flows).find((s) => s.route === '/consumo')?.modules;
    expect(modules).toContain('src/web/views/questions-view.tsx');
    // A start step in a fragment brings its view the same way (here with no link to bring it).
    const fromFragment = { ...FLOWS, 'flows/consumo.json': { ...FLOWS['flows/consumo.json'], start: 'x' } };
    expect(firstScreens(fromFragment).find((s) => s.route === '/consumo')?.modules).toContain(
      'src/web/views/questions-view.tsx',
    );
    // Without the link the form's product does not bring the fragment's view.
    expect(firstScreens(FLOWS).find((s) => s.route === '/consumo')?.modules).not.toContain(
      'src/web/views/questions-view.tsx',
    );
  });

  it('a view other than the form brings its own module; fragments and promoter-only flows have no screen of their own', () => {
    const screens = firstScreens(FLOWS);
    expect(screens.find((s) => s.route === '/credinstante/observados/:token?')?.modules).toEqual(
      expect.arrayContaining(['src/web/views/questions-view.tsx']),
    );
    expect(screens.map((s) => s.route)).toEqual([
      '/consumo',
      '/consumo-alfin',
      '/credinstante',
      '/credinstante/observados/:token?',
    ]);
  });
});

describe('the route → preload map', () => {
  const map = routePreloads(ROOT, CHUNKS, firstScreens(FLOWS));

  it('names every chunk of the first screen with its static imports and stylesheets, as URLs', () => {
    expect(map.routes['/credinstante']).toEqual({
      js: [
        '/assets/flow-page-f1.js',
        '/assets/client-k1.js',
        '/assets/es-PE-t1.js',
        '/assets/credinstante-x1.js',
        '/assets/form-view-v1.js',
        '/assets/load-form-l1.js',
        '/assets/lead-credinstante.json-j1.js',
        '/assets/formats-p1.js',
      ],
      css: ['/assets/flow-page-c2.css', '/assets/form-view-c3.css'],
    });
  });

  it('leaves out what the entry already brings (and what it starts with), and files of other products', () => {
    const all = Object.values(map.routes).flatMap((r) => [...r.js, ...r.css]);
    for (const file of [
      '/assets/index-e1.js',
      '/assets/react-r1.js',
      '/assets/start-s1.js',
      '/assets/index-c1.css',
    ])
      expect(all).not.toContain(file);
    expect(map.routes['/credinstante']?.js).not.toContain('/assets/lead-consumo.json-j2.js');
    expect(map.routes['/consumo']?.js).toEqual(
      expect.arrayContaining([
        '/assets/consumo-x2.js',
        '/assets/firma-x3.js',
        '/assets/lead-consumo.json-j2.js',
      ]),
    );
    expect(map.routes['/credinstante/observados/:token?']?.js).toEqual(
      expect.arrayContaining([
        '/assets/questions-view-v2.js',
        // What the view's chunk imports statically comes with it.
        '/assets/vendor-a1.js',
      ]),
    );
  });

  it('has no entry for the home page nor for promoter-only products', () => {
    expect(Object.keys(map.routes)).not.toContain('/');
    expect(Object.keys(map.routes)).not.toContain('/prospectos');
  });

  it('a module the first screen needs but no chunk holds fails the build, naming the route and the module', () => {
    const withoutRunner = CHUNKS.filter((c) => c.fileName !== 'assets/flow-page-f1.js');
    expect(() => routePreloads(ROOT, withoutRunner, firstScreens(FLOWS))).toThrow(
      /\/consumo loads src\/web\/runtime\/flow-page\.tsx first/,
    );
  });

  it('prefixes the URLs with the site’s base path', () => {
    const based = routePreloads(ROOT, CHUNKS, firstScreens(FLOWS), '/app/');
    expect(based.routes['/credinstante']?.js[0]).toBe('/app/assets/flow-page-f1.js');
  });
});
