/**
 * Vite plugin: `flows/x.json?flow-meta` resolves to the few fields the route table needs
 * (id, title, routes, layout, theme, requiresPromoter, menu, the start step's view and form, the
 * view of each step a link's parameter starts at), so the
 * entry knows every product route without bundling the flows themselves. The full file loads
 * with its route; the start step's form view and form file load beside it instead of after it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { resolveFlow, stepOf, type FlowLibrary } from '../src/engine/resolve-flow.ts';

const QUERY = '?flow-meta';

export function flowMetaPlugin(): Plugin {
  return {
    name: 'flow-meta',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(QUERY)) return null;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      let flow: Record<string, unknown>;
      let library: FlowLibrary;
      try {
        // A variant's title, layout and start step may come from the flow it extends.
        const read = libraryOf(file);
        const { name, dir } = read;
        library = read.library;
        for (const other of Object.keys(library)) this.addWatchFile(join(dir, `${other}.json`));
        flow = resolveFlow(library[name], library, name).flow as unknown as Record<string, unknown>;
      } catch (error) {
        this.error(
          `flow-meta: ${file} is not a readable flow (${(error as Error).message}). Run npm run lint:flows.`,
        );
      }
      const meta = {
        id: flow.id,
        title: flow.title,
        routes: Array.isArray(flow.routes) ? flow.routes : [],
        layout: flow.layout ?? 'default',
        theme: flow.theme,
        requiresPromoter: flow.requiresPromoter === true,
        menu: flow.menu !== false,
        firstForm: firstForm(flow, library),
        firstView: firstView(flow, library),
        linkViews: linkViews(flow, library),
      };
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}

/** The flow files beside `file` (every file under its `flows/` folder), by name, and the name of `file`. */
function libraryOf(file: string): { name: string; library: Record<string, unknown>; dir: string } {
  const at = file.lastIndexOf('/flows/');
  const dir = file.slice(0, at + '/flows'.length);
  const library: Record<string, unknown> = {};
  for (const n of readdirSync(dir, { recursive: true }) as string[]) {
    if (!n.endsWith('.json')) continue;
    library[
      n
        .split(sep)
        .join('/')
        .replace(/\.json$/, '')
    ] = JSON.parse(readFileSync(join(dir, n), 'utf8')) as unknown;
  }
  return {
    name: relative(dir, file)
      .split(sep)
      .join('/')
      .replace(/\.json$/, ''),
    library,
    dir,
  };
}

/** The start step: the flow's own or an included fragment's. */
function startOf(flow: Record<string, unknown>, library: FlowLibrary) {
  return typeof flow.start === 'string' ? stepOf(flow, flow.start, library) : undefined;
}

/** The view of the start step. */
function firstView(flow: Record<string, unknown>, library: FlowLibrary): string | undefined {
  const start = startOf(flow, library);
  return typeof start?.view === 'string' ? start.view : undefined;
}

/**
 * The view of each step a URL parameter starts at (`startFrom`), by parameter, in its order: a
 * step of the flow or of a fragment it includes (a quote's link opens at the quote fragment's).
 */
function linkViews(flow: Record<string, unknown>, library: FlowLibrary): Record<string, string> | undefined {
  const startFrom = flow.startFrom as Record<string, unknown> | null | undefined;
  if (typeof startFrom !== 'object' || startFrom === null) return undefined;
  const views = Object.entries(startFrom).map(([param, step]) => {
    const view = typeof step === 'string' ? stepOf(flow, step, library)?.view : undefined;
    return [param, typeof view === 'string' ? view : ''] as const;
  });
  return views.length > 0 ? Object.fromEntries(views) : undefined;
}

/** The form id of the start step when that step is a form view (a lead form, for most products). */
function firstForm(flow: Record<string, unknown>, library: FlowLibrary): string | undefined {
  const start = startOf(flow, library);
  return start?.view === 'form' && typeof start.form === 'string' ? start.form : undefined;
}
