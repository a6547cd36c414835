import { describe, expect, it } from 'vitest';
import {
  cciCheckDigits,
  dniCheck,
  cciProblem,
  cciProblemFor,
  isAdultBirthDate,
  isCci,
  isCe,
  isDni,
  isDniWithCheck,
  isMobile,
  isPlate,
  isRuc,
  rucOfDni,
} from './peru.ts';

describe('DNI', () => {
  it.each([
    ['10117410', '2', 'G'],
    ['12345678', '1', 'E'],
    ['00000000', '6', 'K'],
  ])('%s has check %s or %s', (dni, digit, letter) => {
    expect(dniCheck(dni)).toEqual({ digit, letter });
    expect(isDniWithCheck(`${dni}-${digit}`)).toBe(true);
    expect(isDniWithCheck(`${dni}-${letter}`)).toBe(true);
  });
  it('rejects a wrong check character and wrong lengths', () => {
    expect(isDniWithCheck('12345678-9')).toBe(false);
    expect(isDni('1234567')).toBe(false);
    expect(isDni('123456789')).toBe(false);
    expect(isDni('01234567')).toBe(true);
  });
});

describe('RUC', () => {
  it.each(['20100047218', '20131312955', '20512333797', '10054148289'])('%s is valid', (ruc) => {
    expect(isRuc(ruc)).toBe(true);
  });
  it.each(['20100047219', '30100047218', '2010004721'])('%s is not', (ruc) => {
    expect(isRuc(ruc)).toBe(false);
  });
  it("a person's RUC is 10, the DNI and the check digit (DOMAIN.md's 10054148289)", () => {
    expect(rucOfDni('05414828')).toBe('10054148289');
    expect(isRuc(rucOfDni('45678912'))).toBe(true);
  });
});

describe('CCI', () => {
  it.each(['00219111357545808250', '01136600010003254221'])('%s is valid', (cci) => {
    expect(isCci(cci)).toBe(true);
    expect(cciCheckDigits(cci.slice(0, 18))).toBe(cci.slice(18));
  });
  it('rejects a changed digit', () => {
    expect(isCci('00219111357545808251')).toBe(false);
    expect(isCci('00219111357545808350')).toBe(false);
  });
  it('checks a CCI against the bank chosen only once its own digits hold', () => {
    expect(cciProblemFor('00219111357545808250', '002')).toBeNull();
    expect(cciProblemFor('00219111357545808250', '011')).toBe('otherBank');
    // A bank code of the catalog that is not numeric says nothing of the CCI's first digits.
    expect(cciProblemFor('00219111357545808250', 'BCP')).toBeNull();
    expect(cciProblemFor('00219111357545808251', '011')).toBe('account');
  });
  it('says which check digit fails', () => {
    expect(cciProblem('00219111357545808250')).toBeNull();
    expect(cciProblem('0021911135754580825')).toBe('length');
    // A changed bank or office digit, or digit 19 itself: the first check.
    expect(cciProblem('00319111357545808250')).toBe('office');
    expect(cciProblem('00219111357545808260')).toBe('office');
    // A changed account digit, or digit 20 itself: the second check.
    expect(cciProblem('00219111357545808350')).toBe('account');
    expect(cciProblem('00219111357545808251')).toBe('account');
    expect(cciProblem('00219111357545808261')).toBe('both');
  });
});

describe('other formats', () => {
  it('CE, mobile and plate', () => {
    expect(isCe('001234567')).toBe(true);
    expect(isCe('12345')).toBe(false);
    expect(isMobile('987654321')).toBe(true);
    expect(isMobile('887654321')).toBe(false);
    expect(isPlate('ABC-123')).toBe(true);
    expect(isPlate('A1B234')).toBe(true);
    expect(isPlate('1234-5A')).toBe(true);
    expect(isPlate('AB-12')).toBe(false);
  });
});

describe('isAdultBirthDate', () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it.each([
    ['2008-11-27', true],
    ['2008-11-28', false],
    ['1990-05-10', true],
    ['2015-03-01', false],
    ['2008-02-30', false],
    ['27/11/2008', false],
    ['2030-01-01', false],
  ])('%s → %s', (value, adult) => {
    expect(isAdultBirthDate(value, now)).toBe(adult);
  });
});
