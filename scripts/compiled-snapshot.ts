/**
 * A canonical JSON picture of a compiled flow: what the engine plays, without what is only
 * source-level (analysts' notes, where a step was written). Two flow files that compile to the
 * same picture behave the same. `tests/unit/compiled-snapshots.test.ts` holds every product of
 * `flows/` against `tests/fixtures/compiled-snapshots/<id>.json`;
 * `node --import tsx scripts/compiled-snapshot.ts --write` rewrites those files (only when a
 * change of behaviour is meant).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledFlow } from '../src/engine/index.ts';

/** Top-level fields of the merged flow that the runtime reads. */
const PLAYED = [
  'id',
  'title',
  'routes',
  'layout',
  'theme',
  'progress',
  'context',
  'params',
  'requiresPromoter',
  'menu',
  'start',
  'steps',
  'modals',
];

function canon(value: unknown, key?: string): unknown {
  if (typeof value === 'function') return '[compiled]';
  if (value instanceof Map) return canon(Object.fromEntries(value));
  if (Array.isArray(value)) {
    const items = value.map((v) => canon(v));
    // Decision-table cases are disjoint equalities: their order does not change what happens.
    if (key === 'rules' && items.every((r) => typeof r === 'object' && r !== null)) {
      const rules = items as Record<string, unknown>[];
      const logic = rules.filter((r) => r.code === undefined);
      const cases = rules
        .filter((r) => r.code !== undefined)
        .sort((a, b) => String(a.code).localeCompare(String(b.code)));
      return [...logic, ...cases];
    }
    return items;
  }
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (k === 'note' || k === 'origin' || v === undefined) continue;
    if (k === 'endpoint' && typeof v === 'object' && v !== null && 'id' in v) {
      out[k] = (v as { id: string }).id;
      continue;
    }
    out[k] = canon(v, k);
  }
  return out;
}

/** The canonical picture of `compiled` (plain JSON, keys sorted, notes and origins left out). */
export function compiledSnapshot(compiled: CompiledFlow): unknown {
  const flow = compiled.flow as unknown as Record<string, unknown>;
  const played = Object.fromEntries(PLAYED.filter((k) => flow[k] !== undefined).map((k) => [k, flow[k]]));
  return canon({ ...compiled, flow: played });
}

export const SNAPSHOT_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'tests',
  'fixtures',
  'compiled-snapshots',
);

if (
  process.argv[1] !== undefined &&
  resolve(process.argv[1]) === fileURLToPath(import.meta.url) &&
  process.argv.includes('--write')
) {
  const { compileProjectFlows } = await import('../src/linter/load-flows.ts');
  mkdirSync(SNAPSHOT_DIR, { recursive: true });
  for (const compiled of compileProjectFlows(resolve(SNAPSHOT_DIR, '..', '..', '..'))) {
    writeFileSync(
      join(SNAPSHOT_DIR, `${compiled.id}.json`),
      JSON.stringify(compiledSnapshot(compiled), null, 1) + '\n',
    );
    process.stdout.write(`${compiled.id}\n`);
  }
}
