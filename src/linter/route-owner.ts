/**
 * The flow most likely to have lost a route that nothing serves: the one whose id or routes
 * share the longest beginning with it (`/motofurgon` → the flow serving `/moto` and
 * `/mototaxi`), so the problem is reported on that flow's `routes`, where the fix goes.
 */
import { asFlow, flowId } from './project.ts';
import type { ParsedFlow } from './types.ts';

const shared = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/** The file of `files` closest to `route`, or undefined when none shares more than the leading slash and two letters. */
export function routeOwner(route: string, files: readonly ParsedFlow[]): ParsedFlow | undefined {
  let best: ParsedFlow | undefined;
  let bestScore = 3;
  for (const file of files) {
    const routes = asFlow(file)?.routes;
    const names = [
      ...(Array.isArray(routes) ? routes.filter((r): r is string => typeof r === 'string') : []),
    ];
    const id = flowId(file);
    if (id !== undefined) names.push(`/${id}`);
    for (const name of names) {
      const score = shared(route.toLowerCase(), name.toLowerCase());
      if (score > bestScore) {
        best = file;
        bestScore = score;
      }
    }
  }
  return best;
}
