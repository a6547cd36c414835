/**
 * Where each node of a flow graph is written: the file and line of every step and modal (of
 * the flow and of the fragments it includes), so the graph page links a node to the place to
 * edit it — `vscode://file/<path>:<line>` opens it in VS Code at that line.
 */
import { entriesOf, isObj } from './flow-walk.ts';
import { modalNode, stepNode } from './graph.ts';
import { nodeAt, parseFlow, positionAt } from './json-position.ts';
import type { FlowSource } from './types.ts';

export interface NodeSource {
  /** The graph node id (`s_datos`, `m_errorGenerico`). */
  node: string;
  /** `step datos`, `modal errorGenerico`. */
  name: string;
  /** The file as given (relative to the project). */
  file: string;
  line: number;
}

/** The line of each step and modal key of a flow file, in file order. */
export function nodeSources(source: FlowSource): NodeSource[] {
  const { file } = parseFlow(source.path, source.text);
  if (!file.ok || !isObj(file.data)) return [];
  const out: NodeSource[] = [];
  const add = (kind: 'steps' | 'modals', id: string): void => {
    const key = nodeAt(file.tree, [kind, id], true);
    const { line } = positionAt(file.lineStarts, key?.offset ?? 0);
    out.push({
      node: kind === 'steps' ? stepNode(id) : modalNode(id),
      name: `${kind === 'steps' ? 'step' : 'modal'} ${id}`,
      file: source.path,
      line,
    });
  };
  for (const [id] of entriesOf(file.data.steps)) add('steps', id);
  for (const [id] of entriesOf(file.data.modals)) add('modals', id);
  return out;
}

/** Where a part of a resolved flow was written: a library file and a path in it. */
export interface WrittenAt {
  readonly file: string;
  readonly path: readonly (string | number)[];
}

/**
 * The line of each step and modal of a resolved flow in the file where the analyst wrote it:
 * for a variant, an inherited step is written in its base, a shared modal in `flows/shared/`.
 * `originOf` is the resolver's source map; `sourceOf` gives the file of a library name.
 */
export function resolvedNodeSources(
  flow: unknown,
  originOf: (path: readonly (string | number)[]) => WrittenAt,
  sourceOf: (name: string) => FlowSource | undefined,
): NodeSource[] {
  if (!isObj(flow)) return [];
  const parsed = new Map<FlowSource, ReturnType<typeof parseFlow>['file']>();
  const out: NodeSource[] = [];
  const add = (kind: 'steps' | 'modals', id: string): void => {
    const ref = originOf([kind, id]);
    const source = sourceOf(ref.file);
    if (source === undefined) return;
    if (!parsed.has(source)) parsed.set(source, parseFlow(source.path, source.text).file);
    const file = parsed.get(source)!;
    if (!file.ok) return;
    const key = nodeAt(file.tree, ref.path, true) ?? nodeAt(file.tree, ref.path);
    const { line } = positionAt(file.lineStarts, key?.offset ?? 0);
    out.push({
      node: kind === 'steps' ? stepNode(id) : modalNode(id),
      name: `${kind === 'steps' ? 'step' : 'modal'} ${id}`,
      file: source.path,
      line,
    });
  };
  for (const [id] of entriesOf(flow.steps)) add('steps', id);
  for (const [id] of entriesOf(flow.modals)) add('modals', id);
  return out;
}

/** A link that opens `file` (relative to `root`) at `line` in VS Code. */
export function editorLink(root: string, file: string, line: number): string {
  const abs = `${root.replace(/\/+$/, '')}/${file}`;
  return `vscode://file${encodeURI(abs.startsWith('/') ? abs : `/${abs}`)}:${line}`;
}
