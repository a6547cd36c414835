/**
 * `npm run bench`: the core's two figures, printed (not asserted): the linter over 30 flow
 * files (budget under 1 s) and the engine's transitions per second (budget ≥ 100,000/s,
 * from `scripts/bench-engine.ts`).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { benchLint, describeLint } from './bench-lint.ts';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  process.stdout.write(describeLint(benchLint()) + '\n');
  const enginePath = join(here, 'bench-engine.ts');
  if (!existsSync(enginePath)) {
    process.stdout.write('engine: scripts/bench-engine.ts is not there yet: no engine figure.\n');
    return;
  }
  const engine = (await import(pathToFileURL(enginePath).href)) as { benchEngine?: () => unknown };
  if (typeof engine.benchEngine !== 'function') {
    process.stdout.write('engine: scripts/bench-engine.ts exports no benchEngine(): no engine figure.\n');
    return;
  }
  const result = await Promise.resolve(engine.benchEngine());
  process.stdout.write(`engine: ${typeof result === 'string' ? result : JSON.stringify(result)}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`bench could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
}
