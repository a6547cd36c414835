/**
 * The flows of a project tree, read from `flows/` the way the site loads them: every file by
 * the name it is included by (`credinstante`, `fragments/firma`).
 */
import { ENDPOINTS } from '../engine/endpoints.ts';
import { compileFlow, resolveFlow, type CompiledFlow, type Flow } from '../engine/index.ts';
import { includeNameOf } from './project.ts';
import { readFlowDir } from './load-env.ts';

/** Every flow file of `root/flows`, by include name. */
export function readFlowLibrary(root: string): Record<string, Flow> {
  const out: Record<string, Flow> = {};
  for (const source of readFlowDir(root)) {
    const name = includeNameOf(source.path);
    if (name !== undefined) out[name] = JSON.parse(source.text) as Flow;
  }
  return out;
}

/**
 * The flow `name` of `root/flows` as the engine plays it: resolved (`extends`, the shared
 * library, templates, multi-code cases and call defaults undone; see `resolveFlow`), with its
 * fragments still named in `include`. A library already read may be passed.
 */
export function readProjectFlow(
  root: string,
  name: string,
  library: Record<string, Flow> = readFlowLibrary(root),
): Flow {
  if (!Object.hasOwn(library, name)) throw new Error(`No flow "${name}" under ${root}/flows.`);
  return resolveFlow(library[name], library, name).flow;
}

/** Every flow of `root/flows` that serves a route, compiled with the real endpoint registry. */
export function compileProjectFlows(root: string): CompiledFlow[] {
  const library = readFlowLibrary(root);
  return Object.entries(library)
    .map(([name, raw]) => [name, raw, resolveFlow(raw, library, name).flow] as const)
    .filter(([, , flow]) => Array.isArray(flow.routes) && flow.routes.length > 0)
    .map(([, raw]) => compileFlow(raw, ENDPOINTS, library));
}
