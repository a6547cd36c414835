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
 *   { id, op: 'begin' }                      → { id, tx }
 *   { id, op: 'end', tx, commit }            → { id }   (commit or roll back)
 *   { id, op: 'close' }                      → { id }
 * A failure answers { id, error: { message, ...the database error's fields } }.
 *
 * Statements outside a transaction queue inside PGlite (one connection) and run in arrival
 * order; while a transaction is open, everything else waits for it, as on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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
  // Commits reach the operating system at once but are not each waited on to the disk: a
  // killed process loses nothing (the OS holds the writes), only a power cut can lose the
  // last fraction of a second.
  await lite.exec('SET synchronous_commit TO off');
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: serialiseError(err) });
  process.exit(1);
}

/**
 * @typedef {{ id: number, op: string, sql?: string, params?: unknown[], tx?: number, commit?: boolean }} Request
 * @typedef {{ push(message: Request): void }} Inbox
 */

/** Open transactions: their statements go to the transaction's own loop. @type {Map<number, Inbox>} */
const open = new Map();
let nextTx = 1;

/** Runs one statement on `db` (the database or an open transaction) and answers it. */
async function run(/** @type {Pick<PGlite, 'query' | 'exec'>} */ db, /** @type {Request} */ message) {
  try {
    if (message.op === 'exec') {
      await db.exec(message.sql ?? '');
      answer(message.id, {});
    } else {
      const result = await db.query(message.sql ?? '', message.params);
      answer(message.id, { rows: result.rows });
    }
  } catch (err) {
    fail(message.id, err);
  }
}

/** Opens a transaction and feeds it its statements until the main side ends it. */
function begin(/** @type {number} */ id) {
  const tx = nextTx++;
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
  /** @type {Request | null} */
  let end = null;
  let started = false;
  const ROLLBACK = Symbol('rollback');
  lite
    .transaction(async (t) => {
      started = true;
      answer(id, { tx });
      for (;;) {
        while (inbox.length === 0) await new Promise((resolve) => (wake = () => resolve(undefined)));
        wake = null;
        const message = /** @type {Request} */ (inbox.shift());
        if (message.op === 'end') {
          end = message;
          if (!message.commit) throw ROLLBACK;
          return;
        }
        // One at a time: the main side awaits each statement of a transaction anyway.
        await run(t, message);
      }
    })
    .then(
      () => {
        open.delete(tx);
        if (end) answer(end.id, {});
      },
      (err) => {
        open.delete(tx);
        if (!started) fail(id, err);
        else if (end && err === ROLLBACK) answer(end.id, {});
        else if (end) fail(end.id, err);
      },
    );
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
      void run(lite, message);
      break;
    case 'begin':
      begin(message.id);
      break;
    case 'close':
      lite.close().then(
        () => answer(message.id, {}),
        (err) => fail(message.id, err),
      );
      break;
    default:
      fail(message.id, new Error(`Unknown operation "${message.op}".`));
  }
});
