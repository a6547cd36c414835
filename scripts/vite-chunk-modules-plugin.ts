/**
 * Vite plugin: writes `.vite/chunk-modules.json` beside the manifest, mapping each output
 * chunk to the npm modules bundled in it (`node_modules/<package>/<path>`), so
 * `scripts/size-report.ts` can say which packages a first step carries (antd must not be
 * among them).
 */
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** `antd/es/button/index.js` for a module id inside node_modules, else null (the project's own files). */
export function npmModule(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  return id.slice(at + '/node_modules/'.length).replace(/\?.*$/, '');
}

export function chunkModulesPlugin(): Plugin {
  return {
    name: 'chunk-modules',
    apply: 'build',
    // After Vite's own (`order: 'post'`): it removes the chunks that only carry CSS then.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const table: Record<string, string[]> = {};
        for (const [file, out] of Object.entries(bundle)) {
          if (out.type !== 'chunk') continue;
          table[file] = out.moduleIds
            .map(npmModule)
            .filter((m): m is string => m !== null)
            .sort();
        }
        this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: JSON.stringify(table) });
      },
    },
  };
}
