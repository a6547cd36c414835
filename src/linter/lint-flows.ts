import { nodeAt, parseFlow, positionAt, toPointer } from './json-position.ts';
import { FlowError } from '../engine/flow-error.ts';
import { resolveFlow } from '../engine/resolve-flow.ts';
import { fromPointer } from './json-position.ts';
import { FlowProject, includeNameOf, isSharedFile } from './project.ts';
import { RULES } from './rules/index.ts';
import type {
  FlowSource,
  LintEnv,
  LintOptions,
  ParsedFlow,
  Problem,
  ReportDescriptor,
  Rule,
  RuleContext,
} from './types.ts';

/** Fills `{{name}}` placeholders of a message template. */
function fill(template: string, data: Readonly<Record<string, string | number>> | undefined): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(data?.[name] ?? `{{${name}}}`));
}

function toProblem(rule: Rule, current: ParsedFlow, d: ReportDescriptor): Problem {
  let file = d.file ?? current;
  let path = d.path;
  // A path of the resolved flow points at the line the analyst wrote: in this file, the flow it
  // extends, or the shared library.
  if (d.node === undefined && file.originOf) {
    const origin = file.originOf(d.path);
    file = origin.file;
    path = origin.path;
  }
  const template = d.messageId !== undefined ? rule.meta.messages[d.messageId] : undefined;
  const message = template !== undefined ? fill(template, d.data) : (d.message ?? rule.meta.description);
  const node = d.node ?? nodeAt(file.tree, path, d.atKey);
  const { line, column } = positionAt(file.lineStarts, node?.offset ?? 0);
  return {
    ruleId: rule.id,
    severity: d.severity ?? rule.meta.severity,
    message,
    file: file.path,
    path: toPointer(path),
    line,
    column,
  };
}

/**
 * Resolves every flow file (see `resolveFlow`) against the others, so rules see what the engine
 * plays and report where it was written. A file that cannot be resolved (an `extends` or a `use`
 * that names nothing) is reported and checked as written.
 */
function resolveAll(all: readonly ParsedFlow[]): Problem[] {
  const problems: Problem[] = [];
  const byName = new Map<string, ParsedFlow>();
  const library: Record<string, unknown> = {};
  for (const f of all) {
    if (!f.ok) continue;
    const name = includeNameOf(f.path);
    if (name !== undefined) {
      byName.set(name, f);
      library[name] = f.data;
    }
  }
  for (const f of all) {
    const id = (f.data as { id?: unknown } | null)?.id;
    if (f.ok && typeof id === 'string' && !byName.has(id)) {
      byName.set(id, f);
      library[id] = f.data;
    }
  }
  for (const f of all) {
    if (!f.ok || isSharedFile(f)) continue;
    const name = includeNameOf(f.path) ?? (f.data as { id?: string } | null)?.id;
    try {
      const resolved = resolveFlow(f.data, library, name);
      f.resolved = resolved.flow;
      f.originOf = (path) => {
        const ref = resolved.originOf(path);
        return { file: byName.get(ref.file) ?? f, path: ref.path };
      };
    } catch (error) {
      if (!(error instanceof FlowError)) continue;
      const target = (error.source !== undefined ? byName.get(error.source) : undefined) ?? f;
      const path = fromPointer(error.path);
      const { line, column } = positionAt(target.lineStarts, nodeAt(target.tree, path)?.offset ?? 0);
      problems.push({
        ruleId: 'engine-compile',
        severity: 'error',
        message: error.message.replace(/ \(at [^)]*\)$/, ''),
        file: target.path,
        path: toPointer(path),
        line,
        column,
      });
    }
  }
  return problems;
}

/**
 * Lints flow files against the schema and the registries in `env`.
 *
 * Every file is parsed once; file rules run on each file that is JSON, project rules
 * (route coverage) once over all of them. Problems come back sorted by file, line and column.
 *
 * @param files the flow files to report on (path as it should be shown, and text)
 * @param env the registries the flows refer to (endpoints, forms, views, messages, routes…)
 * @param options `partial` when `files` is not every flow; `only` to run some rules
 */
export function lintFlows(files: readonly FlowSource[], env: LintEnv, options: LintOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const parsed: ParsedFlow[] = [];
  for (const source of files) {
    const { file, errors } = parseFlow(source.path, source.text);
    parsed.push(file);
    for (const error of errors) {
      const { line, column } = positionAt(file.lineStarts, error.offset);
      problems.push({
        ruleId: 'parse',
        severity: 'error',
        message: `The file is not valid JSON: ${error.message}.`,
        file: file.path,
        path: '',
        line,
        column,
      });
    }
  }
  const linted = new Set(files.map((f) => f.path));
  const library = (env.library ?? [])
    .filter((f) => !linted.has(f.path))
    .map((f) => parseFlow(f.path, f.text).file);
  problems.push(...resolveAll([...parsed, ...library]));
  const project = new FlowProject(parsed, library);
  const rules = options.only ? RULES.filter((r) => options.only?.includes(r.id)) : RULES;
  // Files of the shared library are checked through the flows that use them.
  const good = parsed.filter((f) => f.ok && !isSharedFile(f));

  for (const rule of rules) {
    const targets = rule.meta.scope === 'project' ? good.slice(0, 1) : good;
    for (const file of targets) {
      const ctx: RuleContext = {
        file,
        // A fragment is checked with its parameters' defaults in place of "$name".
        flow: project.dataFor(file, file),
        project,
        env,
        options,
        report: (d) => problems.push(toProblem(rule, file, d)),
      };
      rule.check(ctx);
    }
  }
  // A problem of a base flow or of the shared library is found once for each flow that uses it.
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.file}\0${p.line}\0${p.column}\0${p.ruleId}\0${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.ruleId.localeCompare(b.ruleId),
  );
}
