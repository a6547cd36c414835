/**
 * The flow linter's command line: `npm run lint:flows [-- paths…] [--format stylish|json]`.
 *
 * Lints `flows/*.json` (or the given files, directories and simple globs) against the real
 * registries, prints the problems, and sets the exit code: 0 clean, 1 problems, 2 could not
 * run (bad arguments, unreadable file, crash). It never calls `process.exit`, so output is
 * always flushed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatJson } from '../src/linter/format-json.ts';
import { formatStylish } from '../src/linter/format-stylish.ts';
import { measureDuplication, MIN_BLOCK, WARN_PERCENT } from '../src/linter/duplication.ts';
import { lintFlows } from '../src/linter/lint-flows.ts';
import { loadEnv, readFlowDir } from '../src/linter/load-env.ts';
import type { FlowSource } from '../src/linter/types.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'Usage: npm run lint:flows -- [file.json | dir | glob …] [--format stylish|json]';

/** Thrown for problems with the invocation: printed with the usage, exit code 2. */
class UsageError extends Error {}

/** Expands a path argument: a file, a directory (its *.json), or a glob with `*` in the file name. */
function expand(arg: string): string[] {
  const abs = resolve(process.cwd(), arg);
  if (basename(arg).includes('*')) {
    const dir = dirname(abs);
    const pattern = new RegExp(
      '^' +
        basename(arg)
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.') +
        '$',
    );
    if (!existsSync(dir)) throw new UsageError(`No such directory: ${dirname(arg)}`);
    return readdirSync(dir)
      .filter((n) => pattern.test(n))
      .sort()
      .map((n) => join(dir, n));
  }
  if (!existsSync(abs)) throw new UsageError(`No such file: ${arg}`);
  if (statSync(abs).isDirectory())
    return readdirSync(abs)
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map((n) => join(abs, n));
  return [abs];
}

function parseArgs(argv: readonly string[]): { format: 'stylish' | 'json'; paths: string[] } {
  let format: 'stylish' | 'json' = 'stylish';
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg.includes('=') ? arg.slice('--format='.length) : argv[++i];
      if (value !== 'stylish' && value !== 'json')
        throw new UsageError(`Unknown format "${value ?? ''}": use stylish or json.`);
      format = value;
    } else if (arg === '--help' || arg === '-h') {
      throw new UsageError('');
    } else if (arg.startsWith('-')) {
      throw new UsageError(`Unknown option "${arg}".`);
    } else {
      paths.push(arg);
    }
  }
  return { format, paths };
}

/** The share of flows/ written twice, as a line (a warning above the limit; it does not fail the run). */
function duplicationLine(files: readonly FlowSource[]): string {
  const d = measureDuplication(files);
  const figure = `${d.percent.toFixed(1)} % of the lines of flows/ (${d.duplicated} of ${d.lines}) repeat a block of ${MIN_BLOCK}+ lines written elsewhere`;
  if (d.percent <= WARN_PERCENT) return `${figure}.\n`;
  const worst = Object.entries(d.byFile)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([file, n]) => `${file} (${n})`)
    .join(', ');
  return `warning: ${figure}, above ${WARN_PERCENT} %: name the repeated part once (extends, flows/shared/, "use"). Most in ${worst}.\n`;
}

/** Runs the linter and returns the exit code. */
export function main(argv: readonly string[]): number {
  try {
    const { format, paths } = parseArgs(argv);
    let files: FlowSource[];
    if (paths.length === 0) {
      files = readFlowDir(root);
    } else {
      const absolute = [...new Set(paths.flatMap(expand))];
      if (absolute.length === 0) throw new UsageError(`No flow files match ${paths.join(' ')}.`);
      files = absolute.map((file) => {
        try {
          return { path: relative(process.cwd(), file) || file, text: readFileSync(file, 'utf8') };
        } catch (error) {
          throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
        }
      });
    }
    const loaded = loadEnv(root);
    // The library is the rest of flows/: it resolves includes and route claims of the given
    // files. The files being linted are left out of it, however their paths were written.
    const linted = new Set(files.map((f) => resolve(process.cwd(), f.path)));
    const library = (loaded.library ?? []).filter((f) => !linted.has(resolve(root, f.path)));
    const env = { ...loaded, library };
    // Routes no linted file serves are reported only when every flow is linted.
    const partial = library.length > 0;
    const problems = lintFlows(files, env, { partial });
    process.stdout.write(format === 'json' ? formatJson(problems) : formatStylish(problems, files.length));
    // On stderr: the report on stdout stays what it was (one line when clean), for scripts that read it.
    if (format === 'stylish' && paths.length === 0) process.stderr.write(duplicationLine(files));
    return problems.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message ? error.message + '\n' : ''}${USAGE}\n`);
    } else {
      process.stderr.write(
        `lint:flows could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    return 2;
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
