/**
 * `npm run test:paths [-- --update] [--reads] [--jobs=N] [flow-id …]`: the generated path tests. Every edge of every
 * flow (each call's answer codes and outcome rules, socket waits, timers; see
 * tests/paths/edges.ts) is played headlessly, engine against the in-process sandbox service,
 * along a path the planner finds from the start step with the sandbox's scenario identities
 * (tests/paths/explore.ts). Ends with `edges: N of M covered` split into the edges proven by a
 * path, those reported unreachable by the linter (codes a call's `answers` leaves out, rules that
 * say they are `unreachable`) and those still uncovered; lists each uncovered edge at its
 * file:line with the reason, each explained one at the `answers` or rule that explains it
 * (src/linter/README.md).
 *
 * Exit code 1 when an edge of `tests/paths/covered.json` (the edges proven so far) is no
 * longer covered, when the service refuses a call a flow makes, or when the engine throws;
 * `--update` rewrites that list after a change that covers more (or removes an edge on
 * purpose), dropping the ids of edges that no longer exist. A flow that opens quotes run
 * without a quoter does not play the steps only a quote's link opens: their edges are
 * reported as not played, not as lost (tests/paths/baseline.ts). 2 when it could not run.
 *
 * `--reads` lists, under each flow's line, every text each identity read on its runs (a step's
 * title, a message page's, a dialog's): what a row of the readings table (tests/paths/reads.ts)
 * is written from.
 *
 * Flows play in `--jobs` child processes (one per core by default; `--jobs=1` plays them in this
 * process, one after another): each its own event loop, services and database threads. A flow
 * opened from links plays them in one part per process, side by side, and the parts' outcomes are
 * merged. The report is the same either way, printed in play order.
 */
import { fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CompiledFlow } from '../src/engine/index.ts';
import { SCENARIOS } from '../src/server/sandbox/scenarios.ts';
import { emptyDatabase } from '../src/server/db/empty-database.ts';
import { openTestDb, startTestApp } from '../src/server/test-support.ts';
import type { TestApp } from '../tests/paths/applicant.ts';
import { compareBaseline } from '../tests/paths/baseline.ts';
import { edgesOf, type Edge } from '../tests/paths/edges.ts';
import { Explorer, type LinkSource } from '../tests/paths/explore.ts';
import { identities } from '../tests/paths/identities.ts';
import { loadFlows, ROOT, type LoadedFlow } from '../tests/paths/load-flows.ts';
import { FRESH, READINGS, unmet, type Met } from '../tests/paths/reads.ts';

const BASELINE = join(ROOT, 'tests', 'paths', 'covered.json');

/** A flow opened from an SMS link: its `token` parameter comes from the link. */
const isLinkFlow = (params: readonly string[]): boolean => params.includes('token');

/**
 * A flow a quote's link may open (`?cotizacion=`), though it starts without one too: played with
 * its own identities and with the links the quoters played before it sent (run it with its
 * quoter: `npm run test:paths -- cotizador-taxi taxi-profesional`).
 */
const QUOTE_LINK = 'cotizacion';
/** A quoter sends quotes (consumo.sendQuote): it is played before the flows its links open. */
const sendsQuotes = (flow: CompiledFlow): boolean =>
  JSON.stringify(flow.flow).includes('"consumo.sendQuote"');
const opensQuotes = (flow: CompiledFlow): boolean => flow.params.includes(QUOTE_LINK) && !sendsQuotes(flow);

/** Plain flows and the quoters first, then those a quote opens, then the link flows (each played from what the earlier ones sent). */
const playOrder = (flow: CompiledFlow): number => (isLinkFlow(flow.params) ? 2 : opensQuotes(flow) ? 1 : 0);

/**
 * The URL parameters each run starts with: a link flow's own runs carry a tampered token (the
 * real ones come from the links), and one visits the page without a link (the service refuses
 * the missing token, and the flow goes on through the call's onError: `refusesWithoutLink`).
 */
function paramSets(params: readonly string[]): Record<string, string>[] {
  return isLinkFlow(params) ? [{ token: 'enlace-alterado' }, {}] : [{}];
}

/** Why an edge was not covered, in the analyst's words. */
function reason(
  edge: Edge,
  covered: ReadonlySet<string>,
  all: readonly Edge[],
  flow: CompiledFlow,
  withoutQuotes: boolean,
): string {
  const stepReached = all.some((e) => e.step === edge.step && covered.has(e.id));
  const callAnswered = all.some(
    (e) => e.step === edge.step && e.trigger === edge.trigger && covered.has(e.id),
  );
  if (!stepReached && withoutQuotes)
    return `the step "${edge.step}" is not reached without a quote's link (?${QUOTE_LINK}=), and no flow that sends one ran`;
  if (!stepReached) return `the step "${edge.step}" is not reached by any sandbox identity`;
  if (edge.kind === 'timeout') return 'the socket always answers for the identities that reach this step';
  if (!callAnswered) return `"${edge.trigger}" of "${edge.step}" is not made on any sandbox path`;
  const endpoint = flow.steps.get(edge.step)?.calls.get(edge.trigger)?.endpoint;
  if (edge.kind === 'code' && endpoint?.answersStoredState === true)
    return `the back office moved the application to state ${edge.what} before this lookup, and the service answered another state`;
  if (edge.kind === 'code') return `no scenario identity makes the service answer ${edge.what} here`;
  if (edge.kind === 'rule') return 'no sandbox answer satisfies this rule';
  return 'not reached';
}

/** This process's database, emptied for each service (see {@link freshService}). */
let shared: ReturnType<typeof openTestDb> | undefined;
let serving = false;

/**
 * A fresh in-process service, listening: on this process's one database, emptied first (what a
 * fresh service's database holds: `emptyDatabase`), not a database opened for each (opening
 * PGlite is most of a service's start, and the flows start hundreds). One service at a time.
 */
async function freshService(): Promise<{ app: TestApp; port: number; close(): Promise<void> }> {
  if (serving) throw new Error("a service was started while another one held this process's database");
  serving = true;
  try {
    shared ??= openTestDb();
    const { db } = await shared;
    await emptyDatabase(db);
    const srv = await startTestApp({}, { db });
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const close = async (): Promise<void> => {
      try {
        await srv.stop();
      } finally {
        serving = false;
      }
    };
    return { app: srv, port: (srv.app.server.address() as AddressInfo).port, close };
  } catch (error) {
    serving = false;
    throw error;
  }
}

/** Closes and removes this process's database, when one was opened. */
async function closeShared(): Promise<void> {
  const opened = shared;
  shared = undefined;
  if (opened !== undefined) await (await opened).close();
}

/** What playing one flow (or one part of its links) proved, as a child process sends it back. */
interface FlowOutcome {
  /** The ids of the flow's edges some path proved. */
  covered: string[];
  /** What went wrong on the paths (a call refused, the engine throwing). */
  problems: string[];
  /** The links its runs sent, for the flows those links open. */
  links: LinkSource[];
  /** The texts each identity read (tests/paths/reads.ts). */
  met: [string, string[]][];
  /** How long it took, in seconds. */
  seconds: number;
}

/**
 * One flow to play: its id, the links the flows played before it sent, whether quotes were
 * sent, and for a flow opened from links, which part of them (`part` of `parts`, every
 * `parts`-th link): the parts of one flow play in parallel and their outcomes are merged.
 */
interface FlowJob {
  id: string;
  links: LinkSource[];
  withoutQuotes: boolean;
  part: number;
  parts: number;
}

/**
 * Plays one flow, or one part of its links, headlessly against fresh in-process services
 * (tests/paths/explore.ts). A link flow is opened from the links of `job.links` that name it
 * (its part of them), and without a link by the first part only; a flow that opens quotes
 * from the quotes those links carry.
 */
async function playFlow(
  { compiled }: LoadedFlow,
  hosts: ReadonlyMap<string, CompiledFlow>,
  job: FlowJob,
): Promise<FlowOutcome> {
  const people = identities(compiled);
  const link = isLinkFlow(compiled.params);
  const explorer = new Explorer(
    compiled,
    freshService,
    paramSets(compiled.params),
    new Set(people.filter((i) => i !== SCENARIOS.happyPathExample)),
    hosts,
    !link && opensQuotes(compiled) ? QUOTE_LINK : 'token',
  );
  const began = Date.now();
  const links = job.links.filter((_, i) => i % job.parts === job.part);
  await explorer.run(
    job.part > 0 ? [] : link ? [SCENARIOS.happyPathExample] : people,
    link || opensQuotes(compiled) ? links : [],
  );
  return {
    covered: [...explorer.covered.keys()],
    problems: [...new Set(explorer.problems)],
    links: explorer.links,
    met: [...explorer.met].map(([who, texts]) => [who, [...texts]]),
    seconds: (Date.now() - began) / 1000,
  };
}

/** The outcomes of a flow's parts as one: what any part proved, sent or read. */
function mergeOutcomes(parts: readonly FlowOutcome[]): FlowOutcome {
  const met = new Map<string, Set<string>>();
  for (const [who, texts] of parts.flatMap((p) => p.met))
    met.set(who, new Set([...(met.get(who) ?? []), ...texts]));
  return {
    covered: [...new Set(parts.flatMap((p) => p.covered))],
    problems: [...new Set(parts.flatMap((p) => p.problems))],
    links: parts.flatMap((p) => p.links),
    met: [...met].map(([who, texts]) => [who, [...texts]]),
    // The parts play side by side: the flow took as long as its longest part.
    seconds: Math.max(...parts.map((p) => p.seconds)),
  };
}

/**
 * A flow's lines of the report (proven, unreachable and uncovered edges, how long it took, the
 * readings checked and, with `--reads`, what each identity read) and its problems, the
 * readings no run met among them.
 */
function reportFlow(
  { compiled, files }: LoadedFlow,
  outcome: FlowOutcome,
  { withoutQuotes, reads }: { withoutQuotes: boolean; reads: boolean },
): { report: string[]; problems: string[] } {
  const edges = edgesOf(compiled, files);
  const covered = new Set(outcome.covered);
  const proven = edges.filter((e) => covered.has(e.id)).length;
  const explained = edges.filter((e) => e.unreachable !== undefined && !covered.has(e.id)).length;
  const report = [
    `${compiled.id}: ${proven} of ${edges.length} edges proven, ${explained} unreachable (${outcome.seconds.toFixed(1)} s)`,
  ];
  for (const e of edges.filter((x) => !covered.has(x.id)))
    if (e.unreachable !== undefined)
      report.push(
        `  unreachable ${e.unreachable.at} ${e.step} ${e.trigger} ${e.kind} ${e.what}: ${e.unreachable.by === 'answers' ? '"answers" leaves it out' : 'the rule says it can never hold'} (${e.unreachable.why})`,
      );
    else
      report.push(
        `  uncovered ${e.at} ${e.step} ${e.trigger} ${e.kind} ${e.what}: ${reason(e, covered, edges, compiled, withoutQuotes)}`,
      );
  const readings = READINGS.filter((r) => r.flow === compiled.id).length;
  if (readings > 0) report[0] += `, ${readings} reading(s) checked`;
  const met: Met = new Map(outcome.met.map(([who, texts]) => [who, new Set(texts)]));
  if (reads) report.push(...readsReport(met));
  return { report, problems: [...outcome.problems, ...unmet(compiled.id, met)] };
}

/** What each identity's runs showed, one line a text, identities in order (`fresh` first). */
function readsReport(met: Met): string[] {
  const who = [...met.keys()].sort((a, b) => (a === FRESH ? -1 : b === FRESH ? 1 : a.localeCompare(b)));
  return who.flatMap((id) => [
    `  reads ${id === FRESH ? 'a fresh identity' : `DNI ${id}`}:`,
    ...[...met.get(id)!].sort().map((t) => `    ${JSON.stringify(t)}`),
  ]);
}

/** Plays flows one at a time, in this process or in a child of its own. */
interface Player {
  play(job: FlowJob): Promise<FlowOutcome>;
  close(): Promise<void>;
}

/** `--jobs=N`: how many flows are played at once (default: one per core). */
function jobsArg(argv: readonly string[]): number | undefined {
  const value = argv.find((a) => a.startsWith('--jobs='))?.slice('--jobs='.length);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--jobs=${value}: expected a whole number of at least 1`);
  return n;
}

/** The player of `--jobs=1`: this process. */
function inProcess(loaded: readonly LoadedFlow[]): Player {
  const hosts = new Map(loaded.map((f) => [f.compiled.id, f.compiled]));
  return {
    play: (job) =>
      playFlow(
        loaded.find((f) => f.compiled.id === job.id)!,
        hosts,
        job,
      ),
    close: () => Promise.resolve(),
  };
}

/**
 * A player in a child process (this script with `--child`): each process has its own event loop,
 * services and database threads, so two flows play on two cores.
 */
function childProcess(): Player {
  const child = fork(fileURLToPath(import.meta.url), ['--child'], { execArgv: process.execArgv });
  let pending: { resolve(o: FlowOutcome): void; reject(e: Error): void } | undefined;
  const lost = (why: string) => {
    pending?.reject(new Error(why));
    pending = undefined;
  };
  child.on('message', (message: { outcome?: FlowOutcome; error?: string }) => {
    if (message.outcome !== undefined) pending?.resolve(message.outcome);
    else pending?.reject(new Error(message.error ?? 'the child process failed'));
    pending = undefined;
  });
  child.on('exit', (code, signal) =>
    lost(`a child process ended (${signal ?? `exit code ${code}`}) while playing a flow`),
  );
  child.on('error', (error) => lost(error.message));
  return {
    play: (job) =>
      new Promise<FlowOutcome>((resolve, reject) => {
        pending = { resolve, reject };
        child.send(job);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** `--child`: plays the flows the parent sends, one at a time, and answers each one's outcome. */
function serveParent(): void {
  const loaded = loadFlows();
  const hosts = new Map(loaded.map((f) => [f.compiled.id, f.compiled]));
  process.on('message', (job: FlowJob) => {
    const flow = loaded.find((f) => f.compiled.id === job.id);
    const played =
      flow === undefined ? Promise.reject(new Error(`no flow ${job.id}`)) : playFlow(flow, hosts, job);
    played.then(
      (outcome) => process.send!({ outcome }),
      (error: unknown) =>
        process.send!({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent closes the channel when it has no more flows: the child ends with it, its
  // database removed.
  process.on('disconnect', () => {
    void closeShared().finally(() => process.exit(process.exitCode ?? 0));
  });
}

async function main(argv: readonly string[]): Promise<number> {
  const update = argv.includes('--update');
  const reads = argv.includes('--reads');
  const only = argv.filter((a) => !a.startsWith('--'));
  const loaded = loadFlows();
  // Flows opened from links go last: they are played from the links the others sent.
  const wantsLinks = loaded.some(
    (f) => isLinkFlow(f.compiled.params) && (only.length === 0 || only.includes(f.compiled.id)),
  );
  const flows = loaded
    .filter(
      (f) =>
        only.length === 0 || only.includes(f.compiled.id) || (wantsLinks && !isLinkFlow(f.compiled.params)),
    )
    .sort((a, b) => playOrder(a.compiled) - playOrder(b.compiled));
  const selected = (id: string): boolean => only.length === 0 || only.includes(id);
  // A flow that opens quotes, played without the quoters that send them (run alone): the steps
  // only a quote's link opens are not played, and their edges not lost (tests/paths/baseline.ts).
  const quotesSent = flows.some((f) => sendsQuotes(f.compiled));
  const withoutQuotes = new Set(
    flows.filter((f) => opensQuotes(f.compiled) && !quotesSent).map((f) => f.compiled.id),
  );
  // Every edge id of every flow, run or not: covered.json keeps no id of an edge that is gone.
  const existing = new Set(loaded.flatMap((f) => edgesOf(f.compiled, f.files).map((e) => e.id)));
  const baseline = new Set<string>(JSON.parse(readFileSync(BASELINE, 'utf8')) as string[]);
  const coveredAll = new Set<string>();
  const allEdges: Edge[] = [];
  const problems: string[] = [];
  const jobs = Math.max(1, Math.min(jobsArg(argv) ?? availableParallelism(), flows.length));
  const players = Array.from({ length: jobs }, () => (jobs === 1 ? inProcess(loaded) : childProcess()));
  // Played phase by phase (see playOrder), each phase's flows shared among the players as they
  // free up; a phase starts with the links every flow of the earlier phases sent, in file order.
  // Flows of one phase do not see each other's links: none opens a link another of its phase
  // sends (a flow that did would lose edges against covered.json, and need a phase of its own).
  const played = new Map<string, FlowOutcome>();
  const links: LinkSource[] = [];
  // Each flow's report is printed, and counted, in play order, as soon as it and the flows
  // before it have been played.
  let printed = 0;
  const report = (): void => {
    for (; printed < flows.length; printed++) {
      const flow = flows[printed]!;
      const outcome = played.get(flow.compiled.id);
      if (outcome === undefined) return;
      if (!selected(flow.compiled.id)) continue;
      const edges = edgesOf(flow.compiled, flow.files);
      allEdges.push(...edges);
      // Only this flow's own edges (its runs also pass through the flows that send its links).
      const own = new Set(edges.map((e) => e.id));
      for (const id of outcome.covered) if (own.has(id)) coveredAll.add(id);
      const lines = reportFlow(flow, outcome, { withoutQuotes: withoutQuotes.has(flow.compiled.id), reads });
      problems.push(...lines.problems);
      for (const line of lines.report) console.log(line);
    }
  };
  try {
    for (const phase of [0, 1, 2]) {
      const inPhase = flows.filter((f) => playOrder(f.compiled) === phase);
      const sent = [...links];
      // A flow opened from links plays them in as many parts as there are players (cambiarcuenta
      // opens some 500), side by side; any other flow in one.
      const queue = inPhase.flatMap((f) => {
        const parts = isLinkFlow(f.compiled.params) ? players.length : 1;
        return Array.from({ length: parts }, (_, part) => ({ id: f.compiled.id, part, parts }));
      });
      const done = new Map<string, FlowOutcome[]>();
      await Promise.all(
        players.map(async (player) => {
          for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
            const { id, part, parts } = next;
            const outcome = await player.play({
              id,
              links: sent,
              withoutQuotes: withoutQuotes.has(id),
              part,
              parts,
            });
            // Kept in part order, so the merged links are in the same order on every run.
            const of = done.get(id) ?? [];
            of[part] = outcome;
            done.set(id, of);
            if (of.filter(Boolean).length === parts) {
              played.set(id, mergeOutcomes(of));
              report();
            }
          }
        }),
      );
      for (const f of inPhase) links.push(...played.get(f.compiled.id)!.links);
    }
  } finally {
    await Promise.all(players.map((p) => p.close()));
    await closeShared();
  }
  const inScope = new Set(allEdges.map((e) => e.id));
  // The steps some run of this invocation went through (an edge proven there).
  const { lost, notPlayed, stale, gained, next } = compareBaseline({
    baseline,
    covered: coveredAll,
    inScope,
    existing,
    withoutLinks: withoutQuotes,
  });
  let failed = false;
  if (problems.length > 0) {
    failed = true;
    console.log(`\n${problems.length} problem(s) on the paths:`);
    for (const p of problems) console.log(`  ${p}`);
  }
  if (notPlayed.length > 0)
    console.log(
      `\n${notPlayed.length} edge(s) proven before were not played: their steps open only from a quote's link (?${QUOTE_LINK}=), and no flow that sends one ran (run ${[...withoutQuotes].join(', ')} with its quoter).`,
    );
  if (update) {
    if (lost.length > 0) {
      console.log(`\n${lost.length} edge(s) proven before are no longer covered, and no longer listed:`);
      for (const id of lost) console.log(`  ${allEdges.find((e) => e.id === id)?.at ?? ''} ${id}`);
    }
    writeFileSync(BASELINE, JSON.stringify(next, null, 2) + '\n');
    console.log(
      `\nwrote ${BASELINE}${stale.length > 0 ? ` (${stale.length} id(s) of edges that no longer exist dropped)` : ''}`,
    );
  } else {
    if (stale.length > 0)
      console.log(
        `\n${stale.length} id(s) of tests/paths/covered.json name edges that no longer exist: --update drops them.`,
      );
    if (lost.length > 0) {
      failed = true;
      console.log(`\n${lost.length} edge(s) proven before are no longer covered:`);
      for (const id of lost) console.log(`  ${allEdges.find((e) => e.id === id)?.at ?? ''} ${id}`);
    }
    if (gained.length > 0)
      console.log(
        `\n${gained.length} edge(s) newly covered: run npm run test:paths -- --update to keep them proven.`,
      );
  }
  // Proven by a path, or reported unreachable by the linter (a code the call's `answers` leaves
  // out, a rule that says it is `unreachable`).
  const unreachable = allEdges.filter((e) => e.unreachable !== undefined && !coveredAll.has(e.id)).length;
  const proven = coveredAll.size;
  console.log(
    `edges: ${proven + unreachable} of ${allEdges.length} covered (${proven} proven by a path test, ${unreachable} reported unreachable by the linter, ${allEdges.length - proven - unreachable} uncovered)`,
  );
  return failed ? 1 : 0;
}

if (process.argv.includes('--child')) serveParent();
else
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 2;
    },
  );
