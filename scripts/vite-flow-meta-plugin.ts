/**
 * Vite plugin: `flows/x.json?flow-meta` resolves to the few fields the route table needs
 * (id, title, routes, layout, theme, requiresPromoter, and the form of the start step), so the
 * entry knows every product route without bundling the flows themselves. The full file loads
 * with its route; the start step's form view and form file load beside it instead of after it.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

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
      try {
        flow = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch (error) {
        this.error(`flow-meta: ${file} is not readable JSON (${(error as Error).message}). Run npm run lint:flows.`);
      }
      const meta = {
        id: flow.id,
        title: flow.title,
        routes: Array.isArray(flow.routes) ? flow.routes : [],
        layout: flow.layout ?? 'default',
        theme: flow.theme,
        requiresPromoter: flow.requiresPromoter === true,
        firstForm: firstForm(flow),
      };
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}

/** The form id of the start step when that step is a form view (a lead form, for most products). */
function firstForm(flow: Record<string, unknown>): string | undefined {
  const steps = flow.steps as Record<string, { view?: unknown; form?: unknown }> | undefined;
  const start = typeof flow.start === 'string' ? steps?.[flow.start] : undefined;
  return start?.view === 'form' && typeof start.form === 'string' ? start.form : undefined;
}
