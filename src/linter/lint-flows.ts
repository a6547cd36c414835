import { nodeAt, parseFlow, positionAt, toPointer } from './json-position.ts';
import { FlowProject } from './project.ts';
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
  const file = d.file ?? current;
  const template = d.messageId !== undefined ? rule.meta.messages[d.messageId] : undefined;
  const message = template !== undefined ? fill(template, d.data) : (d.message ?? rule.meta.description);
  const node = d.node ?? nodeAt(file.tree, d.path, d.atKey);
  const { line, column } = positionAt(file.lineStarts, node?.offset ?? 0);
  return {
    ruleId: rule.id,
    severity: d.severity ?? rule.meta.severity,
    message,
    file: file.path,
    path: toPointer(d.path),
    line,
    column,
  };
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
  const project = new FlowProject(parsed, library);
  const rules = options.only ? RULES.filter((r) => options.only?.includes(r.id)) : RULES;
  const good = parsed.filter((f) => f.ok);

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
  return problems.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.line - b.line ||
      a.column - b.column ||
      a.ruleId.localeCompare(b.ruleId),
  );
}
