/**
 * The embedded database on its own thread: PGlite runs in a worker (`pglite-worker.mjs`) and
 * this side offers the same `query` / `transaction` / `exec` as a database on the main thread.
 * SQL then uses the machine's second core while the main thread answers HTTP, so the embedded
 * database no longer halves the service's throughput.
 *
 * Rows cross the thread boundary by structured clone, which keeps what PGlite parsed (numbers,
 * strings, `Date`, `bigint`, JSON objects, byte arrays). A database error arrives as an
 * `Error` with the same message and fields (`code`, `detail`, `constraint`…).
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../sandbox/types.ts';
import type { ExecDb } from './migrate.ts';

interface Answer {
  id: number;
  rows?: unknown[];
  error?: Record<string, unknown> & { message: string };
}

interface Waiting {
  resolve(answer: Answer): void;
  reject(err: Error): void;
}

/** The embedded database served from a worker thread. */
export interface ThreadDb extends ExecDb {
  close(): Promise<void>;
}

function revive(error: Answer['error']): Error {
  const err = new Error(error?.message ?? 'Error de base de datos desconocido.');
  if (error) {
    const { message: _message, ...fields } = error;
    Object.assign(err, fields);
  }
  return err;
}

/** Starts the worker on `dir` (created by the caller) and resolves once PGlite is open. */
export async function openPgliteThread(dir: string): Promise<ThreadDb> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
  const waiting = new Map<number, Waiting>();
  let nextId = 1;
  let gone: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: boolean; error?: Answer['error'] }) => {
      worker.off('error', onError);
      if (message.ready) resolve();
      else
        reject(
          new Error(
            `The embedded database did not open in ${dir}: ${message.error?.message ?? 'unknown error'}`,
          ),
        );
    };
    const onError = (err: Error) => {
      worker.off('message', onMessage);
      reject(err);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
  });

  // The worker keeps the process alive only while an answer is awaited: an open but idle
  // database must not stop a script from ending.
  worker.unref();
  const settle = (id: number) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) worker.unref();
    return w;
  };
  worker.on('message', (answer: Answer) => {
    const w = settle(answer.id);
    if (!w) return;
    if (answer.error) w.reject(revive(answer.error));
    else w.resolve(answer);
  });
  const abandon = (err: Error) => {
    gone = err;
    for (const [id, w] of waiting) {
      settle(id);
      w.reject(err);
    }
  };
  worker.on('error', (err) => abandon(new Error(`The embedded database's thread failed: ${err.message}`)));
  worker.on('exit', (code) =>
    abandon(new Error(`The embedded database's thread stopped (exit code ${code}).`)),
  );

  let nextTx = 1;
  /** Sends a message that has no answer. */
  const post = (message: Record<string, unknown>) => {
    if (!gone) worker.postMessage(message);
  };
  const ask = (message: Record<string, unknown>): Promise<Answer> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<Answer>((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  };

  const handle = (tx?: number): ExecDb => ({
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: ((await ask({ op: 'query', sql, params, tx })).rows ?? []) as T[],
    }),
    exec: async (sql: string) => {
      await ask({ op: 'exec', sql, tx });
    },
    transaction: async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      // One connection: a nested transaction joins the open one.
      if (tx !== undefined) return fn(handle(tx));
      // No round trip for BEGIN: the worker runs it just ahead of the first statement.
      const opened = nextTx++;
      post({ op: 'begin', tx: opened });
      let result: T;
      try {
        result = await fn(handle(opened));
      } catch (err) {
        await ask({ op: 'end', tx: opened, commit: false }).catch(() => undefined);
        throw err;
      }
      await ask({ op: 'end', tx: opened, commit: true });
      return result;
    },
  });

  return {
    ...handle(),
    close: async () => {
      if (gone) return;
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
}
