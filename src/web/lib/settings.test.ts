import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTERNAL_RENEWAL_URL, webAddress } from './settings.ts';

describe('the configured addresses outside the site', () => {
  it('takes an http(s) address as the build gives it', () => {
    expect(webAddress(' https://oficina.ejemplo.pe/renovar ', DEFAULT_EXTERNAL_RENEWAL_URL)).toBe(
      'https://oficina.ejemplo.pe/renovar',
    );
  });

  it.each([undefined, '', 'javascript:alert(1)', 'oficina.ejemplo.pe', 'ftp://oficina.ejemplo.pe'])(
    'falls back to the provider office-site renewal page for %j',
    (raw) => {
      expect(webAddress(raw, DEFAULT_EXTERNAL_RENEWAL_URL)).toBe('https://www.oficinavirtual.pe/renovacion');
    },
  );
});
