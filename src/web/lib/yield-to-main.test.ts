import { describe, expect, it } from 'vitest';
import { runInSlices } from './yield-to-main.ts';

function* counting(parts: number, msEach: number, log: string[]): Generator<void, number, void> {
  for (let i = 0; i < parts; i++) {
    const until = performance.now() + msEach;
    while (performance.now() < until);
    log.push(`part ${i}`);
    yield;
  }
  return parts;
}

describe('runInSlices', () => {
  it('lets other tasks run between slices of a long job, and resolves with its result', async () => {
    const log: string[] = [];
    setTimeout(() => log.push('other task'), 0);
    await expect(runInSlices(counting(4, 6, log), 10)).resolves.toBe(4);
    // The other task ran before the job ended, not after it.
    expect(log.indexOf('other task')).toBeGreaterThan(0);
    expect(log.indexOf('other task')).toBeLessThan(log.length - 1);
  });

  it('rejects with what the job throws', async () => {
    function* failing(): Generator<void, never, void> {
      yield;
      throw new Error('flujo inválido');
    }
    await expect(runInSlices(failing())).rejects.toThrow('flujo inválido');
  });
});
