import type { Node as JsonNode } from 'jsonc-parser';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import type { FlowProject } from './project.ts';

/** A segment of a JSON pointer: a property name or an array index. */
export type PathSegment = string | number;

/** One finding of the linter, the same shape for every rule. */
export interface Problem {
  /** The kebab-case id of the rule that found it (`parse` for a file that is not JSON). */
  ruleId: string;
  severity: 'error' | 'warning';
  /** Plain words: what is wrong, and how to fix it. */
  message: string;
  /** The file as it was given to `lintFlows`. */
  file: string;
  /** JSON pointer of the offending node (`/steps/inicio/calls/submit/outcome`). */
  path: string;
  /** 1-based line of the offending node in the source. */
  line: number;
  /** 1-based column of the offending node in the source. */
  column: number;
}

/** A flow file to lint. */
export interface FlowSource {
  path: string;
  text: string;
}

/**
 * What the linter needs to know about an endpoint. `EndpointDef` satisfies it. With the whole
 * definition (method, path…), the engine-compile rule also compiles the flow with the engine.
 */
export type LintEndpoint = Pick<EndpointDef, 'id' | 'codeField' | 'codes'> & Partial<EndpointDef>;

/** A form as stored in `schemas/forms/<id>.json`. */
export interface LintForm {
  schema: unknown;
  uiSchema?: unknown;
}

/**
 * Everything outside the flow files that the rules hold flows against. The CLI builds it from
 * the tree (`load-env.ts`); tests pass small tables.
 */
export interface LintEnv {
  /** Endpoint registry by id. */
  endpoints: Readonly<Record<string, LintEndpoint>>;
  /** Response JSON Schema by endpoint id (missing = not checked). */
  responseSchemas: Readonly<Record<string, unknown>>;
  /** Forms by id. */
  forms: Readonly<Record<string, LintForm>>;
  /** Step view ids. */
  views: readonly string[];
  /** i18n messages by key (`i18n/es-PE.json`). */
  messages: Readonly<Record<string, string>>;
  /** Every route of the site (`SPEC_ROUTES`). */
  routes: readonly string[];
  /** Routes served by a page of the web runtime (`PAGE_ROUTES`). */
  pages: Readonly<Record<string, unknown>>;
  /**
   * json-logic operators a flow may use: the engine's allowed set plus its named operations.
   * Omitted: the engine's `ALLOWED_OPERATORS`.
   */
  operators?: readonly string[];
  /**
   * Flow files that are not being reported on but may be included by the linted ones
   * (when the CLI lints a few files, the rest of `flows/`).
   */
  library?: readonly FlowSource[];
  /**
   * The other JSON files the flows depend on, as read (`schemas/forms/*.json`,
   * `i18n/es-PE.json`): the rules that check those files report into them. Omitted: not checked.
   */
  files?: readonly FlowSource[];
  /** Formats a form field may name (ajv-formats and the Peruvian ones). Omitted: not checked. */
  formFormats?: readonly string[];
  /** Context keys the web runtime reads by name (besides what flows read). */
  runtimeContextReads?: readonly string[];
  /** Context keys the web runtime sets before the first step (a promoter's entity and user…). */
  runtimeContext?: readonly string[];
}

/** Options of one lint run. */
export interface LintOptions {
  /**
   * True when the files are not the whole set of flows (the CLI was given paths):
   * route-coverage then does not report routes that no linted file serves.
   */
  partial?: boolean;
  /** Run only these rule ids (default: all). */
  only?: readonly string[];
}

/** A parsed flow file. `data` is whatever the JSON holds: rules must not trust its shape. */
export interface ParsedFlow {
  path: string;
  text: string;
  /** The syntax tree, built on first use (positions, repeated keys). */
  readonly tree: JsonNode | undefined;
  /** The file as written (what the schema describes). */
  data: unknown;
  /**
   * The flow as the engine plays it (`resolveFlow`: extends, the shared library, templates,
   * multi-code cases and call defaults undone), set by `lintFlows`; rules read it through
   * `ctx.flow` and `asFlow`. Undefined until resolved, or when the file is not a flow.
   */
  resolved?: unknown;
  /** Where a path of {@link resolved} was written: the file and the path in it. */
  originOf?: (path: readonly PathSegment[]) => { file: ParsedFlow; path: readonly PathSegment[] };
  /** Offsets where each line starts, for offset → line/column. */
  lineStarts: number[];
  /** False when the text is not JSON (only the `parse` problem is reported then). */
  ok: boolean;
}

/** What a rule asks to report. */
export interface ReportDescriptor {
  /** Path of the offending node, as segments. */
  path: readonly PathSegment[];
  /** Point at the property name rather than its value (for unknown or duplicated keys). */
  atKey?: boolean;
  /** A key of the rule's `meta.messages`, filled with `data`. */
  messageId?: string;
  /** A ready message (used when there is no `messageId`). */
  message?: string;
  data?: Readonly<Record<string, string | number>>;
  /** Report into another file than the one being checked (project rules). */
  file?: ParsedFlow;
  /** Exact node to point at (e.g. one of two duplicated keys), overriding `path`. */
  node?: JsonNode;
  severity?: 'error' | 'warning';
}

/** What a rule's `check` receives. */
export interface RuleContext {
  /** The file being checked (for project rules, the first file). */
  file: ParsedFlow;
  /** The flow object of `file` (null when it is not a JSON object). */
  flow: Record<string, unknown> | null;
  /** Every file of the run, with include resolution. */
  project: FlowProject;
  env: LintEnv;
  options: LintOptions;
  report(descriptor: ReportDescriptor): void;
}

/** One linter rule, in the manner of an ESLint rule. */
export interface Rule {
  id: string;
  meta: {
    description: string;
    severity: 'error' | 'warning';
    /** Message templates with `{{name}}` placeholders. */
    messages: Readonly<Record<string, string>>;
    /** `file` (default): checked once per file; `project`: once for the whole run. */
    scope?: 'file' | 'project';
  };
  check(ctx: RuleContext): void;
}
