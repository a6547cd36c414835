/**
 * The flows of a project tree, read from `flows/` the way the site loads them: every file by
 * the name it is included by (`credinstante`, `fragments/firma`).
 */
import { ENDPOINTS } from '../engine/endpoints.ts';
import { compileFlow, type CompiledFlow, type Flow } from '../engine/index.ts';
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

/** Every flow of `root/flows` that serves a route, compiled with the real endpoint registry. */
export function compileProjectFlows(root: string): CompiledFlow[] {
  const library = readFlowLibrary(root);
  return Object.values(library)
    .filter((flow) => Array.isArray(flow.routes) && flow.routes.length > 0)
    .map((flow) => compileFlow(flow, ENDPOINTS, library));
}
