import { describe, expect, it } from 'vitest';
import { formatJson } from './format-json.ts';
import { formatStylish } from './format-stylish.ts';
import type { Problem } from './types.ts';

const problems: Problem[] = [
  {
    ruleId: 'unknown-step',
    severity: 'error',
    message: 'There is no step "x".',
    file: 'flows/a.json',
    path: '/start',
    line: 3,
    column: 12,
  },
  {
    ruleId: 'unhandled-code',
    severity: 'warning',
    message: 'Codes left to an else that stays.',
    file: 'flows/a.json',
    path: '/steps/s',
    line: 120,
    column: 5,
  },
  {
    ruleId: 'dead-end',
    severity: 'error',
    message: 'Dead end.',
    file: 'flows/b.json',
    path: '/steps/t',
    line: 9,
    column: 5,
  },
];

describe('formatStylish', () => {
  it('groups by file, aligns line:column, severity, message and rule, and sums up', () => {
    expect(formatStylish(problems, 2).split('\n')).toEqual([
      '',
      'flows/a.json',
      '  3:12   error    There is no step "x".              unknown-step',
      '  120:5  warning  Codes left to an else that stays.  unhandled-code',
      '',
      'flows/b.json',
      '  9:5  error  Dead end.  dead-end',
      '',
      '✖ 3 problems (2 errors, 1 warning)',
      '',
    ]);
  });

  it('says so in one line when all is clean', () => {
    expect(formatStylish([], 30)).toBe('✔ 30 flow files, 0 problems\n');
  });
});

describe('formatJson', () => {
  it('prints the problems as a JSON array with every field', () => {
    expect(JSON.parse(formatJson(problems))).toEqual(problems);
  });
});
