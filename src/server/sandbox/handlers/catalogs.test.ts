import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { BadInput } from '../types.ts';
import { handlers } from './catalogs.ts';
import { handlers as motoHandlers } from './moto.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id];
type Item = { codigo: string | number; descripcion: string };
const data = (json: Record<string, unknown>) => json.data as Item[];

describe('ubigeo calls', () => {
  it('answers the 25 departments on both paths, Lima 15', async () => {
    for (const id of ['catalogs.departments', 'catalogs.ubigeoDepartments']) {
      const d = data((await kit.call(h(id))).json);
      expect(d).toHaveLength(25);
      expect(d.find((x) => x.codigo === '15')?.descripcion).toBe('Lima');
    }
  });

  it('answers provinces by region_id and by path id', async () => {
    expect(data((await kit.call(h('catalogs.provinces'), { query: { region_id: '15' } })).json)).toHaveLength(
      10,
    );
    expect(
      data((await kit.call(h('catalogs.ubigeoProvinces'), { params: { id: '07' } })).json).map(
        (p) => p.codigo,
      ),
    ).toEqual(['0701']);
  });

  it('answers the 43 districts of province 1501', async () => {
    expect(
      data((await kit.call(h('catalogs.districts'), { query: { province_id: '1501' } })).json),
    ).toHaveLength(43);
    expect(
      data((await kit.call(h('catalogs.ubigeoDistricts'), { params: { id: '1501' } })).json),
    ).toHaveLength(43);
  });

  it('refuses a missing or malformed code with the field at fault', async () => {
    await expect(kit.call(h('catalogs.provinces'))).rejects.toMatchObject({
      fields: [{ path: 'region_id' }],
    });
    await expect(
      kit.call(h('catalogs.districts'), { query: { province_id: 'lima' } }),
    ).rejects.toBeInstanceOf(BadInput);
  });
});

describe('vehicle, bank, office and economic catalogs', () => {
  it('answers brands and the models of a brand, filtered by product', async () => {
    const brands = data(
      (await kit.call(h('catalogs.vehicleBrands'), { query: { codigoProducto: '29' } })).json,
    ).map((b) => b.descripcion);
    expect(brands).toContain('Bajaj');
    expect(brands).not.toContain('Toyota');
    const models = data(
      (await kit.call(h('catalogs.vehicleModels'), { query: { marca: 'Toyota' } })).json,
    ).map((m) => m.descripcion);
    expect(models).toEqual(expect.arrayContaining(['Yaris', 'Corolla']));
    await expect(
      kit.call(h('catalogs.vehicleModels'), { query: { marca: 'Ferrari' } }),
    ).rejects.toBeInstanceOf(BadInput);
  });

  it('a phone product (celulares, 58) gets phone brands and models, never a vehicle', async () => {
    const brands = data(
      (await kit.call(h('catalogs.vehicleBrands'), { query: { codigoProducto: '58' } })).json,
    ).map((b) => b.descripcion);
    expect(brands).toEqual(expect.arrayContaining(['Samsung', 'Xiaomi', 'Motorola']));
    expect(brands).not.toContain('Honda');
    const models = data(
      (await kit.call(h('catalogs.vehicleModels'), { query: { marca: 'Samsung', codigoProducto: '58' } }))
        .json,
    ).map((m) => m.descripcion);
    expect(models).toContain('Galaxy A16');
    await expect(
      kit.call(h('catalogs.vehicleModels'), { query: { marca: 'Honda', codigoProducto: '58' } }),
    ).rejects.toBeInstanceOf(BadInput);
  });

  it('answers brands with their models for a product (consulta/marcas/modelos)', async () => {
    const d = (await kit.call(h('catalogs.brandsModels'), { body: { codigoProducto: 54, marca: 'Honda' } }))
      .json.data as { descripcion: string; modelos: unknown[] }[];
    expect(d).toHaveLength(1);
    expect(d[0]?.modelos.length).toBeGreaterThan(3);
  });

  it('answers banks in arrayBancos with their CCI codes', async () => {
    const r = await kit.call(h('catalogs.banks'));
    expect((r.json.arrayBancos as Item[]).map((b) => b.codigo)).toEqual(
      expect.arrayContaining(['002', '003', '009', '011', '018', '038', '049']),
    );
  });

  it('answers offices, entities, operation centres, activities and occupations', async () => {
    expect(data((await kit.call(h('catalogs.offices'))).json).length).toBeGreaterThan(5);
    expect(data((await kit.call(h('catalogs.entities'), { body: {} })).json).map((e) => e.codigo)).toEqual(
      expect.arrayContaining([1, 1221, 1008]),
    );
    expect(data((await kit.call(h('catalogs.operationCentres'), { body: {} })).json).length).toBeGreaterThan(
      2,
    );
    expect(
      data((await kit.call(h('catalogs.economicActivities'), { query: { sector: '28' } })).json).map(
        (a) => a.codigo,
      ),
    ).toContain(338);
    expect(data((await kit.call(h('catalogs.occupations'))).json).length).toBeGreaterThan(3);
  });

  it('answers a per-step catalog by name and refuses an unknown one listing the known names', async () => {
    expect(
      data((await kit.call(h('catalogs.catalog'), { body: { catalogo: 'combustible' } })).json).map(
        (c) => c.descripcion,
      ),
    ).toContain('GNV');
    expect(
      data((await kit.call(h('catalogs.catalog'), { body: { catalogo: 'MONEDA' } })).json).map(
        (c) => c.codigo,
      ),
    ).toEqual(['PEN', 'USD']);
    await expect(kit.call(h('catalogs.catalog'), { body: { catalogo: 'colores' } })).rejects.toThrow(
      BadInput,
    );
    const step3 = (await kit.call(h('catalogs.catalog'), { body: { paso: 3 } })).json.data as {
      codigo: string;
      items: unknown[];
    }[];
    expect(step3.map((c) => c.codigo)).toEqual(
      expect.arrayContaining(['ESTADO_CIVIL', 'PROFESION', 'SECTOR_ECONOMICO']),
    );
    expect(step3.every((c) => c.items.length > 0)).toBe(true);
    await expect(kit.call(h('catalogs.catalog'), { body: { paso: 77 } })).rejects.toMatchObject({
      fields: [{ path: 'paso' }],
    });
  });
});

describe('lookups', () => {
  it('answers the ID record with mapped gender and civil status', async () => {
    const r = await kit.call(h('catalogs.idRecord'), { body: { documento: '45678912' } });
    expect(r.json.codRes).toBe('00');
    const rec = r.json.data as { genero: string; estadoCivil: string; nombres: string };
    expect(['M', 'F']).toContain(rec.genero);
    expect(['SO', 'CA', 'VI', 'DI', 'NA']).toContain(rec.estadoCivil);
    expect(rec.nombres.length).toBeGreaterThan(2);
  });

  it('answers the ATU record of a plate and the spec message without one', async () => {
    const ok = await kit.call(h('catalogs.atu'), { body: { placa: 'ABC-123' } });
    expect(ok.json.codRes).toBe('00');
    expect(ok.json.data).toMatchObject({ placa: 'ABC-123' });
    const none = await kit.call(h('catalogs.atu'), { body: { placa: '' } });
    expect(none.json).toEqual({
      codRes: '99',
      detalleRespuesta: 'No encontramos el registro de la ATU para esta placa.',
    });
  });

  it('looks a vehicle prospect up by document and runs its pending evaluation', async () => {
    await kit.call(motoHandlers['moto.preEvaluate'], { body: { tipoDocumento: 1, documento: '45678912' } });
    const r = await kit.call(h('catalogs.lookupProspect'), { body: { documento: '45678912' } });
    expect(r.json).toMatchObject({ codRes: '00', estadoProspecto: 25 });
    expect(
      (await kit.call(h('catalogs.lookupProspect'), { body: { documento: '41111111' } })).json.codRes,
    ).toBe('99');
  });

  it('texts a verification token and accepts it once for the same document', async () => {
    const sent = await kit.call(h('verification.generate'), {
      query: { documento: '45678912', telefono: '987654321' },
    });
    expect(sent.json.codigoRespuesta).toBe('00');
    const token = kit.outbox.at(-1)?.token;
    expect(token).toMatch(/^\d{6}$/);
    expect(
      (
        await kit.call(h('verification.validate'), {
          params: { token: '000000' === token ? '111111' : '000000' },
          body: { documento: '45678912' },
        })
      ).json.codigoRespuesta,
    ).toBe('01');
    expect(
      (
        await kit.call(h('verification.validate'), {
          params: { token: token! },
          body: { documento: '45678912' },
        })
      ).json.codigoRespuesta,
    ).toBe('00');
    expect(
      (
        await kit.call(h('verification.validate'), {
          params: { token: token! },
          body: { documento: '45678912' },
        })
      ).json.codigoRespuesta,
    ).toBe('01');
  });

  it('refuses a token request without a valid phone', async () => {
    await expect(
      kit.call(h('verification.generate'), { query: { documento: '45678912', telefono: '12345' } }),
    ).rejects.toMatchObject({ fields: [{ path: 'telefono' }] });
  });
});
