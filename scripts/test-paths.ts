/**
 * `npm run test:paths [-- --update] [flow-id …]`: the generated path tests. Every edge of every
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
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { CompiledFlow } from '../src/engine/index.ts';
import { SCENARIOS } from '../src/server/sandbox/scenarios.ts';
import { startTestApp } from '../src/server/test-support.ts';
import { compareBaseline } from '../tests/paths/baseline.ts';
import { edgesOf, type Edge } from '../tests/paths/edges.ts';
import { Explorer, type LinkSource } from '../tests/paths/explore.ts';
import { identities } from '../tests/paths/identities.ts';
import { loadFlows, ROOT } from '../tests/paths/load-flows.ts';

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

async function main(argv: readonly string[]): Promise<number> {
  const update = argv.includes('--update');
  const only = argv.filter((a) => !a.startsWith('--'));
  const loaded = loadFlows();
  const hosts = new Map(loaded.map((f) => [f.compiled.id, f.compiled]));
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
  const links: LinkSource[] = [];
  const baseline = new Set<string>(JSON.parse(readFileSync(BASELINE, 'utf8')) as string[]);
  const coveredAll = new Set<string>();
  const allEdges: Edge[] = [];
  const problems: string[] = [];
  const lines: string[] = [];
  for (const { compiled, files } of flows) {
    const edges = edgesOf(compiled, files);
    const open = async () => {
      const srv = await startTestApp();
      await srv.app.listen({ port: 0, host: '127.0.0.1' });
      return { app: srv, port: (srv.app.server.address() as AddressInfo).port, close: () => srv.stop() };
    };
    {
      const people = identities(compiled);
      const link = isLinkFlow(compiled.params);
      const explorer = new Explorer(
        compiled,
        open,
        paramSets(compiled.params),
        new Set(people.filter((i) => i !== SCENARIOS.happyPathExample)),
        hosts,
        !link && opensQuotes(compiled) ? QUOTE_LINK : 'token',
      );
      const began = Date.now();
      await explorer.run(
        link ? [SCENARIOS.happyPathExample] : people,
        link || opensQuotes(compiled) ? links : [],
      );
      links.push(...explorer.links);
      if (!selected(compiled.id)) continue;
      allEdges.push(...edges);
      const ids = new Set(edges.map((e) => e.id));
      const covered = [...explorer.covered.keys()].filter((id) => ids.has(id));
      covered.forEach((id) => coveredAll.add(id));
      problems.push(...new Set(explorer.problems));
      const explained = edges.filter(
        (e) => e.unreachable !== undefined && !explorer.covered.has(e.id),
      ).length;
      lines.push(
        `${compiled.id}: ${covered.length} of ${edges.length} edges proven, ${explained} unreachable (${((Date.now() - began) / 1000).toFixed(1)} s)`,
      );
      console.log(lines.at(-1));
      for (const e of edges.filter((x) => !explorer.covered.has(x.id)))
        if (e.unreachable !== undefined)
          console.log(
            `  unreachable ${e.unreachable.at} ${e.step} ${e.trigger} ${e.kind} ${e.what}: ${e.unreachable.by === 'answers' ? '"answers" leaves it out' : 'the rule says it can never hold'} (${e.unreachable.why})`,
          );
        else
          console.log(
            `  uncovered ${e.at} ${e.step} ${e.trigger} ${e.kind} ${e.what}: ${reason(e, explorer.covered as unknown as Set<string>, edges, compiled, withoutQuotes.has(compiled.id))}`,
          );
    }
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);
