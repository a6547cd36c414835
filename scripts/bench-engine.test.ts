import { describe, expect, it } from 'vitest';
import { benchEngine, describeEngine } from './bench-engine.ts';

describe('bench-engine', () => {
  it('plays the bench flow with the real registry to its last step and back again', () => {
    // Short run: this checks that the fixture and the loop work, not how fast they are.
    const result = benchEngine(20);
    expect(result.flowsCompleted).toBeGreaterThan(0);
    expect(result.transitions).toBeGreaterThan(0);
    expect(describeEngine(result)).toMatch(/^engine: [\d,]+ transitions\/s over a 10-step flow/);
  });
});
