// @ts-check
/**
 * The embedded database's own thread: hosts PGlite (PostgreSQL compiled to WebAssembly) in a
 * `worker_threads` worker, so SQL runs on a second core instead of taking turns with HTTP,
 * validation and the policy evaluations on the main thread. The main side is
 * `pglite-thread.ts`; this file is plain JavaScript because a worker does not inherit the
 * TypeScript loader the service starts with.
 *
 * Messages in (`id` numbers the request; `tx` names an open transaction):
 *   { id, op: 'query', sql, params?, tx? }   → { id, rows }
 *   { id, op: 'exec', sql, tx? }             → { id }
 *   { op: 'begin', tx }                      (no answer: the transaction's statements follow)
 *   { id, op: 'end', tx, commit }            → { id }   (commit or roll back)
 *   { id, op: 'close' }                      → { id }
 * A failure answers { id, error: { message, ...the database error's fields } }.
 *
 * Statements run one at a time, in arrival order; an open transaction holds the database until
 * it ends, so everything else waits for it, as on a single connection.
 *
 * A transaction costs no round trip of its own: the main side numbers it, and its BEGIN
 * travels just ahead of its first statement.
 *
 * A statement with parameters goes to PostgreSQL as one extended-protocol message (parse, bind,
 * describe, execute, sync) sent into the WebAssembly module once. PGlite's own `query` enters
 * the module five times per statement and asks for the parameter types every time, which made
 * it three to five times dearer; here each SQL text is described once and prepared (see
 * `statements`), later runs only bind and execute it, and PGlite's own serialisers and parsers
 * turn values into text and rows back into values.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse as pgParse, protocol } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread (see pglite-thread.ts).');

/** @param {unknown} err */
function serialiseError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  /** @type {Record<string, unknown>} */
  const out = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    // Only plain values cross threads (code, detail, constraint, position…).
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

/** @param {number} id @param {Record<string, unknown>} body */
const answer = (id, body) => port.postMessage({ id, ...body });
/** @param {number} id @param {unknown} err */
const fail = (id, err) => port.postMessage({ id, error: serialiseError(err) });

/** @type {PGlite} */
let lite;
try {
  lite = await PGlite.create(/** @type {{ dir: string }} */ (workerData).dir);
  // Every COMMIT writes its WAL records to the data directory before it answers. PGlite has no
  // WAL writer: with `synchronous_commit = off` committed transactions stayed in WAL buffers
  // inside the WebAssembly memory until the buffers filled or the database closed, so a killed
  // process lost every application answered since the last clean stop. PGlite runs with
  // `fsync = off` (`-F`), so the write reaches the operating system, not the disk: a killed
  // process loses nothing, a power cut can lose the last writes. The cost stays low because
  // the hot statements commit in groups (`batcher.ts`): one WAL write serves a whole batch.
  await lite.exec('SET synchronous_commit TO on');
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: serialiseError(err) });
  process.exit(1);
}

/**
 * @typedef {{ id: number, op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean }} Request
 * @typedef {(value: unknown) => string} Serialiser
 */

/** One at a time: each job starts when the previous one has ended. */
let tail = Promise.resolve();
/** @template T @param {() => Promise<T>} job @returns {Promise<T>} */
function exclusive(job) {
  const run = tail.then(job);
  tail = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/**
 * Each SQL text is a named prepared statement: PostgreSQL parses it once and, after a few runs,
 * keeps one generic plan for it instead of planning every run (planning was a third of the
 * cost of the batch inserts). The texts are the service's own constants, so there are few.
 *
 * A generic plan is made for the table sizes of its moment, and PGlite has no autovacuum to
 * refresh statistics and invalidate it: a plan made over a nearly empty table (a sequential
 * scan) would stay while the table grows. So a statement is prepared again after 50 runs, then
 * each time its runs quadruple (tables grow with the statements that use them), and at least
 * once a minute for statements that run seldom. Measured: frozen generic plans 1,278 req/s,
 * a plan for every run 1,710, replanned generic plans 1,991 (pre-evaluation, bench:server).
 * @type {Map<string, { name: string, prepared: boolean, runs: number, replanAt: number, preparedAt: number, types: number[], serialisers: (Serialiser | undefined)[] }>}
 */
const statements = new Map();
const STATEMENTS_MAX = 1000;
const REPLAN_FIRST = 50;
const REPLAN_GROWTH = 4;
const REPLAN_MAX_AGE_MS = 60000;
let nextStatement = 1;

/** @param {Uint8Array[]} parts */
function concat(parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Runs one statement with parameters; answers its rows. @param {string} sql @param {unknown[]} params */
async function query(sql, params) {
  let st = statements.get(sql);
  if (!st) {
    const result = await lite.describeQuery(sql);
    if (statements.size >= STATEMENTS_MAX) {
      statements.clear();
      await simple('DEALLOCATE ALL');
    }
    st = {
      name: '',
      prepared: false,
      runs: 0,
      replanAt: REPLAN_FIRST,
      preparedAt: 0,
      types: result.queryParams.map((p) => p.dataTypeID),
      serialisers: result.queryParams.map((p) => /** @type {Serialiser | undefined} */ (p.serializer)),
    };
    statements.set(sql, st);
  }
  const serialisers = st.serialisers;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serialise = serialisers[i];
    return serialise ? serialise(value) : String(value);
  });
  const s = protocol.serialize;
  const parts = [];
  const now = Date.now();
  if (st.prepared && (++st.runs >= st.replanAt || now - st.preparedAt >= REPLAN_MAX_AGE_MS)) {
    // Dropped in the same message as its successor is prepared (closing is never an error).
    parts.push(s.close({ type: 'S', name: st.name }));
    st.prepared = false;
    if (st.runs >= st.replanAt) st.replanAt *= REPLAN_GROWTH;
  }
  const preparing = !st.prepared;
  // A fresh name on every attempt to prepare: a failed attempt may have left its name taken.
  if (preparing) {
    st.preparedAt = now;
    st.name = `s${nextStatement++}`;
    parts.push(s.parse({ name: st.name, text: sql, types: st.types }));
  }
  parts.push(
    s.bind({ statement: st.name, values: /** @type {string[]} */ (values) }),
    s.describe({ type: 'P' }),
    s.execute({}),
    s.sync(),
  );
  // Every file write of the embedded database goes straight to the data directory: no sync.
  const { messages } = await lite.execProtocol(concat(parts), { syncToFs: false });
  if (preparing) st.prepared = true;
  const results = pgParse.parseResults(messages, lite.parsers);
  return results[results.length - 1]?.rows ?? [];
}

/** Runs SQL without parameters (one or more statements, simple protocol). @param {string} sql */
async function simple(sql) {
  const { messages } = await lite.execProtocol(protocol.serialize.query(sql), { syncToFs: false });
  return messages;
}

/** Runs one statement and answers it. @param {Request} message */
async function run(message) {
  try {
    if (message.op === 'exec') {
      await simple(message.sql ?? '');
      answer(message.id, {});
    } else {
      answer(message.id, { rows: await query(message.sql ?? '', message.params ?? []) });
    }
  } catch (err) {
    fail(message.id, err);
  }
}

/** @type {Map<number, { push(message: Request): void }>} Open transactions: their statements go to the transaction's own loop. */
const open = new Map();

/**
 * Opens transaction `tx` (numbered by the main side, which sends its statements right behind
 * without waiting for an answer) and feeds it its statements until the main side ends it. If
 * BEGIN fails, every statement of the transaction and its end fail with that error.
 */
function begin(/** @type {number} */ tx) {
  /** @type {Request[]} */
  const inbox = [];
  /** @type {(() => void) | null} */
  let wake = null;
  open.set(tx, {
    push(message) {
      inbox.push(message);
      wake?.();
    },
  });
  const next = async () => {
    while (inbox.length === 0) await new Promise((resolve) => (wake = () => resolve(undefined)));
    wake = null;
    return /** @type {Request} */ (inbox.shift());
  };
  void exclusive(async () => {
    /** @type {unknown} */
    let failed = null;
    try {
      await simple('BEGIN');
    } catch (err) {
      failed = err;
    }
    for (;;) {
      const message = await next();
      if (message.op !== 'end') {
        // One at a time: the main side awaits each statement of a transaction anyway.
        if (failed) fail(message.id, failed);
        else await run(message);
        continue;
      }
      open.delete(tx);
      if (failed) {
        fail(message.id, failed);
        return;
      }
      try {
        if (!message.commit) {
          await simple('ROLLBACK');
          answer(message.id, {});
          return;
        }
        const done = await simple('COMMIT');
        // A transaction that met an error cannot commit: PostgreSQL answers COMMIT with ROLLBACK.
        const tag = /** @type {{ text?: string } | undefined} */ (
          done.find((m) => m.name === 'commandComplete')
        );
        if (tag?.text === 'ROLLBACK')
          fail(message.id, new Error('The transaction was rolled back: one of its statements failed.'));
        else answer(message.id, {});
      } catch (err) {
        await simple('ROLLBACK').catch(() => undefined);
        fail(message.id, err);
      }
      return;
    }
  });
}

port.on('message', (/** @type {Request} */ message) => {
  if (message.op !== 'begin' && message.tx !== undefined) {
    const inbox = open.get(message.tx);
    if (inbox) inbox.push(message);
    else fail(message.id, new Error(`Transaction ${message.tx} is no longer open.`));
    return;
  }
  switch (message.op) {
    case 'query':
    case 'exec':
      void exclusive(() => run(message));
      break;
    case 'begin':
      begin(/** @type {number} */ (message.tx));
      break;
    case 'close':
      void exclusive(() =>
        lite.close().then(
          () => answer(message.id, {}),
          (err) => fail(message.id, err),
        ),
      );
      break;
    default:
      fail(message.id, new Error(`Unknown operation "${message.op}".`));
  }
});
