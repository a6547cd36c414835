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
import type { Plugin } from 'vite';
import { afterPaintList, BOOT_SCRIPT_ELEMENT } from '../src/server/boot-script.ts';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULEPRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** `html` (Vite's built page) with its entry and module preloads moved into the boot script's list. */
export function bootHtml(html: string): string {
  const entries = [...html.matchAll(ENTRY)].map((m) => m[1]!);
  if (entries.length !== 1)
    throw new Error(
      `boot-script: the built index.html has ${entries.length} entry scripts, not 1: check index.html's <script type="module">.`,
    );
  const modules = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const stripped = html.replace(ENTRY, '').replace(MODULEPRELOAD, '');
  const at = stripped.indexOf('</head>');
  if (at < 0) throw new Error('boot-script: the built index.html has no </head>.');
  const head = `  ${BOOT_SCRIPT_ELEMENT}\n    ${afterPaintList({ entry: entries[0], modules })}\n  `;
  return `${stripped.slice(0, at)}${head}${stripped.slice(at)}`;
}

export function bootScriptPlugin(): Plugin {
  return {
    name: 'boot-script',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: bootHtml },
  };
}
