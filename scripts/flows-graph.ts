/**
 * `npm run flows:graph`: for each flow of `flows/`, writes `reports/flows/<id>.mmd` (a Mermaid
 * flowchart: steps with number and view, modals, exits, and the codes on each edge) and
 * `reports/flows/<id>.html`, which opens offline in any browser (Mermaid is inlined).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '../src/engine/endpoints.ts';
import type { Flow } from '../src/engine/flow-types.ts';
import { bindParams, defaultValues, passedParams, substituteParams } from '../src/engine/fragment-params.ts';
import { isObj, type Obj } from '../src/linter/flow-walk.ts';
import { buildGraph, toMermaid } from '../src/linter/graph.ts';
import { editorLink, nodeSources } from '../src/linter/graph-sources.ts';
import { readFlowDir } from '../src/linter/load-env.ts';
import type { FlowSource } from '../src/linter/types.ts';
import { includeNameOf } from '../src/linter/project.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A standalone page showing the diagram; the Mermaid browser build is inlined so it works offline. */
export function graphPage(flow: Obj, mermaidText: string, mermaidJs: string, links: readonly NodeLink[] = []): string {
  const id = String(flow.id);
  const routes = Array.isArray(flow.routes) ? flow.routes.join(', ') : '';
  // A literal "</script" inside the inlined code would end the script element early.
  const js = mermaidJs.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<title>Flujo ${escapeHtml(id)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #212529; }
  .legend { color: #495057; font-size: 0.9rem; }
  .mermaid { background: #fff; }
  .sources { columns: 2; font-size: 0.85rem; }
  .sources a { font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>Flujo ${escapeHtml(id)}</h1>
<p class="legend">Rutas: ${escapeHtml(routes || '(fragmento incluido por otros flujos)')}. Rectángulos: pasos (número · vista); hexágonos: modales; cápsulas: salidas. Líneas punteadas: fallas, tiempos de espera y temporizadores.</p>
<pre class="mermaid">
${escapeHtml(mermaidText)}</pre>
<h2>Dónde se edita cada nodo</h2>
<p class="legend">Un clic en un nodo del diagrama, o en su enlace, abre el archivo en esa línea en VS Code; «archivo» abre el JSON en el navegador.</p>
<ul class="sources">
${links.map((l) => `<li>${escapeHtml(l.name)}: <a href="${escapeHtml(l.href)}">${escapeHtml(`${l.file}:${l.line}`)}</a> (<a href="${escapeHtml(l.relative)}">archivo</a>)</li>`).join('\n')}
</ul>
<script>${js}</script>
<script>
mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', maxTextSize: 500000, flowchart: { useMaxWidth: false } });
const links = ${JSON.stringify(Object.fromEntries(links.map((l) => [l.node, { href: l.href, title: `${l.file}:${l.line}` }]))).replace(/</g, '\\u003c')};
// Each node opens its file at its line (Mermaid's own click links need a looser security level).
mermaid.run().then(() => {
  for (const [node, link] of Object.entries(links)) {
    for (const el of document.querySelectorAll('g.node[id*="flowchart-' + node + '-"]')) {
      el.style.cursor = 'pointer';
      el.addEventListener('click', () => { window.location.href = link.href; });
      const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
      title.textContent = link.title;
      el.appendChild(title);
    }
  }
});
</script>
</body>
</html>
`;
}

/** Where a graph node is written, as the page links it. */
export interface NodeLink {
  node: string;
  name: string;
  file: string;
  line: number;
  /** Opens the file at the line in VS Code. */
  href: string;
  /** The file from reports/flows/. */
  relative: string;
}

/** The links of the nodes drawn from `files` (the flow and the fragments it includes). */
export function nodeLinks(files: readonly FlowSource[], projectRoot: string = root): NodeLink[] {
  return files.flatMap((f) =>
    nodeSources(f).map((s) => ({ ...s, href: editorLink(projectRoot, s.file, s.line), relative: `../../${s.file}` })),
  );
}

/** A parsed flow file read as a flow (the linter has reported what is wrong with it). */
const asFlow = (o: Obj): Flow => o as unknown as Flow;

/** `flow` with its steps and modals' `"$name"` references replaced by `values`. */
function withParams(flow: Obj, values: Record<string, string>): Obj {
  return { ...flow, ...substituteParams({ steps: flow.steps, modals: flow.modals }, values) };
}

/** Writes the diagrams; returns the ids written. */
export function writeGraphs(outDir = join(root, 'reports', 'flows')): string[] {
  const sources = readFlowDir(root);
  const named = new Map<string, unknown>();
  const sourceOf = new Map<unknown, FlowSource>();
  const flows = sources
    .map((f) => {
      try {
        const data = JSON.parse(f.text) as unknown;
        sourceOf.set(data, f);
        // Fragments in folders are included by their path under flows/ (`fragments/firma`).
        const name = includeNameOf(f.path);
        if (name !== undefined) named.set(name, data);
        return data;
      } catch {
        process.stderr.write(`Skipping ${f.path}: not valid JSON (run npm run lint:flows).\n`);
        return null;
      }
    })
    .filter(isObj);
  const byId = new Map(flows.map((f) => [String(f.id), f]));
  const require = createRequire(import.meta.url);
  const mermaidJs = readFileSync(
    join(dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js'),
    'utf8',
  );
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const flow of flows) {
    const id = String(flow.id);
    // A fragment's "$name" parameters are drawn with the values this flow passes (a fragment on
    // its own, with its defaults), as the engine plays them: real steps and calls, not "$name".
    const files = [sourceOf.get(flow)];
    const fragments = (Array.isArray(flow.include) ? flow.include : []).flatMap((i) => {
      const fragment = byId.get(String(i)) ?? named.get(String(i));
      if (!isObj(fragment)) return [];
      files.push(sourceOf.get(fragment));
      return [withParams(fragment, bindParams(asFlow(fragment), passedParams(asFlow(flow), String(i))).values)];
    });
    const codeField = (endpoint: string): string | null | undefined =>
      (ENDPOINTS as Record<string, { codeField: string | null }>)[endpoint]?.codeField;
    const own = withParams(flow, defaultValues(asFlow(flow)));
    const mmd = toMermaid(buildGraph(own, fragments, codeField));
    writeFileSync(join(outDir, `${id}.mmd`), mmd);
    const links = nodeLinks(files.filter((f): f is FlowSource => f !== undefined));
    writeFileSync(join(outDir, `${id}.html`), graphPage(flow, mmd, mermaidJs, links));
    written.push(id);
  }
  return written;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const ids = writeGraphs();
    process.stdout.write(
      `Wrote ${ids.length} flow diagram${ids.length === 1 ? '' : 's'} to reports/flows/: ${ids.map((i) => `${i}.html`).join(', ')}\n`,
    );
  } catch (error) {
    process.stderr.write(
      `flows:graph could not run: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  }
}
