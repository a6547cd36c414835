import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderScenariosDoc, SCENARIOS_DOC } from './scenarios-doc.ts';

describe('the sandbox identities page', () => {
  it('matches the data the service answers with (regenerate with scripts/scenarios-doc.ts)', () => {
    expect(readFileSync(SCENARIOS_DOC, 'utf8')).toBe(renderScenariosDoc());
  });
  it('lists every contract row people look for', () => {
    const doc = renderScenariosDoc();
    for (const dni of [
      '10000006',
      '20000099',
      '31000002',
      '34000002',
      '50000023',
      '60000005',
      '70000035',
      '80000099',
      'ZZZ-999',
      'taxista',
      'vsalazar',
      'eyupanqui',
    ]) {
      expect(doc).toContain(dni);
    }
  });
});
