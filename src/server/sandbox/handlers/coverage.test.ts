/**
 * Every call of the registry has a sandbox handler, and every handler answers a registry call.
 * A call without a handler answers 501 in the sandbox; this list says which.
 */
import { describe, expect, it } from 'vitest';
import { loadRegistry } from '../../registry.ts';
import { handlers } from './index.ts';

describe('sandbox handler coverage', () => {
  const ids = loadRegistry().map((e) => e.id);

  it('no handler is registered under an id the registry does not know', () => {
    const known = new Set(ids);
    expect(Object.keys(handlers).filter((id) => !known.has(id))).toEqual([]);
  });

  it('every registry call has a handler', () => {
    const missing = ids.filter((id) => handlers[id] === undefined);
    if (missing.length > 0)
      console.log(`Llamadas sin manejador (${missing.length}/${ids.length}):\n  ${missing.join('\n  ')}`);
    expect(missing).toEqual([]);
  });
});
