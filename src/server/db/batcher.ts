/**
 * Group commit for hot statements: requests that arrive while the database is busy wait in a
 * queue, and the next batch takes them all at once, so one transaction with a few multi-row
 * statements answers many requests. On the embedded database every statement costs CPU on the
 * one Node thread whatever its size, so this is what lets one process take over a thousand
 * pre-evaluations a second.
 *
 * Guarantees the callers rely on:
 * - a caller's promise settles only after its batch's `run` has settled, so an answer built on
 *   it is sent after what it reports is committed;
 * - items of one batch run in the order they were submitted;
 * - items with the same key never share a batch (a later one waits for the next batch), so a
 *   batch never holds two changes to one row;
 * - when a batch fails, its items are run again one by one, so a bad item fails only its own
 *   caller, with its own error, and the others commit.
 */

/** Runs a batch; answers one result per item, in the items' order. */
export type BatchRunner<I, O> = (items: readonly I[]) => Promise<readonly O[]>;

export interface BatcherOptions<I> {
  /** Most items one batch takes (default 256). */
  maxBatch?: number;
  /** Items with equal keys go to different batches, first come first served. */
  keyOf?: (item: I) => string;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(err: unknown): void;
}

/** Told the size of every batch taken, by any batcher (the metrics listen). */
export const batchObservers = new Set<(size: number) => void>();

/** A queue of items that a {@link BatchRunner} takes one batch at a time. */
export class Batcher<I, O> {
  private readonly queue: Pending<I, O>[] = [];
  private busy = false;
  private readonly maxBatch: number;
  private readonly keyOf: ((item: I) => string) | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly run: BatchRunner<I, O>,
    options: BatcherOptions<I> = {},
  ) {
    this.maxBatch = Math.max(1, options.maxBatch ?? 256);
    this.keyOf = options.keyOf;
  }

  /** Queues `item`; resolves with its result once its batch has run. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // Wait for the end of this turn of the event loop: requests parsed in the same turn
        // share the first batch even when the database was idle.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Resolves once nothing is queued or running (shutdown, tests). */
  idle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.take();
      for (const observe of batchObservers) observe(batch.length);
      await this.runBatch(batch);
    }
    this.busy = false;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** The next batch: oldest first, skipping an item whose key the batch already holds. */
  private take(): Pending<I, O>[] {
    if (this.keyOf === undefined) return this.queue.splice(0, this.maxBatch);
    const keys = new Set<string>();
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    for (const p of this.queue) {
      const key = this.keyOf(p.item);
      if (batch.length < this.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(p);
      } else {
        // Keeps its place: it runs in the next batch, still after the item it waited for.
        rest.push(p);
      }
    }
    this.queue.splice(0, this.queue.length, ...rest);
    return batch;
  }

  private async runBatch(batch: Pending<I, O>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((p) => p.item));
      if (results.length !== batch.length)
        throw new Error(
          `El lote de ${batch.length} elementos respondió ${results.length} resultados; el ejecutor debe responder uno por elemento, en orden`,
        );
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Nothing of the batch was committed: each item runs alone, so only the bad one fails.
      for (const p of batch) await this.runBatch([p]);
    }
  }
}

const registry = new WeakMap<object, Map<string, Batcher<unknown, unknown>>>();

/**
 * The batcher named `name` over `owner` (a database handle), created by `create` on first use.
 * One per database: batches of different databases (tests, restarts) never mix.
 */
export function batcherFor<I, O>(owner: object, name: string, create: () => Batcher<I, O>): Batcher<I, O> {
  let byName = registry.get(owner);
  if (byName === undefined) {
    byName = new Map();
    registry.set(owner, byName);
  }
  let b = byName.get(name) as Batcher<I, O> | undefined;
  if (b === undefined) {
    b = create();
    byName.set(name, b as Batcher<unknown, unknown>);
  }
  return b;
}
