import { describe, expect, it } from 'vitest';
import { SandboxIdRegistry, ageAt, mapCivilStatus, mapGender } from './id-registry.ts';
import { SandboxCreditBureau } from './credit-bureau.ts';
import { SandboxBiometrics, BiometricsUnavailable } from './biometrics.ts';

const NOW = Date.UTC(2026, 2, 2);

describe('ID registry (sandbox)', () => {
  it('answers the same record for the same DNI, and different people for different DNIs', async () => {
    const reg = new SandboxIdRegistry();
    const a = await reg.lookup('45678912', NOW);
    expect(await reg.lookup('45678912', NOW)).toEqual(a);
    const names = await Promise.all(
      ['45678913', '45678914', '45678915', '45678916'].map(async (d) =>
        JSON.stringify(await reg.lookup(d, NOW)),
      ),
    );
    expect(new Set([JSON.stringify(a), ...names]).size).toBe(5);
  });

  it("keeps a person's record when the service clock moves on", async () => {
    const reg = new SandboxIdRegistry();
    expect(await reg.lookup('45678912', NOW + 400 * 24 * 3600_000)).toEqual(
      await reg.lookup('45678912', NOW),
    );
  });

  it('invents only adults, with product codes for gender and civil status', async () => {
    const reg = new SandboxIdRegistry();
    for (let i = 0; i < 200; i++) {
      const r = (await reg.lookup(String(40000000 + i * 7919), NOW))!;
      expect(ageAt(r.fechaNacimiento, NOW)).toBeGreaterThanOrEqual(18);
      expect(['M', 'F']).toContain(r.genero);
      expect(['SO', 'CA', 'VI', 'DI', 'NA']).toContain(r.estadoCivil);
    }
  });

  it('maps registry words: single SO, married CA, widowed VI, divorced DI, other NA; male M, otherwise F', () => {
    expect(['SOLTERO', 'Casada', 'VIUDO', 'divorciada', 'CONVIVIENTE'].map(mapCivilStatus)).toEqual([
      'SO',
      'CA',
      'VI',
      'DI',
      'NA',
    ]);
    expect(['MASCULINO', 'FEMENINO', 'X'].map(mapGender)).toEqual(['M', 'F', 'F']);
  });

  it('counts age in whole years, not before the birthday', () => {
    expect(ageAt('2008-03-02', NOW)).toBe(18);
    expect(ageAt('2008-03-03', NOW)).toBe(17);
  });
});

describe('credit bureau (sandbox)', () => {
  it('answers a stable, passing report per DNI', async () => {
    const b = new SandboxCreditBureau();
    const r = await b.report('45678912');
    expect(await b.report('45678912')).toEqual(r);
    expect(r.score).toBeGreaterThanOrEqual(620);
    expect(r.deudas.length).toBeGreaterThan(0);
  });
});

describe('biometrics (sandbox)', () => {
  it('follows the scenario DNIs and passes everyone else', async () => {
    const b = new SandboxBiometrics();
    expect(await b.hasRecord('45678912')).toBe(true);
    expect(await b.hasRecord('31000001')).toBe(false);
    expect(await b.validate('31000002', 1)).toEqual({ repeat: true, match: true });
    expect(await b.validate('45678912', 1)).toEqual({ repeat: false, match: true });
    await expect(b.hasRecord('31000099')).rejects.toBeInstanceOf(BiometricsUnavailable);
  });
});
