import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

/** A runner that records its batches and doubles numbers; `bad` items make the batch fail. */
function recorder(bad = new Set<number>()) {
  const batches: number[][] = [];
  const run = (items: readonly number[]) => {
    batches.push([...items]);
    const wrong = items.find((i) => bad.has(i));
    return wrong === undefined
      ? Promise.resolve(items.map((i) => i * 2))
      : Promise.reject(new Error(`elemento inválido ${wrong}`));
  };
  return { batches, run };
}

describe('Batcher', () => {
  it('gives the requests of one moment one batch and each caller its own result, in order', async () => {
    const r = recorder();
    const b = new Batcher(r.run);
    const results = await Promise.all([1, 2, 3, 4].map((i) => b.submit(i)));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(r.batches).toEqual([[1, 2, 3, 4]]);
  });

  it('collects what arrives while a batch runs into the next batch', async () => {
    let release!: () => void;
    const batches: number[][] = [];
    const b = new Batcher((items: readonly number[]) => {
      batches.push([...items]);
      return batches.length === 1
        ? new Promise<number[]>((resolve) => (release = () => resolve(items.map((i) => i))))
        : Promise.resolve(items.map((i) => i));
    });
    const first = b.submit(1);
    await new Promise((r) => setImmediate(r));
    const later = [b.submit(2), b.submit(3)];
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('keeps items with the same key in separate batches, first come first served', async () => {
    const batches: string[][] = [];
    const b = new Batcher(
      (items: readonly string[]) => {
        batches.push([...items]);
        return Promise.resolve(items.map((i) => i.toUpperCase()));
      },
      { keyOf: (i) => i.slice(0, 1) },
    );
    const results = await Promise.all(['a1', 'b1', 'a2', 'c1', 'a3'].map((i) => b.submit(i)));
    expect(results).toEqual(['A1', 'B1', 'A2', 'C1', 'A3']);
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2'], ['a3']]);
  });

  it('fails only the bad item of a failed batch, with its own error; the others get their results', async () => {
    const r = recorder(new Set([3]));
    const b = new Batcher(r.run);
    const settled = await Promise.allSettled([1, 2, 3, 4].map((i) => b.submit(i)));
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([
      2,
      4,
      'elemento inválido 3',
      8,
    ]);
    expect(r.batches).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('never takes more than maxBatch items at once', async () => {
    const r = recorder();
    const b = new Batcher(r.run, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => b.submit(i)));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('refuses a runner that answers a different number of results than items', async () => {
    const b = new Batcher((items: readonly number[]) => Promise.resolve(items.slice(1)));
    await expect(b.submit(1)).rejects.toThrow(/uno por elemento/);
  });

  it('reports idle once every queued item has run', async () => {
    const r = recorder();
    const b = new Batcher(r.run);
    const done: number[] = [];
    for (const i of [1, 2]) void b.submit(i).then((v) => done.push(v));
    await b.idle();
    await Promise.resolve();
    expect(done).toEqual([2, 4]);
  });
});
