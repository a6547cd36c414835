import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from './lint-flows.ts';

function run(args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
  const code = main(args);
  vi.restoreAllMocks();
  return { code, out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('lint:flows command line', () => {
  it('exits 0 with a one-line report when the real flows are clean', () => {
    const { code, out } = run([]);
    expect(out).toMatch(/^✔ \d+ flow files?, 0 problems\n$/);
    expect(code).toBe(0);
  });

  it('exits 1 and prints located problems for a broken flow', () => {
    const { code, out } = run(['tests/fixtures/flows/invalid/unknown-step--goto-typo.json']);
    expect(code).toBe(1);
    expect(out).toContain('tests/fixtures/flows/invalid/unknown-step--goto-typo.json');
    expect(out).toMatch(
      /\d+:\d+ +error +There is no step "simuladr".*Did you mean "simulador"\? +unknown-step/,
    );
  });

  it('prints JSON with --format json, and accepts a glob', () => {
    const { code, out } = run(['--format', 'json', 'tests/fixtures/flows/invalid/unknown-view--*.json']);
    expect(code).toBe(1);
    const problems = JSON.parse(out) as { ruleId: string; line: number }[];
    expect(problems.some((p) => p.ruleId === 'unknown-view' && p.line > 1)).toBe(true);
  });

  it('exits 2 on a bad option or a missing file, saying why', () => {
    expect(run(['--format', 'xml'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('Unknown format "xml"') as unknown,
    });
    expect(run(['flows/no-existe.json'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('No such file: flows/no-existe.json') as unknown,
    });
  });
});
