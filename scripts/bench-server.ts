/**
 * Load benchmark of the origination service: starts the server on a free loopback port over a
 * temporary data directory, drives the pre-evaluation (`lde.preEvaluate`, a new DNI on every
 * request) and a simulation (`consumo.quote`) with autocannon, and prints requests/s and
 * latency percentiles. Runs on the embedded database, then on PostgreSQL when DATABASE_URL is
 * set. Budget: ≥ 1,500 req/s pre-evaluation at p99 ≤ 50 ms on the embedded database.
 *
 * Every run prints the machine's load average (the rate depends on the neighbours) and the
 * server's CPU time per request, counted until the deferred policy evaluations have run (the
 * ceiling one free core would reach), in all and on the main thread. Any non-2xx answer, error or timeout prints a MISSED line
 * and the script exits with status 1; so does a missed budget.
 *
 *   npm run bench:server                 # BENCH_SECONDS=10 BENCH_CONNECTIONS=16 by default
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/free-port.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number; p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}
interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest & { body?: string };
  body?: string;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** The sandbox's policy-evaluation delay: each pre-evaluation schedules an evaluation this much later. */
const EVALUATION_DELAY_MS = 1500;

/** The load average of the machine, as `uptime` prints it. */
function load(): string {
  return `carga ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

async function startServer(
  databaseUrl: string | null,
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SANDBOX_EVALUATION_DELAY_MS: String(EVALUATION_DELAY_MS),
  };
  if (databaseUrl === null) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  delete env.UPSTREAM_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      const r = await fetch(`${url}/__sandbox/scenarios`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('el servidor no respondió en 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, child, dataDir };
}

async function stopServer(s: { child: ChildProcess; dataDir: string }): Promise<void> {
  if (s.child.exitCode === null) {
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    await exited;
  }
  rmSync(s.dataDir, { recursive: true, force: true });
}

let dniCounter = 0;
/** A fresh unlisted DNI per request (40000000–49999999 are outside every scenario table). */
function nextDni(): string {
  dniCounter = (dniCounter + 7919) % 10000000;
  return String(40000000 + dniCounter);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

const SCENARIOS: { name: string; request: AutocannonRequest }[] = [
  {
    name: 'pre-evaluación (lde.preEvaluate)',
    request: {
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      headers: JSON_HEADERS,
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          tipoDocumento: 1,
          documento: nextDni(),
          fechaNacimiento: '1990-05-10',
          placa: 'ABC-123',
          recorridoxDia: 3,
          telefono: '987654321',
          email: 'cliente@example.pe',
          terms: '1',
          codigoProducto: 30,
        }),
      }),
    },
  },
  {
    name: 'simulación (consumo.quote)',
    request: {
      method: 'POST',
      path: '/kong/prospecto/v2.0/simulacion/cotizar',
      headers: JSON_HEADERS,
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          importeFinanciar: 3000 + (dniCounter++ % 20) * 500,
          numeroCuotas: 12 + (dniCounter % 4) * 6,
        }),
      }),
    },
  },
];

/**
 * CPU time the server process has used, in ms (Linux `/proc`): in all and on its main thread
 * (the thread whose id is the process id; the embedded database runs on a worker thread). On a
 * shared machine the wall-clock rate depends on the neighbours; CPU time per request does not.
 * The main thread's share gives the ceiling of one process: HTTP, validation and the
 * evaluations cannot spread over more than that thread.
 */
interface CpuMs {
  total: number;
  main: number;
}

function ticksMs(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the stat line, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function serverCpuMs(pid: number | undefined): CpuMs | null {
  try {
    return { total: ticksMs(`/proc/${pid}/stat`), main: ticksMs(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return null;
  }
}

function row(name: string, r: AutocannonResult, cpuMs: CpuMs | null): string {
  const failures = r.non2xx + r.errors + r.timeouts;
  const done = r['2xx'] + r.non2xx;
  const cpu =
    cpuMs !== null && done > 0
      ? `   CPU ${(cpuMs.total / done).toFixed(2)} ms/sol., hilo principal ${(cpuMs.main / done).toFixed(2)} ms (techo del hilo ≈ ${Math.round(done / (cpuMs.main / 1000))} req/s)`
      : '';
  return `${name.padEnd(36)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   max ${String(r.latency.max).padStart(5)} ms   ${done} sol.   ${failures === 0 ? 'sin fallos' : `${failures} fallos (non2xx ${r.non2xx}, errores ${r.errors}, timeouts ${r.timeouts})`}${cpu}`;
}

/** Set when any answer failed or the budget was missed: the script then exits with status 1. */
let missed = false;

/** Prints a MISSED line for every failed answer of a run. */
function checkAnswers(label: string, name: string, r: AutocannonResult): void {
  const failures = r.non2xx + r.errors + r.timeouts;
  if (failures === 0) return;
  missed = true;
  console.log(
    `MISSED ${label} ${name}: ${failures} respuestas fallidas (non2xx ${r.non2xx}, errores ${r.errors}, timeouts ${r.timeouts}); los números de esta fila no valen`,
  );
}

async function runOn(label: string, databaseUrl: string | null): Promise<AutocannonResult[]> {
  const s = await startServer(databaseUrl);
  const results: AutocannonResult[] = [];
  try {
    console.log(`\n${label}: ${CONNECTIONS} conexiones, ${SECONDS} s por escenario (${load()})`);
    for (const sc of SCENARIOS) {
      // A short warm-up: JIT, schema compilation, database caches.
      await autocannon({ url: s.url, connections: CONNECTIONS, duration: 1, requests: [sc.request] });
      const cpuBefore = serverCpuMs(s.child.pid);
      const r = await autocannon({
        url: s.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [sc.request],
      });
      // The evaluations the last requests scheduled still cost CPU: wait for them before reading it.
      await new Promise((resolve) => setTimeout(resolve, EVALUATION_DELAY_MS + 1000));
      const cpuAfter = serverCpuMs(s.child.pid);
      console.log(
        row(
          sc.name,
          r,
          cpuBefore && cpuAfter
            ? { total: cpuAfter.total - cpuBefore.total, main: cpuAfter.main - cpuBefore.main }
            : null,
        ),
      );
      checkAnswers(label, sc.name, r);
      results.push(r);
    }
  } finally {
    await stopServer(s);
  }
  return results;
}

const embedded = await runOn('PGlite (base embebida)', null);
const pre = embedded[0]!;
const ok = pre.requests.average >= 1500 && pre.latency.p99 <= 50;
console.log(
  `presupuesto pre-evaluación en PGlite (≥ 1500 req/s, p99 ≤ 50 ms): ${ok ? 'cumplido' : 'NO cumplido'} (${load()})`,
);
if (!ok) {
  missed = true;
  console.log(
    `MISSED presupuesto: ${pre.requests.average.toFixed(0)} req/s con p99 ${pre.latency.p99} ms (${load()})`,
  );
}
const url = process.env.DATABASE_URL;
if (url) await runOn('PostgreSQL (DATABASE_URL)', url);
else console.log('\nPostgreSQL: DATABASE_URL sin definir; solo se midió PGlite');
if (missed) process.exitCode = 1;
