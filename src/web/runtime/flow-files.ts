/**
 * The flow files of the site, discovered at build time. The route table needs only each
 * file's routes, title, layout, theme, promoter flag and menu flag (`?flow-meta`, a few bytes each,
 * produced by the `flow-meta` Vite plugin); the whole flow loads lazily with its route.
 */
import type { Flow, LayoutId, ThemeId } from '../../engine/flow-types.ts';
import { flowNeeds } from '../../engine/resolve-flow.ts';

/** What the route table knows about a flow file before loading it. */
export interface FlowMeta {
  id: string;
  title: string;
  routes: string[];
  layout: LayoutId;
  theme?: ThemeId;
  requiresPromoter?: boolean;
  /** False when the flow's pages have no side drawer and no home link (`"menu": false`). */
  menu?: boolean;
  /** The form of the start step when it is a form view: fetched beside the flow file. */
  firstForm?: string;
  /** The view of the start step. */
  firstView?: string;
  /** The view of each step a URL parameter starts at (`startFrom`), by parameter, in its order. */
  linkViews?: Record<string, string>;
}

// Fragments live in folders (`flows/fragments/firma.json`) and are included by that path (`fragments/firma`).
const metas = import.meta.glob<FlowMeta>('/flows/**/*.json', {
  query: '?flow-meta',
  import: 'default',
  eager: true,
});
const loaders = import.meta.glob<Flow>('/flows/**/*.json', { import: 'default' });

/** Every flow file with routes, by file path. */
export function flowMetas(): { file: string; meta: FlowMeta }[] {
  return Object.entries(metas)
    .filter(([, meta]) => meta.routes.length > 0)
    .map(([file, meta]) => ({ file, meta }));
}

function fileOf(idOrName: string): string | undefined {
  const byId = Object.entries(metas).find(([, meta]) => meta.id === idOrName)?.[0];
  if (byId) return byId;
  const byName = `/flows/${idOrName}.json`;
  return byName in loaders ? byName : undefined;
}

/** The name a file is referred to by: its path under flows/ without `.json` (`fragments/firma`). */
const nameOf = (file: string): string => file.replace(/^\/flows\//, '').replace(/\.json$/, '');

/**
 * A flow and the other flow files it needs (the flow it extends, the fragments it includes, the
 * shared library, by name), loaded lazily: `compileFlow(flow, ENDPOINTS, fragments)` resolves it.
 */
export async function loadFlow(file: string): Promise<{ flow: Flow; fragments: Record<string, Flow> }> {
  const load = loaders[file];
  if (!load) throw new Error(`No flow file ${file}: it is not under flows/.`);
  const flow = await load();
  const fragments: Record<string, Flow> = {};
  const known = Object.keys(loaders).map(nameOf);
  const queue = flowNeeds(flow, known).map((name) => ({ name, by: flow.id }));
  while (queue.length > 0) {
    const { name, by } = queue.shift()!;
    if (Object.hasOwn(fragments, name)) continue;
    const needed = fileOf(name);
    const loadNeeded = needed ? loaders[needed] : undefined;
    if (!loadNeeded)
      throw new Error(`Flow "${by}" needs "${name}", but no flows/*.json has that id or name.`);
    const data = await loadNeeded();
    fragments[name] = data;
    for (const more of flowNeeds(data, [])) queue.push({ name: more, by: name });
  }
  return { flow, fragments };
}
