/**
 * Vite plugin: `flows/x.json?flow-meta` resolves to the few fields the route table needs
 * (id, title, routes, layout, theme, requiresPromoter), so the entry knows every product
 * route without bundling the flows themselves. The full file loads with its route.
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
      };
      return `export default ${JSON.stringify(meta)};`;
    },
  };
}
