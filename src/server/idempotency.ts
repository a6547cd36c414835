/**
 * Idempotent creating calls: with an `Idempotency-Key` header, the first answer to
 * (key, endpoint) is stored with a hash of the request; a retry with the same request gets the
 * stored answer again, the same key with other parameters is refused, and a duplicate that
 * arrives while the first is still running waits for its answer. State lives in the database,
 * so retries may land on any instance.
 */
import { createHash } from 'node:crypto';
import type { Db } from './sandbox/types.ts';

/** A stored answer. */
export interface StoredAnswer {
  status: number;
  contentType: string;
  body: Buffer;
}

/** What to do with a request that carries a key. */
export type Claim =
  { kind: 'first' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'conflict' } | { kind: 'busy' };

/** Keys are opaque to the server; bound their size and alphabet. */
export function validKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

/** Stable hash of the parts of a request that decide its answer. */
export function requestHash(parts: unknown): string {
  return createHash('sha256').update(stableJson(parts)).digest('hex');
}

function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

interface Row {
  request_hash: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
}

/** The idempotency store over the `idempotency` table. */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly pollMs = 25,
  ) {}

  /**
   * Claims (key, endpoint) for this request, or answers what a previous request with the key
   * left: its stored answer, a conflict, or `busy` when it is still running after `waitMs`.
   */
  async claim(key: string, endpoint: string, hash: string, waitMs: number): Promise<Claim> {
    const { rows } = await this.db.query(
      'INSERT INTO idempotency (key, endpoint, request_hash) VALUES ($1, $2, $3) ON CONFLICT (key, endpoint) DO NOTHING RETURNING key',
      [key, endpoint, hash],
    );
    if (rows.length > 0) return { kind: 'first' };
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows: found } = await this.db.query<Row>(
        'SELECT request_hash, status, content_type, body FROM idempotency WHERE key = $1 AND endpoint = $2',
        [key, endpoint],
      );
      const row = found[0];
      // The first request failed and released the key: this one may take it.
      if (row === undefined) return this.claim(key, endpoint, hash, Math.max(0, deadline - Date.now()));
      if (row.request_hash !== hash) return { kind: 'conflict' };
      if (row.status !== null) {
        const contentType = row.content_type ?? 'application/json';
        const body = isText(contentType)
          ? Buffer.from(row.body ?? '', 'utf8')
          : Buffer.from(row.body ?? '', 'base64');
        return { kind: 'replay', answer: { status: row.status, contentType, body } };
      }
      if (Date.now() >= deadline) return { kind: 'busy' };
      await new Promise((r) => setTimeout(r, this.pollMs));
    }
  }

  /** Stores the first request's answer. */
  async complete(key: string, endpoint: string, answer: StoredAnswer): Promise<void> {
    const body = isText(answer.contentType) ? answer.body.toString('utf8') : answer.body.toString('base64');
    await this.db.query(
      'UPDATE idempotency SET status = $3, content_type = $4, body = $5 WHERE key = $1 AND endpoint = $2',
      [key, endpoint, answer.status, answer.contentType, body],
    );
  }

  /** Releases a key whose first request failed, so a retry runs again. */
  async release(key: string, endpoint: string): Promise<void> {
    await this.db.query('DELETE FROM idempotency WHERE key = $1 AND endpoint = $2 AND status IS NULL', [
      key,
      endpoint,
    ]);
  }
}

function isText(contentType: string): boolean {
  return /json|^text\//.test(contentType);
}
