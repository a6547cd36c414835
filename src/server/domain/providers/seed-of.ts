/**
 * Deterministic pseudo-randomness per identity: the simulated providers derive everything
 * they answer from a hash of the DNI, so the same person always gets the same record,
 * score and questions, across restarts and instances.
 */
import { createHash } from 'node:crypto';

/** A picker seeded by `key`: `pick(n, salt)` answers a whole number in `[0, n)`. */
export function seedOf(key: string): (n: number, salt: string) => number {
  return (n, salt) => {
    const h = createHash('sha256').update(`${salt}:${key}`).digest();
    return h.readUInt32BE(0) % n;
  };
}
