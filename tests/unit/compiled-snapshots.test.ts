/**
 * Every product of `flows/` compiles to the same engine input as the snapshot taken before the
 * flow files were last reorganised (`tests/fixtures/compiled-snapshots/`): a rewrite of a flow
 * for brevity (extends, shared modals, outcome tables, endpoint defaults, notes) changes no
 * step, call, answer, modal or context value. A change of behaviour that is meant rewrites the
 * snapshots: `node --import tsx scripts/compiled-snapshot.ts --write`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compiledSnapshot, SNAPSHOT_DIR } from '../../scripts/compiled-snapshot.ts';
import { compileProjectFlows } from '../../src/linter/load-flows.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const compiled = compileProjectFlows(root);
const stored = readdirSync(SNAPSHOT_DIR)
  .filter((n) => n.endsWith('.json'))
  .map((n) => n.replace(/\.json$/, ''));

describe('compiled flows', () => {
  it('every product with routes has a snapshot, and every snapshot a product', () => {
    expect(compiled.map((c) => c.id).sort()).toEqual([...stored].sort());
  });

  for (const flow of compiled) {
    it(`${flow.id} compiles to its snapshot`, () => {
      const expected = JSON.parse(readFileSync(join(SNAPSHOT_DIR, `${flow.id}.json`), 'utf8')) as unknown;
      expect(JSON.parse(JSON.stringify(compiledSnapshot(flow)))).toEqual(expected);
    });
  }
});
