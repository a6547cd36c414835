import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { flowMetaPlugin } from './scripts/vite-flow-meta-plugin.ts';
import { formValidatorsPlugin } from './scripts/vite-form-validators-plugin.ts';
import { inlineEntryCssPlugin } from './scripts/vite-inline-entry-css-plugin.ts';
import { i18nShellPlugin } from './scripts/vite-i18n-shell-plugin.ts';
import { chunkModulesPlugin } from './scripts/vite-chunk-modules-plugin.ts';
import { routePreloadPlugin } from './scripts/vite-route-preload-plugin.ts';
import { eagerCommonJsPlugin } from './scripts/vite-eager-cjs-plugin.ts';
import { flowLintPlugin } from './scripts/vite-flow-lint-plugin.ts';
import { bootScriptPlugin } from './scripts/vite-boot-script-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    flowMetaPlugin(),
    formValidatorsPlugin(),
    inlineEntryCssPlugin(),
    i18nShellPlugin(),
    chunkModulesPlugin(),
    routePreloadPlugin(),
    bootScriptPlugin(),
    flowLintPlugin(here('.')),
    eagerCommonJsPlugin(),
  ],
  publicDir: 'public',
  resolve: {
    alias: [
      // @rjsf/core renders descriptions with markdown-to-jsx (~31 KB gzip): plain text is enough.
      { find: /^markdown-to-jsx(\/react)?$/, replacement: here('./src/web/lib/markdown-to-jsx-stub.tsx') },
    ],
  },
  build: {
    target: 'es2022',
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: scripts/size-report.ts walks it to add up each first step's chunks.
    manifest: true,
    // Lazy chunks per route and per view; this only keeps the report readable.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every flow loads the whole shared library (flows/shared/*.json, 2.8 KB gzip): one
            // file to ask for, not one per library file. Only the files themselves: the route
            // table's `?flow-meta` of each is in the entry.
            { name: 'flow-library', test: /[\\/]flows[\\/]shared[\\/][\w-]+\.json$/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` next to `npm run serve`: API, sandbox helpers and sockets go to the server.
    proxy: {
      ...Object.fromEntries(
        ['/api', '/kong', '/v4', '/v5', '/v7', '/v8', '/v9', '/__sandbox'].map((p) => [
          p,
          'http://localhost:8080',
        ]),
      ),
      '/socket.io': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
