import { describe, expect, it } from 'vitest';
import { medianRun, parseArgs } from './lighthouse.ts';

describe('lighthouse script arguments', () => {
  it('measures / and /credinstante three times by default', () => {
    expect(parseArgs([])).toEqual({ runs: 3, pages: ['/', '/credinstante'] });
  });

  it('takes a run count and the pages to measure', () => {
    expect(parseArgs(['--runs', '5', '--page', '/', '--page', 'moto'])).toEqual({
      runs: 5,
      pages: ['/', '/moto'],
    });
  });

  it('says what is wrong with a bad run count or an unknown argument', () => {
    expect(() => parseArgs(['--runs', '0'])).toThrow(/--runs wants a whole number/);
    expect(() => parseArgs(['--fast'])).toThrow(/Unknown argument "--fast"/);
  });
});

describe('medianRun', () => {
  it('judges by the middle score, not the best one', () => {
    expect(medianRun([{ score: 95 }, { score: 71 }, { score: 88 }])?.score).toBe(88);
    expect(medianRun([{ score: 90 }, { score: 80 }])?.score).toBe(80);
    expect(medianRun([])).toBeUndefined();
  });
});
