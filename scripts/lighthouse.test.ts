import { describe, expect, it } from 'vitest';
import { SPEC_ROUTES } from '../src/engine/routes.ts';
import {
  calibratedSlowdown,
  lighthouseArgs,
  medianFigures,
  medianRun,
  missedBudgets,
  parseArgs,
  sampleAddress,
} from './lighthouse.ts';

describe('lighthouse script arguments', () => {
  it('measures every route of the site and the error page three times by default', () => {
    const { runs, pages } = parseArgs([]);
    expect(runs).toBe(3);
    expect(pages).toHaveLength(SPEC_ROUTES.length + 1);
    expect(pages).toContain('/credinstante');
    expect(pages).toContain('/credinstante/observados');
    expect(pages).toContain('/estado-prospectos/prospect/1');
    expect(pages.at(-1)).toBe('/pagina-no-encontrada');
  });

  it('gives a path parameter a sample value, or leaves an optional one out', () => {
    expect(sampleAddress('/credinstante/observados/:token?')).toBe('/credinstante/observados');
    expect(sampleAddress('/estado-prospectos/prospect/:id')).toBe('/estado-prospectos/prospect/1');
  });

  it('takes a run count and the pages to measure', () => {
    expect(parseArgs(['--runs', '5', '--page', '/', '--page', 'moto'])).toEqual({
      runs: 5,
      pages: ['/', '/moto'],
    });
  });

  it("takes a CPU slowdown other than Lighthouse's 4×", () => {
    expect(parseArgs(['--cpu-slowdown', '2.4', '--page', '/'])).toEqual({
      runs: 3,
      pages: ['/'],
      cpuSlowdown: 2.4,
    });
    expect(parseArgs(['--page', '/'])).not.toHaveProperty('cpuSlowdown');
  });

  it("passes the slowdown to Lighthouse, and leaves Lighthouse's own when none is given", () => {
    const slowed = lighthouseArgs('http://127.0.0.1:1', '/moto', '/tmp/r.json', 2.6);
    expect(slowed).toContain('http://127.0.0.1:1/moto');
    expect(slowed).toContain('--throttling.cpuSlowdownMultiplier=2.6');
    expect(slowed).not.toContain('--ignore-status-code');
    const plain = lighthouseArgs('http://127.0.0.1:1', '/pagina-no-encontrada', '/tmp/r.json');
    expect(plain.some((a) => a.startsWith('--throttling'))).toBe(false);
    expect(plain).toContain('--ignore-status-code');
  });

  it('says what is wrong with a bad run count, slowdown or an unknown argument', () => {
    expect(() => parseArgs(['--runs', '0'])).toThrow(/--runs wants a whole number/);
    expect(() => parseArgs(['--cpu-slowdown', '0.5'])).toThrow(
      /--cpu-slowdown wants a number ≥ 1, not "0.5"/,
    );
    expect(() => parseArgs(['--cpu-slowdown', 'x'])).toThrow(/--cpu-slowdown wants a number ≥ 1/);
    expect(() => parseArgs(['--fast'])).toThrow(/Unknown argument "--fast"/);
  });
});

describe('calibratedSlowdown', () => {
  it("follows Lighthouse's calibration: a mid-tier phone is 4× a host of about 1,533, less on a slower one", () => {
    expect(calibratedSlowdown(1533)).toBeCloseTo(4, 1);
    expect(calibratedSlowdown(2000)).toBeCloseTo(6, 1);
    expect(calibratedSlowdown(1300)).toBe(3);
    expect(calibratedSlowdown(1050)).toBe(2.5);
    expect(calibratedSlowdown(800)).toBe(2);
    expect(calibratedSlowdown(150)).toBe(1);
    // A host slower than a mid-tier phone is not sped up.
    expect(calibratedSlowdown(60)).toBe(1);
  });
});

describe('medianRun', () => {
  it('judges by the middle score, not the best one', () => {
    expect(medianRun([{ score: 95 }, { score: 71 }, { score: 88 }])?.score).toBe(88);
    expect(medianRun([{ score: 90 }, { score: 80 }])?.score).toBe(80);
    expect(medianRun([])).toBeUndefined();
  });
});

describe('budgets', () => {
  const fast = { score: 99, lcp: 1100, fcp: 900, tbt: 20, cls: 0, js: 120_000 };

  it('holds each route to the medians of its runs', () => {
    const slow = { ...fast, score: 80, lcp: 3000 };
    expect(medianFigures([fast, slow, fast])).toEqual(fast);
    expect(missedBudgets(fast)).toEqual([]);
  });

  it('names every budget a route misses', () => {
    expect(missedBudgets({ ...fast, score: 97, lcp: 1300, fcp: 1100, tbt: 60, cls: 0.02 })).toEqual([
      'score < 98',
      'LCP > 1.2 s',
      'FCP > 1 s',
      'TBT > 50 ms',
      'CLS > 0',
    ]);
  });
});
