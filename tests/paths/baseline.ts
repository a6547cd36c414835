/**
 * The run held against `tests/paths/covered.json` (the edges proven so far): what it lost, what
 * it gained, what it could not play, and the list `--update` writes.
 */

/** The `flow|step` part of an edge id. */
const stepOf = (id: string): string => id.split('|').slice(0, 2).join('|');

export interface BaselineInput {
  /** The ids of covered.json. */
  baseline: ReadonlySet<string>;
  /** The edges this run proved. */
  covered: ReadonlySet<string>;
  /** The edges of the flows this run reports on. */
  inScope: ReadonlySet<string>;
  /** The edges of every flow, reported on or not. */
  existing: ReadonlySet<string>;
  /**
   * Flows played without the links that open some of their steps (a quote-opening flow run
   * without any quoter): the edges of steps no run of theirs reached were not played.
   */
  withoutLinks: ReadonlySet<string>;
}

export interface BaselineOutcome {
  /** Proven before, played and no longer covered: the run fails. */
  lost: string[];
  /** Proven before, on steps only a link this run did not have opens: neither lost nor dropped. */
  notPlayed: string[];
  /** Ids of covered.json that name no edge any more (a flow changed): `--update` drops them. */
  stale: string[];
  /** Proven now and not before. */
  gained: string[];
  /** What `--update` writes: what this run proved, and of the rest what it did not play and still exists. */
  next: string[];
}

export function compareBaseline({
  baseline,
  covered,
  inScope,
  existing,
  withoutLinks,
}: BaselineInput): BaselineOutcome {
  const reached = new Set([...covered].map(stepOf));
  const linkOnly = (id: string): boolean => withoutLinks.has(id.split('|')[0]!) && !reached.has(stepOf(id));
  const missed = [...baseline].filter((id) => inScope.has(id) && !covered.has(id));
  const kept = [...baseline].filter((id) => existing.has(id) && (!inScope.has(id) || linkOnly(id)));
  return {
    lost: missed.filter((id) => !linkOnly(id)),
    notPlayed: missed.filter(linkOnly),
    stale: [...baseline].filter((id) => !existing.has(id)),
    gained: [...covered].filter((id) => !baseline.has(id)),
    next: [...new Set([...kept, ...covered])].sort(),
  };
}
