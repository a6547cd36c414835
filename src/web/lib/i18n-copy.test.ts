/**
 * The Spanish copy keeps its house rules: opening marks for every "!" and "?", no capital
 * letter after a comma (but for names and acronyms), "código" rather than "token" for
 * applicants, no "Lo sentimos" repeated in a body under a "Lo sentimos" title, and the
 * spelling "Has superado".
 */
import { describe, expect, it } from 'vitest';
import texts from '../../../i18n/es-PE.json';

const entries = Object.entries(texts as Record<string, string>);
/** Words that keep their capital after a comma: acronyms and names. */
const NAMES =
  /^(DNI|SMS|RENIEC|ATU|CCI|TEA|TCEA|SOAT|GNV|FR|ITF|Lima|Credinstante|CLIENTE|Ley|Decreto|Indecopi|Seguros|N\.°)\b/;

describe('the Spanish copy', () => {
  it('opens every exclamation and question', () => {
    for (const [key, value] of entries) {
      expect((value.match(/!/g) ?? []).length, key).toBe((value.match(/¡/g) ?? []).length);
      expect((value.match(/\?/g) ?? []).length, key).toBe((value.match(/¿/g) ?? []).length);
    }
  });

  it('puts no capital after a comma, but for names and acronyms', () => {
    for (const [key, value] of entries)
      for (const [, next] of value.matchAll(/, (\S+)/g))
        if (!NAMES.test(next!)) expect(next, `${key}: ${value}`).toMatch(/^[^A-ZÁÉÍÓÚÑ]/);
  });

  it('speaks to applicants of a "código", never a "token"; spells "Has superado"', () => {
    for (const [key, value] of entries) {
      if (!key.startsWith('sandbox.')) expect(value, key).not.toMatch(/\btoken\b/i);
      expect(value, key).not.toMatch(/\bHaz superado/);
    }
  });

  it('says "Lo sentimos" in a title, not again in the messages shown under it', () => {
    for (const [key, value] of entries)
      if (key !== 'modal.title.loSentimos') expect(value, key).not.toMatch(/^¡?Lo sentimos/);
  });
});

describe('texts with values', () => {
  it('show a service date as 25/11/2027, and other values as they are', async () => {
    const { interpolate } = await import('./i18n.ts');
    expect(interpolate('vigente hasta el {hasta}', { hasta: '2027-11-25' })).toBe(
      'vigente hasta el 25/11/2027',
    );
    expect(interpolate('póliza {n}, {m}', { n: 'SOAT-2027-001', m: 12 })).toBe('póliza SOAT-2027-001, 12');
  });
});
