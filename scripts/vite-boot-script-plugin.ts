/**
 * Vite plugin (build only): the built `index.html` names its code for the boot script instead
 * of in tags (`src/server/boot-script.ts`). The entry's `<script type="module">` and the
 * `modulepreload` links of the modules it imports become one inert JSON list, and the boot
 * script goes inline at the top of the head. The page then asks for no file before its first
 * paint but the ones its markup shows.
 *
 * Runs after Vite has written its tags (`order: 'post'`). Fails when the page has no entry
 * script, since the site would then never start.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { afterPaintList, BOOT_SCRIPT_ELEMENT } from '../src/server/boot-script.ts';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULEPRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * `html` (Vite's built page) with its entry and module preloads moved into the boot script's
 * list, and `started` after them: modules the entry imports dynamically as it starts (React's
 * DOM renderer, then the site: `src/web/main.tsx`), fetched beside it rather than once it runs.
 */
export function bootHtml(html: string, started: readonly string[] = []): string {
  const entries = [...html.matchAll(ENTRY)].map((m) => m[1]!);
  if (entries.length !== 1)
    throw new Error(
      `boot-script: the built index.html has ${entries.length} entry scripts, not 1: check index.html's <script type="module">.`,
    );
  const preloaded = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const modules = [...new Set([...preloaded, ...started])];
  const stripped = html.replace(ENTRY, '').replace(MODULEPRELOAD, '');
  const at = stripped.indexOf('</head>');
  if (at < 0) throw new Error('boot-script: the built index.html has no </head>.');
  const head = `  ${BOOT_SCRIPT_ELEMENT}\n    ${afterPaintList({ entry: entries[0], modules })}\n  `;
  return `${stripped.slice(0, at)}${head}${stripped.slice(at)}`;
}

/** The chunks `entry` imports dynamically and every chunk they import, by file name. */
export function startedChunks(entry: OutputChunk, bundle: OutputBundle): string[] {
  const found = new Set<string>();
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (found.has(file) || file === entry.fileName || chunk?.type !== 'chunk') return;
    found.add(file);
    for (const next of chunk.imports) visit(next);
  };
  for (const file of entry.dynamicImports) visit(file);
  return [...found];
}

export function bootScriptPlugin(): Plugin {
  let base = '/';
  return {
    name: 'boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const started =
          ctx.chunk && ctx.bundle ? startedChunks(ctx.chunk, ctx.bundle).map((file) => `${base}${file}`) : [];
        return bootHtml(html, started);
      },
    },
  };
}
