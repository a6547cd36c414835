/**
 * "Did you mean …?" for names in flow files: the closest known name by edit distance.
 * Shared by the engine's errors and the linter's messages.
 */

/** Levenshtein edit distance (insertions, deletions, substitutions each cost 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Array<number>(b.length + 1);
  let curr = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + cost);
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]!;
}

/**
 * The known name closest to `name`, or `undefined` when none is close enough to be a
 * plausible typo. Case differences count as near-misses, so `preevaluacion` finds
 * `preEvaluacion`. The allowed distance grows with the name: a third of its length, at least 1.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === name) return candidate;
    // A case-only difference is almost surely the intended name.
    const d = candidate.toLowerCase() === lower ? 0.5 : levenshtein(name, candidate);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** ` Did you mean "x"?` for the closest candidate, or an empty string when there is none. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const hit = suggest(name, candidates);
  return hit === undefined ? '' : ` Did you mean "${hit}"?`;
}
