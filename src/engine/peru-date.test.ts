import { describe, expect, it } from 'vitest';
import { peruDate } from './peru-date.ts';

describe('peruDate', () => {
  it.each([
    ['2027-11-25', '25/11/2027'],
    ['2027-01-05T10:00:00.000Z', '05/01/2027'],
    [' 2026-12-31 ', '31/12/2026'],
    ['25/11/2027', '25/11/2027'],
    ['', ''],
    ['pronto', 'pronto'],
  ])('%s reads %s', (iso, shown) => expect(peruDate(iso)).toBe(shown));
});
