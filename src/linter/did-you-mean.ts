/** Edit distance (Levenshtein) between two strings, case-insensitive. */
export function distance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return 0;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    prev = cur;
  }
  return prev[t.length] ?? 0;
}

/**
 * The known name closest to `name`, when it is close enough to be a likely typo
 * (at most a third of the name's length, and at least 1 and at most 3 edits).
 */
export function closest(name: string, known: Iterable<string>): string | undefined {
  // One-character names (codes like "7") are near everything: no guess is better than a wrong one.
  if (name.length < 2) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    if (candidate === name) continue;
    const d = distance(name, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** ` Did you mean "x"?` when a close name exists, else an empty string: append to a message. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const hit = closest(name, known);
  return hit === undefined ? '' : ` Did you mean "${hit}"?`;
}
