/**
 * Prints the gzip size of what the browser must fetch, from the build's manifest
 * (`npm run build` first):
 *
 * - the entry: `index.html`'s script, what it starts with (its dynamic imports), every chunk
 *   they import statically, and their CSS;
 * - for each product route served by a flow: the entry plus what its first screen loads, as
 *   the build's route map lists it (`.vite/route-preloads.json`: the runner, the texts, the
 *   flow file and its fragments, the first step's view and form, with their static imports);
 *   for a route the map leaves out (promoter-only) or a build without it, the same modules
 *   (`firstScreens`) and their static imports from the manifest.
 *
 * Budgets: entry ≤ 100 KB, a product's first step ≤ 300 KB. Exit code 1 when one fails.
 * Usage: node --import tsx scripts/size-report.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { antdModules, describeModules, readChunkModules } from './lib/antd-modules.ts';
import type { RoutePreloads } from '../src/server/route-preloads.ts';
import { firstScreens, jsonFiles, ROUTE_PRELOADS_FILE, type FlowFile } from './vite-route-preload-plugin.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
export const BUDGETS = { entry: 100 * KB, firstStep: 300 * KB } as const;

/** Manifest keys of `key` and everything it imports statically (not its lazy imports). */
export function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

function main(): number {
  const dist = resolve(process.argv[2] ?? 'dist');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No ${manifestFile}: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
    return 2;
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const gz = new Map<string, number>();
  const size = (file: string) => {
    let n = gz.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gz.set(file, n);
    }
    return n;
  };
  const jsOf = (keys: Set<string>) => [...keys].reduce((sum, k) => sum + size(manifest[k]!.file), 0);
  const cssOf = (keys: Set<string>) => {
    const files = new Set([...keys].flatMap((k) => manifest[k]!.css ?? []));
    return [...files].reduce((sum, f) => sum + size(f), 0);
  };
  // A form file is built by the form-validators plugin, under its absolute path (`form-validators:/…/x.json.js`).
  const bySrc = (src: string) =>
    Object.keys(manifest).find(
      (k) => manifest[k]!.src === src || k === src || k === `form-validators:${resolve(src)}.js`,
    );
  const fmt = (n: number) => `${(n / KB).toFixed(1).padStart(6)} KB`;
  const verdict = (n: number, budget: number) => (n <= budget ? 'PASS' : 'FAIL');

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) {
    console.error('The manifest has no entry chunk: is index.html the build input?');
    return 2;
  }
  // The entry starts with what it imports dynamically (React's DOM renderer, the site:
  // `src/web/main.tsx`), which the boot script asks for with it: all of it counts as the entry.
  const entry = closure(manifest, [entryKey, ...(manifest[entryKey]!.dynamicImports ?? [])]);
  const entryJs = jsOf(entry);
  const entryCss = cssOf(entry);
  /** Every budget missed, said once more at the end so a CI log shows why it failed. */
  const misses: string[] = [];
  const check = (what: string, n: number, budget: number) => {
    if (n > budget)
      misses.push(
        `${what} is ${fmt(n).trim()}, over its budget of ${fmt(budget).trim()} by ${fmt(n - budget).trim()}`,
      );
  };
  console.log('gzip sizes (level 9) of what the browser fetches\n');
  console.log(
    `entry: JS ${fmt(entryJs)} + CSS ${fmt(entryCss)} = ${fmt(entryJs + entryCss)}   budget ${fmt(BUDGETS.entry)}   ${verdict(entryJs + entryCss, BUDGETS.entry)}`,
  );
  check('the entry (index.html and its static imports)', entryJs + entryCss, BUDGETS.entry);

  const chunkModules = readChunkModules(dist);
  const mapFile = join(dist, ROUTE_PRELOADS_FILE);
  const routeMap = existsSync(mapFile)
    ? (JSON.parse(readFileSync(mapFile, 'utf8')) as RoutePreloads).routes
    : {};
  const entryFiles = [...entry].map((k) => manifest[k]!.file);
  const entryCssFiles = [...new Set([...entry].flatMap((k) => manifest[k]!.css ?? []))];
  const flowsDir = resolve('flows');
  const flowFiles = existsSync(flowsDir) ? readdirSync(flowsDir).filter((f) => f.endsWith('.json')) : [];
  console.log(
    '\nfirst step of each product route (entry + what its first screen loads: runner, texts, flow, first view and form):',
  );
  // What each route's first screen loads (the flow resolved: a variant's start, its fragments),
  // as the route map has it; promoter-only routes too, which the map leaves out.
  const screens = firstScreens(
    Object.fromEntries(
      jsonFiles(process.cwd(), flowsDir).map((file) => [
        file,
        JSON.parse(readFileSync(file, 'utf8')) as FlowFile,
      ]),
    ),
    { promoterOnly: true },
  );
  for (const name of flowFiles.sort()) {
    const flow = JSON.parse(readFileSync(join(flowsDir, name), 'utf8')) as { routes?: string[] };
    if (!flow.routes?.length) continue;
    const modules = screens.find((s) => flow.routes!.includes(s.route))?.modules ?? [];
    const parts = modules.map((m) => bySrc(m));
    const missing = modules.filter((_, i) => !parts[i]);
    const keys = closure(
      manifest,
      [entryKey, ...parts].filter((p): p is string => typeof p === 'string'),
    );
    // The route map names exactly what the first screen fetches; without it, the manifest walk.
    const mapped = flow.routes.map((r) => routeMap[r]).find((r) => r !== undefined);
    const files = mapped
      ? [
          ...new Set([
            ...entryFiles,
            ...entryCssFiles,
            ...[...mapped.js, ...mapped.css].map((url) => url.replace(/^\/+/, '')),
          ]),
        ]
      : [
          ...new Set([
            ...[...keys].map((k) => manifest[k]!.file),
            ...[...keys].flatMap((k) => manifest[k]!.css ?? []),
          ]),
        ];
    const total = files.reduce((sum, f) => sum + size(f), 0);
    const count = files.filter((f) => f.endsWith('.js')).length;
    check(`the first step of ${flow.routes.join(', ')} (flows/${name})`, total, BUDGETS.firstStep);
    const note = !mapped && missing.length ? `   (not found in the manifest: ${missing.join(', ')})` : '';
    for (const route of flow.routes) {
      console.log(
        `${route.padEnd(34)} ${fmt(total)} in ${String(count).padStart(3)} chunks   budget ${fmt(BUDGETS.firstStep)}   ${verdict(total, BUDGETS.firstStep)}${note}`,
      );
    }
    // The site is drawn without antd (no longer a dependency): a first screen carrying it fails.
    if (chunkModules) {
      const antd = antdModules(
        chunkModules,
        files.filter((f) => f.endsWith('.js')),
      );
      console.log(`${''.padEnd(34)} antd: ${antd.length ? describeModules(antd) : 'none'}`);
      if (antd.length)
        misses.push(`the first step of ${flow.routes.join(', ')} carries antd (${describeModules(antd)})`);
    }
  }
  console.log('');
  if (misses.length === 0) {
    console.log('PASS: every size budget is met.');
    return 0;
  }
  for (const miss of misses) console.log(`FAIL: ${miss}.`);
  return 1;
}

process.exitCode = main();
