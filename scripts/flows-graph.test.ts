import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeGraphs } from './flows-graph.ts';

const out = mkdtempSync(join(tmpdir(), 'flows-graph-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('npm run flows:graph', () => {
  const ids = writeGraphs(out);
  const mmd = (id: string): string => readFileSync(join(out, `${id}.mmd`), 'utf8');

  it('draws every flow, fragments included', () => {
    expect(ids).toEqual(expect.arrayContaining(['moto', 'consumo', 'firma']));
  });

  it('draws a fragment inside a flow with the values that flow passes, not "$name"', () => {
    expect(mmd('moto')).toContain('enter → moto.lookupProspect');
    expect(mmd('consumo')).toContain('enter → consumo.getSimulation');
    for (const id of ids) expect(mmd(id), id).not.toMatch(/\$[A-Za-z]/);
  });
});
