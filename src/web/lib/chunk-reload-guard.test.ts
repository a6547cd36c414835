import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, guardedImport, reloadOnceAMinute } from './chunk-reload-guard.ts';

function env(now: number) {
  const store = new Map<string, string>();
  return {
    storage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    now: vi.fn(() => now),
    reload: vi.fn(),
    isOnline: () => true,
    waitOnline: () => Promise.resolve(),
    store,
  };
}

describe('the chunk-reload guard', () => {
  it('reloads on the first chunk failure and remembers when', () => {
    const e = env(1_000_000);
    expect(reloadOnceAMinute(e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(1);
    expect(e.store.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within a minute (no reload loop when a chunk is really gone)', () => {
    const e = env(1_000_000);
    reloadOnceAMinute(e);
    e.now.mockReturnValue(1_000_000 + 59_999);
    expect(reloadOnceAMinute(e)).toBe(false);
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once a minute has passed', () => {
    const e = env(1_000_000);
    reloadOnceAMinute(e);
    e.now.mockReturnValue(1_000_000 + 60_000);
    expect(reloadOnceAMinute(e)).toBe(true);
    expect(e.reload).toHaveBeenCalledTimes(2);
  });

  it('a failed lazy import reloads; a second failure within the minute reaches the error page', async () => {
    const e = env(5_000_000);
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/flow-page-x.js'));
    const first = guardedImport(failing, e);
    // Pending while the page reloads: no error page flashes.
    const settled = await Promise.race([
      first.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(settled).toBe('pending');
    expect(e.reload).toHaveBeenCalledTimes(1);
    await expect(guardedImport(failing, e)).rejects.toThrow('dynamically imported module');
    expect(e.reload).toHaveBeenCalledTimes(1);
  });

  it('offline, a failed chunk is fetched again once back online instead of reloading', async () => {
    const e = env(5_000_000);
    let online = false;
    e.isOnline = () => online;
    e.waitOnline = () => {
      online = true;
      return Promise.resolve();
    };
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(
        new TypeError('Failed to fetch dynamically imported module: /assets/flow-modal-x.js'),
      )
      .mockResolvedValueOnce('module');
    await expect(guardedImport(load, e)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(e.reload).not.toHaveBeenCalled();
  });

  it('other errors in a lazy module are not treated as chunk failures', async () => {
    const e = env(5_000_000);
    await expect(
      guardedImport(() => Promise.reject(new ReferenceError('x is not defined')), e),
    ).rejects.toThrow('x is not defined');
    expect(e.reload).not.toHaveBeenCalled();
  });
});
