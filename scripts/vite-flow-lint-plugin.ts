/**
 * Vite plugin for `npm run dev`: when an analyst saves a flow (`flows/**.json`), a form schema
 * (`schemas/forms/*.json`) or the texts (`i18n/es-PE.json`), the linter runs on that file.
 *
 * - With errors, Vite's error overlay shows them (file, line, column, message, rule, and the
 *   lines around the first one) and the page is not reloaded: the applicant stays where they
 *   were, on the last sound version of the file.
 * - Without errors, the page reloads. The runtime keeps its session in sessionStorage, so the
 *   applicant comes back to the same step with what they typed, recompiled from the new file
 *   (or to the start, when the edit removed that step). The reload also clears the overlay.
 *
 * The decisions are pure functions (`analystFileKind`, `decideHotUpdate`), tested apart.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { lintFlows } from '../src/linter/lint-flows.ts';
import { loadEnv } from '../src/linter/load-env.ts';
import type { Problem } from '../src/linter/types.ts';

export const PLUGIN_NAME = 'flow-lint';

export type AnalystFileKind = 'flow' | 'form' | 'texts';

/** What kind of analyst file a path (relative to the project, with `/`) is, or undefined. */
export function analystFileKind(path: string): AnalystFileKind | undefined {
  if (/^flows\/.+\.json$/.test(path)) return 'flow';
  if (/^schemas\/forms\/[^/]+\.json$/.test(path)) return 'form';
  if (path === 'i18n/es-PE.json') return 'texts';
  return undefined;
}

/** The payload of Vite's error overlay. */
export interface OverlayError {
  message: string;
  stack: string;
  id: string;
  frame: string;
  plugin: string;
  loc: { file: string; line: number; column: number };
}

export type HotDecision =
  { action: 'overlay'; err: OverlayError; problems: Problem[] } | { action: 'reload'; warnings: Problem[] };

/**
 * The source lines around `line` with a caret under `column`, as Vite frames compile errors.
 * Each line starts with its number (the overlay trims the frame's leading spaces); `>` marks the line.
 */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split(/\r?\n/);
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 2);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${String(n).padEnd(width)} ${n === line ? '>' : '|'} ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/**
 * What to do after `file` (relative to the project, as problems name it; `absFile` is where it
 * is, for the overlay's link that opens it in the editor) was saved with `text` and linted:
 * show the overlay with its errors, or reload (warnings are only logged).
 */
export function decideHotUpdate(
  file: string,
  absFile: string,
  text: string,
  problems: readonly Problem[],
): HotDecision {
  const mine = problems.filter((p) => p.file === file);
  const errors = mine.filter((p) => p.severity === 'error');
  if (errors.length === 0) return { action: 'reload', warnings: mine };
  const first = errors[0]!;
  const count = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  const list = errors.map((p) => `${p.file}:${p.line}:${p.column}  ${p.message}  (${p.ruleId})`).join('\n');
  return {
    action: 'overlay',
    problems: errors,
    err: {
      message: `npm run lint:flows: ${count} in ${file}. Fix and save; the page keeps the last sound version until then.\n\n${list}`,
      stack: '',
      id: absFile,
      frame: codeFrame(text, first.line, first.column),
      plugin: PLUGIN_NAME,
      loc: { file: absFile, line: first.line, column: first.column },
    },
  };
}

/**
 * Lints the saved file against the project at `root`: a flow alone (the rest of flows/ as its
 * library), a form schema or the texts with every flow (their rules look at all of them).
 */
export function lintSaved(root: string, file: string, kind: AnalystFileKind): Problem[] {
  const env = loadEnv(root);
  const flows = env.library ?? [];
  if (kind === 'flow') {
    const text = readFileSync(resolve(root, file), 'utf8');
    const library = flows.filter((f) => f.path !== file);
    return lintFlows([{ path: file, text }], { ...env, library }, { partial: true });
  }
  return lintFlows(flows, { ...env, library: [] }, { partial: true }).filter((p) => p.file === file);
}

export function flowLintPlugin(root: string = process.cwd()): Plugin {
  return {
    name: PLUGIN_NAME,
    apply: 'serve',
    handleHotUpdate(ctx) {
      const file = relative(root, ctx.file).split('\\').join('/');
      const kind = analystFileKind(file);
      if (!kind) return undefined;
      let decision: HotDecision;
      try {
        const text = readFileSync(ctx.file, 'utf8');
        decision = decideHotUpdate(file, ctx.file, text, lintSaved(root, file, kind));
      } catch (error) {
        // The linter never throws on a file's content; this is a bug to see, not to hide.
        ctx.server.config.logger.error(`flow-lint: could not lint ${file}: ${(error as Error).message}`);
        return undefined;
      }
      if (decision.action === 'overlay') {
        ctx.server.config.logger.warn(`flow-lint: ${decision.problems.length} problem(s) in ${file}`, {
          timestamp: true,
        });
        ctx.server.ws.send({ type: 'error', err: decision.err });
        return [];
      }
      for (const w of decision.warnings)
        ctx.server.config.logger.warn(`${w.file}:${w.line}:${w.column} ${w.message} (${w.ruleId})`);
      ctx.server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
