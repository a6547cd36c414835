import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowMetaPlugin } from './vite-flow-meta-plugin.ts';

/** A `flows/` folder as an analyst writes it: a product, its variant, a fragment and a shared template. */
const FILES: Record<string, unknown> = {
  'producto.json': {
    id: 'producto',
    title: 'app.producto',
    routes: ['/producto'],
    theme: 'verde',
    include: ['fragments/cotizacion'],
    start: 'lead',
    startFrom: { cotizacion: 'cargarCotizacion', nada: 'noExiste' },
    steps: {
      lead: { number: 1, view: 'form', form: 'lead-producto', title: 'app.lead' },
      fin: { use: 'cierre', number: 2 },
    },
  },
  'producto-variante.json': {
    extends: 'producto',
    id: 'producto-variante',
    routes: ['/producto-variante'],
    requiresPromoter: true,
    menu: false,
    steps: { lead: { form: 'lead-variante' } },
  },
  'fragments/cotizacion.json': {
    id: 'cotizacion',
    routes: [],
    start: 'cargarCotizacion',
    steps: { cargarCotizacion: { number: 1, view: 'loading' }, resumen: { number: 2, view: 'summary' } },
  },
  'desde-fragmento.json': {
    id: 'desde-fragmento',
    routes: ['/desde-fragmento'],
    include: ['fragments/cotizacion'],
    start: 'resumen',
    steps: {},
  },
  'shared/steps.json': {
    stepTemplates: { cierre: { view: 'message', props: { title: 'm.t' } } },
  },
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'flow-meta-'));
  for (const [name, content] of Object.entries(FILES)) {
    const file = join(dir, 'flows', name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(content));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The plugin's `load` hook, called with the few context methods it uses. */
type LoadHook = (this: unknown, id: string) => string | null;
const loadHook = flowMetaPlugin().load as unknown as LoadHook;

interface LoadContext {
  watched: string[];
  addWatchFile(file: string): void;
  error(message: string): never;
}

/** What the entry imports for `flows/<name>.json?flow-meta`, and the files Vite is told to watch. */
function load(name: string): { meta: Record<string, unknown>; watched: string[] } {
  const context: LoadContext = {
    watched: [],
    addWatchFile(file) {
      this.watched.push(file);
    },
    error(message) {
      throw new Error(message);
    },
  };
  const code = loadHook.call(context, join(dir, 'flows', `${name}.json?flow-meta`));
  if (code === null) throw new Error('the plugin did not load the module');
  const json = code.replace(/^export default /, '').replace(/;$/, '');
  return { meta: JSON.parse(json) as Record<string, unknown>, watched: context.watched };
}

describe('flowMetaPlugin', () => {
  /** What the route table gets for `producto`. */
  const PRODUCTO = {
    id: 'producto',
    title: 'app.producto',
    routes: ['/producto'],
    layout: 'default',
    theme: 'verde',
    requiresPromoter: false,
    menu: true,
    firstForm: 'lead-producto',
    firstView: 'form',
    // The quote link starts in the included fragment; a parameter naming no step has no view.
    linkViews: { cotizacion: 'loading', nada: '' },
  };

  it("gives the route table a product's fields, its first form and the view each link starts at", () => {
    expect(load('producto').meta).toEqual(PRODUCTO);
  });

  it('reads a variant as its base with what it changes laid over', () => {
    expect(load('producto-variante').meta).toEqual({
      ...PRODUCTO,
      id: 'producto-variante',
      routes: ['/producto-variante'],
      requiresPromoter: true,
      menu: false,
      firstForm: 'lead-variante',
    });
  });

  it('finds a start step in an included fragment, and has no first form when it is not a form', () => {
    const { meta } = load('desde-fragmento');
    expect(meta.firstView).toBe('summary');
    expect(meta.firstForm).toBeUndefined();
    expect(meta.linkViews).toBeUndefined();
  });

  it('watches every flow file, so editing a base, a fragment or a template reloads the meta', () => {
    const { watched } = load('producto-variante');
    for (const name of Object.keys(FILES)) expect(watched).toContain(join(dir, 'flows', name));
  });

  it('leaves other modules alone', () => {
    expect(loadHook.call({}, join(dir, 'flows', 'producto.json'))).toBeNull();
  });

  it('names the file and the way to find the fault when a flow cannot be read', () => {
    writeFileSync(join(dir, 'flows', 'roto.json'), '{ "id": ');
    try {
      expect(() => load('producto')).toThrow(
        /flow-meta: .*producto\.json is not a readable flow .*npm run lint:flows/,
      );
    } finally {
      rmSync(join(dir, 'flows', 'roto.json'));
    }
  });
});
