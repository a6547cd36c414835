import { describe, expect, it } from 'vitest';
import { SCENARIOS, scenarioFor, vehiclePreEvaluationState } from './scenarios.ts';

describe('sandbox scenarios', () => {
  it('keeps the published code types: numbers stay numbers and padded codes stay strings', () => {
    expect(scenarioFor('instant', '10000005', 'preEvaluation')?.code).toBe(-5);
    expect(scenarioFor('instant', '10000001', 'preEvaluation')?.code).toBe('01');
    expect(scenarioFor('instant', '20000099', 'policyEvaluation')?.code).toBeNull();
  });

  it('answers undefined for an unlisted DNI, so the real rules decide', () => {
    expect(scenarioFor('instant', '45678912')).toBeUndefined();
  });

  it('applies the vehicle DNI patterns', () => {
    expect(vehiclePreEvaluationState('50000023')).toBe(23);
    expect(vehiclePreEvaluationState('59000006')).toBe(-6);
    expect(vehiclePreEvaluationState('45678912')).toBeUndefined();
  });

  it('lists no identity twice for the same step, and serialises to JSON', () => {
    for (const s of SCENARIOS.sections) {
      const keys = s.rows.map((r) => `${r.documento}/${r.step}`);
      expect(new Set(keys).size).toBe(keys.length);
    }
    expect((JSON.parse(JSON.stringify(SCENARIOS)) as typeof SCENARIOS).sections).toHaveLength(6);
  });
});
