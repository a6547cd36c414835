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
import { buildGraph, toMermaid, type VariantMarks } from '../src/linter/graph.ts';
import { resolveFlow, SHARED_PREFIX } from '../src/engine/resolve-flow.ts';
import { editorLink, resolvedNodeSources } from '../src/linter/graph-sources.ts';
import { readFlowDir } from '../src/linter/load-env.ts';
import type { FlowSource } from '../src/linter/types.ts';
import { includeNameOf } from '../src/linter/project.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A standalone page showing the diagram; the Mermaid browser build is inlined so it works offline. */
export function graphPage(
  flow: Obj,
  mermaidText: string,
  mermaidJs: string,
  bases: readonly string[] = [],
  links: readonly NodeLink[] = [],
): string {
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
</style>
</head>
<body>
<h1>Flujo ${escapeHtml(id)}</h1>
<p class="legend">Rutas: ${escapeHtml(routes || '(fragmento incluido por otros flujos)')}. Rectángulos: pasos (número · vista); hexágonos: modales; cápsulas: salidas. Líneas punteadas: fallas, tiempos de espera y temporizadores. ✎: nota del analista.${bases.length ? ` Variante de ${escapeHtml(bases.join(' → '))}: borde rojo discontinuo = lo que esta variante cambia; borde rojo continuo = lo que agrega.` : ''}</p>
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

/** A parsed flow file read as a flow (the linter has reported what is wrong with it). */
const asFlow = (o: Obj): Flow => o as unknown as Flow;

/** `flow` with its steps and modals' `"$name"` references replaced by `values`. */
function withParams(flow: Obj, values: Record<string, string>): Obj {
  return { ...flow, ...substituteParams({ steps: flow.steps, modals: flow.modals }, values) };
}

/** What `raw` (a flow with `extends`) writes itself: the steps and modals it changes or adds. */
function variantMarks(raw: Obj, bases: readonly Obj[]): VariantMarks | undefined {
  if (bases.length === 0) return undefined;
  const mark = (section: 'steps' | 'modals'): Map<string, 'overrides' | 'adds'> => {
    const out = new Map<string, 'overrides' | 'adds'>();
    for (const [id, value] of Object.entries(isObj(raw[section]) ? raw[section] : {})) {
      if (value === null) continue;
      out.set(
        id,
        bases.some((b) => isObj(b[section]) && Object.hasOwn(b[section], id)) ? 'overrides' : 'adds',
      );
    }
    return out;
  };
  return { steps: mark('steps'), modals: mark('modals') };
}

/** Writes the diagrams of the flows as the engine plays them (resolved, fragments merged); returns the ids written. */
export function writeGraphs(outDir = join(root, 'reports', 'flows')): string[] {
  const library: Record<string, unknown> = {};
  const names: string[] = [];
  const sourceByName = new Map<string, FlowSource>();
  for (const f of readFlowDir(root)) {
    try {
      // Files are named by their path under flows/ (`fragments/firma`, `shared/modals`).
      const name = includeNameOf(f.path);
      if (name === undefined) continue;
      library[name] = JSON.parse(f.text) as unknown;
      names.push(name);
      sourceByName.set(name, f);
    } catch {
      process.stderr.write(`Skipping ${f.path}: not valid JSON (run npm run lint:flows).\n`);
    }
  }
  for (const [name, data] of Object.entries(library)) {
    if (!isObj(data) || typeof data.id !== 'string' || Object.hasOwn(library, data.id)) continue;
    library[data.id] = data;
    sourceByName.set(data.id, sourceByName.get(name)!);
  }
  // Each node links to the file and line where it is written (a variant's inherited step: its base).
  const linksOf = (resolvedFlow: ReturnType<typeof resolveFlow>): NodeLink[] =>
    resolvedNodeSources(resolvedFlow.flow, resolvedFlow.originOf, (n) => sourceByName.get(n)).map((l) => ({
      ...l,
      href: editorLink(root, l.file, l.line),
      relative: `../../${l.file}`,
    }));
  const resolved = new Map<string, ReturnType<typeof resolveFlow>>();
  const resolveNamed = (name: string) => {
    if (!resolved.has(name)) resolved.set(name, resolveFlow(library[name], library, name));
    return resolved.get(name)!;
  };
  const require = createRequire(import.meta.url);
  const mermaidJs = readFileSync(
    join(dirname(require.resolve('mermaid/package.json')), 'dist', 'mermaid.min.js'),
    'utf8',
  );
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const name of names) {
    const raw = library[name];
    // The shared library is drawn inside the flows that use it.
    if (!isObj(raw) || name.startsWith(SHARED_PREFIX)) continue;
    const resolvedOwn = resolveNamed(name);
    const { bases } = resolvedOwn;
    const flow = resolvedOwn.flow as unknown as Obj;
    const links = linksOf(resolvedOwn);
    const id = String(flow.id);
    // A fragment's "$name" parameters are drawn with the values this flow passes (a fragment on
    // its own, with its defaults), as the engine plays them: real steps and calls, not "$name".
    const fragments = (Array.isArray(flow.include) ? flow.include : []).flatMap((i) => {
      if (!Object.hasOwn(library, String(i))) return [];
      const resolvedFragment = resolveNamed(String(i));
      links.push(...linksOf(resolvedFragment));
      const fragment = resolvedFragment.flow as unknown as Obj;
      return [
        withParams(fragment, bindParams(asFlow(fragment), passedParams(asFlow(flow), String(i))).values),
      ];
    });
    const codeField = (endpoint: string): string | null | undefined =>
      (ENDPOINTS as Record<string, { codeField: string | null }>)[endpoint]?.codeField;
    const own = withParams(flow, defaultValues(asFlow(flow)));
    const marks = variantMarks(raw, bases.map((b) => library[b]).filter(isObj));
    const mmd = toMermaid(buildGraph(own, fragments, codeField, marks));
    writeFileSync(join(outDir, `${id}.mmd`), mmd);
    writeFileSync(join(outDir, `${id}.html`), graphPage(flow, mmd, mermaidJs, bases, links));
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
