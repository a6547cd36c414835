/**
 * Giving the main thread back between parts of a long job, so no part blocks input or paint for
 * long (a task over 50 ms is a "long task"): `scheduler.yield()` where the browser has it (the
 * job resumes ahead of other queued work), else a new task through `setTimeout`.
 */

/** Resolves in a later task, after the browser had a chance to handle input and paint. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs a generator to its end, yielding to the main thread whenever a slice has taken
 * `sliceMs` or more (the generator's own `yield`s are where it may stop). Resolves with its
 * return value; rejects with what it throws. 5 ms, as React's scheduler: a slice and the part
 * that ends it stay under 50 ms on a phone four times slower than the machine measured.
 */
export async function runInSlices<T>(work: Generator<void, T, void>, sliceMs = 5): Promise<T> {
  let started = performance.now();
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
    if (performance.now() - started >= sliceMs) {
      await yieldToMain();
      started = performance.now();
    }
  }
}
