/**
 * The part of the linter's environment that concerns the files analysts edit besides flows:
 * the form schemas and the texts as read (so their syntax and keys can be checked), the
 * formats a form field may name, and the context keys the web runtime reads by name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { parse } from 'jsonc-parser';
import type { FlowSource, LintEnv } from './types.ts';

/** `JSON.parse`, or, for a text with a syntax error, what a tolerant parser recovers. */
export function parseTolerant(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return parse(text, [], { allowTrailingComma: true }) as unknown;
  }
}

/** The formats every form validator knows: ajv-formats' full set and rjsf's two. */
export const STANDARD_FORMATS: readonly string[] = [...Object.keys(fullFormats), 'color', 'data-url'];

/**
 * The Peruvian formats the form validator adds (the keys of `PERU_FORMATS` in
 * src/web/views/form/format-messages.ts, read from its text: the linter does not import the web runtime).
 */
export function peruFormatsIn(source: string): string[] {
  const block = /PERU_FORMATS\s*=\s*\{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s*([A-Za-z_][\w-]*)\s*:/gm)].map((m) => m[1] ?? '');
}

/** Source files of the web runtime (no tests), recursively. */
function webSources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n))
    .map((n) => join(dir, n));
}

/**
 * Context keys the runtime reads by name: `context.x`, `context['x']`, and the keys handed to
 * the readers of `step-props.ts` and the view helpers as string literals next to `context`.
 */
export function contextReadsIn(source: string): string[] {
  const out = new Set<string>();
  for (const m of source.matchAll(/context\??\.(?!get\b|set\b)([A-Za-z_]\w*)/g)) out.add(m[1] ?? '');
  for (const m of source.matchAll(/context\??\.?\[\s*['"]([\w-]+)['"]\s*\]/g)) out.add(m[1] ?? '');
  for (const m of source.matchAll(/\(\s*(?:state\.)?context\s*,[^)]*?['"]([A-Za-z_]\w*)['"]/g))
    out.add(m[1] ?? '');
  // Lists of names a view looks up in the context and its props: first(sources, ['tasa', 'tea']).
  for (const m of source.matchAll(/\[[^[\]\n]*\]/g))
    for (const name of m[0].matchAll(/'([A-Za-z_]\w*)'/g)) out.add(name[1] ?? '');
  out.delete('');
  return [...out];
}

/**
 * Context values the web runtime puts in before the first step (src/web/runtime/flow-page.tsx:
 * a promoter's entity, user and channel, and the accepted terms).
 */
export const RUNTIME_CONTEXT: readonly string[] = [
  'codigoEntidad',
  'codigoUsuario',
  'nombreUsuario',
  'channel',
  'terms',
];

/** The analyst part of the real environment of the project at `root`. */
export function analystEnv(
  root: string,
): Pick<LintEnv, 'files' | 'formFormats' | 'runtimeContextReads' | 'runtimeContext'> {
  const files: FlowSource[] = [];
  const formDir = join(root, 'schemas', 'forms');
  if (existsSync(formDir)) {
    for (const name of readdirSync(formDir)
      .filter((n) => n.endsWith('.json'))
      .sort())
      files.push({ path: `schemas/forms/${name}`, text: readFileSync(join(formDir, name), 'utf8') });
  }
  const texts = join(root, 'i18n', 'es-PE.json');
  if (existsSync(texts)) files.push({ path: 'i18n/es-PE.json', text: readFileSync(texts, 'utf8') });
  const reads = new Set<string>();
  for (const file of webSources(join(root, 'src', 'web')))
    contextReadsIn(readFileSync(file, 'utf8')).forEach((k) => reads.add(k));
  const peru = join(root, 'src', 'web', 'views', 'form', 'format-messages.ts');
  const formFormats = [
    ...STANDARD_FORMATS,
    ...(existsSync(peru) ? peruFormatsIn(readFileSync(peru, 'utf8')) : []),
  ];
  return { files, formFormats, runtimeContextReads: [...reads].sort(), runtimeContext: RUNTIME_CONTEXT };
}
