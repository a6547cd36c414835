/**
 * Vite plugin (build only): writes `.vite/route-preloads.json`, the files each product route
 * needs for its first screen beyond the entry, so the server can name them in the page it
 * answers (`<link rel="modulepreload">`, `src/server/route-preloads.ts`).
 *
 * Without it a product page loads as a chain of round trips: the HTML, the entry, then the
 * router asks for the flow file, the runner and the first view, then the first view asks for
 * its form. With the list in the HTML, the browser fetches all of them at once, beside the
 * entry.
 *
 * A route's first screen is what the router and the runner load before they draw the start
 * step of its flow (`src/web/app/router.tsx`, `src/web/views/registry.ts`): the runner
 * (`flow-page.tsx`) and every text of the site, the flow file and the fragments it includes,
 * the start step's view and its form file, and the view of each step a link's parameter starts
 * at (`startFrom`).
 * Each of those comes with the chunks it imports statically and their stylesheets. Files the
 * entry already brings are left out: `index.html` names them. Promoter-only routes are left
 * out too: they open on the login page until a promoter signs in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { RoutePreloads } from '../src/server/route-preloads.ts';
import { flowClosure, resolveFlow, stepOf } from '../src/engine/resolve-flow.ts';

/** Where the map goes, under the build's output directory. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What the runner loads for every flow, relative to the project root. */
const RUNNER = 'src/web/runtime/flow-page.tsx';
const TEXTS = 'i18n/es-PE.json';
const viewModule = (view: string) => `src/web/views/${view}-view.tsx`;
/** Form files load through the form-validators plugin, whose module ids end in `.json.js`. */
const formModule = (form: string) => `schemas/forms/${form}.json`;

/** The part of a flow file this plugin reads. */
/** What the map reads of a flow file. */
export interface FlowFile {
  id?: string;
  routes?: string[];
  requiresPromoter?: boolean;
  include?: string[];
  start?: string;
  startFrom?: Record<string, string> | null;
  steps?: Record<string, { view?: string; form?: string }>;
}

/** A route and the modules (paths relative to the project root) its first screen loads. */
export interface FirstScreen {
  route: string;
  modules: string[];
}

/** The part of an output chunk this plugin reads (Rollup/Rolldown `OutputChunk`). */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
  /** Chunks it imports with `import()`: the entry's are what it starts with (`src/web/main.tsx`). */
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Every `*.json` under `dir`, as paths relative to `root`. */
export function jsonFiles(root: string, dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return jsonFiles(root, path);
    return d.name.endsWith('.json') ? [relative(root, path)] : [];
  });
}

/**
 * The first screen of every product route, from the flow files under `flowsDir`. `flows`
 * maps each file (relative to `root`, e.g. `flows/credinstante.json`) to its content.
 * Promoter-only routes are left out (the server sends a visitor without a session to the
 * login) unless `promoterOnly` asks for them (the size report measures them too).
 */
export function firstScreens(
  flows: Record<string, FlowFile>,
  { promoterOnly = false }: { promoterOnly?: boolean } = {},
): FirstScreen[] {
  const byId = new Map(Object.entries(flows).map(([file, flow]) => [flow.id, file]));
  // Files are named by their path under flows/ (`fragments/firma`), as `extends` and `include` name them.
  const nameOf = (file: string) => file.replace(/^flows\//, '').replace(/\.json$/, '');
  const library: Record<string, FlowFile> = Object.fromEntries(
    Object.entries(flows).map(([file, flow]) => [nameOf(file), flow]),
  );
  for (const flow of Object.values(flows)) if (typeof flow.id === 'string') library[flow.id] ??= flow;
  const screens: FirstScreen[] = [];
  for (const [file, raw] of Object.entries(flows)) {
    const flow = resolveFlow(raw, library, nameOf(file)).flow as FlowFile;
    if (!flow.routes?.length || (flow.requiresPromoter && !promoterOnly)) continue;
    // What the runtime loads with the flow: the flow it extends, its fragments (by id or by path
    // under flows/) and the shared library (`src/web/runtime/flow-files.ts`).
    const fragments = flowClosure(nameOf(file), library)
      .slice(1)
      .map((n) => byId.get(n) ?? `flows/${n}.json`)
      .filter((f) => f in flows);
    // The start step, like a link's, may be an included fragment's.
    const start = flow.start ? stepOf(flow as Record<string, unknown>, flow.start, library) : undefined;
    const modules = [RUNNER, TEXTS, file, ...fragments];
    if (typeof start?.view === 'string') modules.push(viewModule(start.view));
    if (start?.view === 'form' && typeof start.form === 'string') modules.push(formModule(start.form));
    // A link's page is drawn at the step its parameter starts at (`startFrom`), which may be a fragment's.
    for (const step of Object.values(flow.startFrom ?? {})) {
      const view = stepOf(flow as Record<string, unknown>, step, library)?.view;
      if (typeof view === 'string' && !modules.includes(viewModule(view))) modules.push(viewModule(view));
    }
    for (const route of flow.routes) screens.push({ route, modules });
  }
  return screens.sort((a, b) => a.route.localeCompare(b.route));
}

/** The module path (relative to `root`) of a module id of the bundle, or undefined for virtual modules of other plugins. */
function modulePath(root: string, id: string): string {
  const path = id.replace(/^\0form-validators:/, '').replace(/\.json\.js$/, '.json');
  return relative(root, path).split('\\').join('/');
}

/**
 * The preload map: for each first screen, the chunks holding its modules, every chunk they
 * import statically, and their stylesheets, less what the entry brings. Paths are URLs under
 * `base`. Fails naming the module when one is in no chunk, since the map would then promise
 * files the route does not load (a renamed view or runner: update this plugin).
 */
export function routePreloads(
  root: string,
  chunks: ChunkInfo[],
  screens: FirstScreen[],
  base = '/',
): RoutePreloads {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const byModule = new Map<string, ChunkInfo>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) byModule.set(modulePath(root, id), chunk);
  const closure = (start: ChunkInfo[]): ChunkInfo[] => {
    const seen = new Map<string, ChunkInfo>();
    const visit = (chunk: ChunkInfo) => {
      if (seen.has(chunk.fileName)) return;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const next = byFile.get(file);
        if (next) visit(next);
      }
    };
    start.forEach(visit);
    return [...seen.values()];
  };
  const cssOf = (list: ChunkInfo[]) => list.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
  // The entry and what it starts with (React's DOM renderer, the site), which the boot script
  // asks for with it (`scripts/vite-boot-script-plugin.ts`).
  const entries = chunks.filter((c) => c.isEntry);
  const started = entries.flatMap((c) => c.dynamicImports ?? []).flatMap((f) => byFile.get(f) ?? []);
  const entry = closure([...entries, ...started]);
  const entryFiles = new Set([...entry.map((c) => c.fileName), ...cssOf(entry)]);
  const url = (file: string) => `${base}${file}`;

  const routes: RoutePreloads['routes'] = {};
  for (const screen of screens) {
    const start = screen.modules.map((module) => {
      const chunk = byModule.get(module);
      if (!chunk)
        throw new Error(
          `route-preloads: ${screen.route} loads ${module} first, but no chunk of the build holds it. If it was renamed or moved, update scripts/vite-route-preload-plugin.ts.`,
        );
      return chunk;
    });
    const needed = closure(start);
    const js = [...new Set(needed.map((c) => c.fileName))].filter((f) => !entryFiles.has(f));
    const css = [...new Set(cssOf(needed))].filter((f) => !entryFiles.has(f));
    routes[screen.route] = { js: js.map(url), css: css.map(url) };
  }
  return { routes };
}

/** The plugin: reads `flows/` and emits the map beside Vite's manifest. */
export function routePreloadPlugin(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    // After Vite's own (`order: 'post'`): Vite removes a chunk that only carries CSS (a
    // stylesheet two views share) and moves its CSS to the chunks importing it. Read before,
    // the map named that chunk's JS file, which is never written: a 404 on the first screen.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const flowsDir = resolve(root, 'flows');
        const flows = Object.fromEntries(
          jsonFiles(root, flowsDir).map((file) => {
            try {
              return [file, JSON.parse(readFileSync(join(root, file), 'utf8')) as FlowFile];
            } catch (error) {
              this.error(
                `route-preloads: ${file} is not readable JSON (${(error as Error).message}). Run npm run lint:flows.`,
              );
            }
          }),
        );
        const chunks = Object.values(bundle).filter(
          (o): o is typeof o & ChunkInfo => o.type === 'chunk',
        ) as ChunkInfo[];
        let map: RoutePreloads;
        try {
          map = routePreloads(root, chunks, firstScreens(flows), base);
        } catch (error) {
          this.error((error as Error).message);
        }
        this.emitFile({
          type: 'asset',
          fileName: ROUTE_PRELOADS_FILE,
          source: `${JSON.stringify(map, null, 2)}\n`,
        });
      },
    },
  };
}
