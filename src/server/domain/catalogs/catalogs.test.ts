import { describe, expect, it } from 'vitest';
import { DEPARTMENTS, DISTRICTS, PROVINCES, districtsOf, provincesOf, placeByCode } from './ubigeo.ts';
import { ACTIVITIES, PROFESSIONS, SECTORS } from './economic.ts';
import { CATALOGS_BY_STEP, findStepCatalog, STEP_CATALOGS } from './step-catalogs.ts';
import { BANKS } from './banks.ts';
import { modelsOf } from './vehicles.ts';
import common from '../../../../schemas/api/common.fields.json' with { type: 'json' };
import personal from '../../../../schemas/api/common.personal-data.json' with { type: 'json' };
import confirmation from '../../../../schemas/api/common.confirmation.json' with { type: 'json' };
import bankDetails from '../../../../schemas/api/common.bank-details.json' with { type: 'json' };

describe('ubigeo (INEI)', () => {
  it('has the 25 departments with Lima 15 and Callao 07', () => {
    expect(DEPARTMENTS).toHaveLength(25);
    expect(placeByCode('15')?.nombre).toBe('Lima');
    expect(placeByCode('07')?.nombre).toBe('Callao');
    expect(new Set(DEPARTMENTS.map((d) => d.codigo)).size).toBe(25);
  });

  it('lists the 10 provinces of Lima and the one of Callao', () => {
    expect(provincesOf('15')).toHaveLength(10);
    expect(provincesOf('7').map((p) => p.codigo)).toEqual(['0701']);
  });

  it('lists the 43 districts of Lima province, 150101 to 150143', () => {
    const lima = districtsOf('1501');
    expect(lima).toHaveLength(43);
    expect(lima[0]).toEqual({ codigo: '150101', nombre: 'Lima' });
    expect(lima.at(-1)?.codigo).toBe('150143');
    expect(placeByCode('150122')?.nombre).toBe('Miraflores');
  });

  it('details the provinces of Arequipa, La Libertad, Piura, Lambayeque, Cusco and Junín', () => {
    expect(provincesOf('04')).toHaveLength(8);
    expect(provincesOf('13')).toHaveLength(12);
    expect(provincesOf('20')).toHaveLength(8);
    expect(provincesOf('14')).toHaveLength(3);
    expect(provincesOf('08')).toHaveLength(13);
    expect(provincesOf('12')).toHaveLength(9);
  });

  it('gives every province and district a parent that exists', () => {
    expect(DISTRICTS.length).toBeGreaterThan(150);
    for (const d of DISTRICTS) expect(placeByCode(d.codigo.slice(0, 4)), d.codigo).toBeDefined();
    for (const p of PROVINCES) expect(placeByCode(p.codigo.slice(0, 2)), p.codigo).toBeDefined();
    expect(new Set(DISTRICTS.map((d) => d.codigo)).size).toBe(DISTRICTS.length);
  });
});

describe('catalog defaults of the spec', () => {
  it('has sector 28, activity 338 (in sector 28) and profession 37', () => {
    expect(SECTORS.some((s) => s.codigo === 28)).toBe(true);
    expect(ACTIVITIES.find((a) => a.codigo === 338)?.sector).toBe(28);
    expect(PROFESSIONS.some((p) => p.codigo === 37)).toBe(true);
  });

  it('finds the per-step catalogs under their usual spellings', () => {
    expect(findStepCatalog('estadoCivil')?.map((i) => i.codigo)).toEqual(['SO', 'CA', 'VI', 'DI', 'CO']);
    expect(findStepCatalog('TIPO_DOCUMENTO_CLIENTE')?.map((i) => i.codigo)).toEqual(['1']);
    expect(findStepCatalog('moneda')?.map((i) => i.codigo)).toContain('PEN');
    expect(findStepCatalog('no-existe')).toBeUndefined();
  });

  it('names only existing catalogs for each wizard step', () => {
    for (const names of Object.values(CATALOGS_BY_STEP))
      for (const n of names) expect(STEP_CATALOGS[n], n).toBeDefined();
    expect(CATALOGS_BY_STEP[3]).toContain('ESTADO_CIVIL');
  });

  it('answers marital status, gender and residence type with the codes the personal-data calls accept', () => {
    const fields = common.definitions;
    const codes = (name: string) => STEP_CATALOGS[name]!.map((i) => i.codigo);
    // NA (other) comes only from the ID registry: it is no choice to offer.
    expect(codes('ESTADO_CIVIL').every((c) => fields.estadoCivil.enum.includes(c))).toBe(true);
    expect(codes('GENERO')).toEqual(fields.genero.enum);
    expect(codes('TIPO_RESIDENCIA')).toEqual(['1', '2', '3', '4']);
    expect(personal.properties.tipoResidencia.type).toContain('string');
    // The confirmation screens (credinstante, celulares) list this catalog too: "Otra" is 4.
    expect(STEP_CATALOGS.TIPO_RESIDENCIA?.find((i) => i.descripcion === 'Otra')?.codigo).toBe('4');
    expect(confirmation.properties.tipoResidencia.type).toContain('string');
  });

  it('answers account types with the codes the bank-details calls accept', () => {
    const codes = STEP_CATALOGS.TIPO_CUENTA!.map((i) => i.codigo);
    expect(codes).toEqual(['1', '2']);
    for (const c of codes) expect(bankDetails.properties.tipoCuenta.enum).toContain(c);
  });

  it('codes banks by their CCI prefix', () => {
    expect(BANKS.find((b) => b.codigo === '002')?.nombre).toMatch(/BCP/);
    expect(BANKS.find((b) => b.codigo === '049')?.nombre).toBe('Mibanco');
  });

  it('lists models by brand code or name', () => {
    expect(modelsOf('honda').length).toBeGreaterThan(3);
    expect(modelsOf(2, 'mototaxi').map((m) => m.nombre)).toContain('RE 205');
    expect(modelsOf('no-brand')).toEqual([]);
  });
});
