import { describe, expect, it } from 'vitest';
import { NAMED_OPERATIONS, toText } from './named-operations.ts';

const op = (name: string) => NAMED_OPERATIONS[name]!;

describe('named operations', () => {
  it.each([
    ['firstWord', ['MARIA LUISA PEREZ'], 'MARIA'],
    ['firstWord', ['  Juan  '], 'Juan'],
    ['firstWord', [null], ''],
    ['splitList', ['12,24, 36'], [12, 24, 36]],
    ['splitList', ['12,,A1'], [12, 'A1']],
    ['splitList', [''], []],
    ['splitList', [[6, 12]], [6, 12]],
    ['percent100', [0.07], 7],
    ['percent100', ['0.035'], 3.5],
    ['percent100', ['x'], null],
    ['str', [12], '12'],
    ['str', [null], ''],
    ['num', ['1500.50'], 1500.5],
    ['num', [''], null],
    ['num', ['abc'], null],
    ['isDni', ['01234567'], true],
    ['isDni', ['1234567'], false],
    ['isRuc', ['20100047218'], true],
    ['isRuc', ['20100047219'], false],
    ['isMobile', ['987654321'], true],
    ['isMobile', [887654321], false],
    ['isPlate', ['ABC-123'], true],
    ['isCe', ['123456789'], true],
    ['isCci', [null], false],
  ])('%s(%j) → %j', (name, args, expected) => {
    expect(op(name)(...args)).toEqual(expected);
  });

  it.each([
    ['0', ['0'], true],
    [0, ['0'], true],
    ['0', [0], true],
    ['00', [0], false],
    [0, ['00'], false],
    ['00', ['00', '01'], true],
    [-6, ['-6'], true],
    [null, ['null'], false],
    [undefined, ['0'], false],
  ])('codeIn(%j, %j) → %s', (value, codes, expected) => {
    expect(op('codeIn')(value, codes)).toBe(expected);
    expect(op('codeIn')(value, ...codes)).toBe(expected);
  });

  it('writes values as text the way a reader expects', () => {
    expect(toText(null)).toBe('');
    expect(toText(undefined)).toBe('');
    expect(toText(false)).toBe('false');
    expect(toText({ a: 1 })).toBe('{"a":1}');
  });
});
