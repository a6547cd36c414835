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

describe('the graph page links each node to its file and line', () => {
  const html = readFileSync(join(out, 'moto.html'), 'utf8');
  const lines = readFileSync(new URL('../flows/moto.json', import.meta.url), 'utf8').split('\n');
  const fragment = readFileSync(new URL('../flows/fragments/firma.json', import.meta.url), 'utf8').split(
    '\n',
  );

  it('a step of the flow opens flows/moto.json at the line of its key', () => {
    const m =
      /<li>step preEvaluacion: <a href="vscode:\/\/file\/[^"]*\/flows\/moto\.json:(\d+)">flows\/moto\.json:\1<\/a> \(<a href="\.\.\/\.\.\/flows\/moto\.json">archivo<\/a>\)<\/li>/.exec(
        html,
      );
    expect(m).not.toBeNull();
    expect(lines[Number(m![1]) - 1]).toMatch(/^\s*"preEvaluacion": \{/);
  });

  it('a step of an included fragment opens the fragment file', () => {
    const m =
      /vscode:\/\/file\/[^"]*\/flows\/fragments\/firma\.json:(\d+)">flows\/fragments\/firma\.json:\d+<\/a>/.exec(
        html,
      );
    expect(m).not.toBeNull();
    expect(fragment[Number(m![1]) - 1]).toMatch(/^\s*"\w+": \{/);
  });

  it('makes the drawn nodes clickable, by their graph id', () => {
    expect(html).toContain('"s_preEvaluacion":{"href":"vscode://file/');
    expect(html).toContain("querySelectorAll('g.node[id*=\"flowchart-' + node + '-\"]')");
  });
});

describe('a variant links each node to the file where it is written', () => {
  const html = readFileSync(join(out, 'credinstante-deprecated.html'), 'utf8');
  const text = (file: string): string[] =>
    readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
  const linkOf = (name: string): { file: string; line: number } => {
    const m = new RegExp(`<li>${name}: <a href="vscode://file/[^"]*">([^:]+):(\\d+)</a>`).exec(html);
    expect(m, name).not.toBeNull();
    return { file: m![1]!, line: Number(m![2]) };
  };

  it('a step the variant overrides opens the variant file', () => {
    const { file, line } = linkOf('step simulador');
    expect(file).toBe('flows/credinstante-deprecated.json');
    expect(text(file)[line - 1]).toMatch(/^\s*"simulador": \{/);
  });

  it('a step it inherits opens the base flow, a shared modal the shared file', () => {
    const step = linkOf('step ofertaLista');
    expect(step.file).toBe('flows/credinstante.json');
    expect(text(step.file)[step.line - 1]).toMatch(/^\s*"ofertaLista": \{/);
    const modal = linkOf('modal creditoActivado');
    expect(modal.file).toBe('flows/shared/modals.json');
    expect(text(modal.file)[modal.line - 1]).toMatch(/^\s*"creditoActivado": \{/);
  });
});
