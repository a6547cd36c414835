/**
 * The product flows as the linter sees them: every file under `flows/` read by the linter's own
 * loader (`readFlowDir`), each flow with routes compiled by the engine with every other file
 * as a possible include, exactly as the linter's `engine-compile` rule and the web runtime do.
 * A file that only holds shared steps (no routes) is a fragment, played inside its hosts.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFlow } from '../../src/engine/index.ts';
import type { CompiledFlow, Flow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { parseFlow } from '../../src/linter/json-position.ts';
import { readFlowDir } from '../../src/linter/load-env.ts';
import { includeNameOf } from '../../src/linter/project.ts';
import type { ParsedFlow } from '../../src/linter/types.ts';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface LoadedFlow {
  compiled: CompiledFlow;
  /** The file each flow or fragment id was written in (`flows/moto.json`), parsed for positions. */
  files: ReadonlyMap<string, ParsedFlow>;
}

/** Every flow of `flows/` with routes, compiled, sorted by file. */
export function loadFlows(root = ROOT): LoadedFlow[] {
  const parsed = readFlowDir(root).map((source) => parseFlow(source.path, source.text).file);
  const byName = new Map<string, { flow: Flow; file: ParsedFlow }>();
  for (const file of parsed) {
    const flow = file.data as Flow;
    byName.set(flow.id, { flow, file });
    const name = includeNameOf(file.path);
    if (name !== undefined && !byName.has(name)) byName.set(name, { flow, file });
  }
  const files = new Map<string, ParsedFlow>([...byName].map(([id, v]) => [id, v.file]));
  return parsed
    .filter((file) => ((file.data as Flow).routes ?? []).length > 0)
    .map((file) => {
      const flow = file.data as Flow;
      const fragments: Record<string, Flow> = {};
      for (const [id, other] of byName) if (other.file !== file) fragments[id] = other.flow;
      return { compiled: compileFlow(flow, ENDPOINTS, fragments), files };
    });
}
