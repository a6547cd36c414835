/**
 * The newest vehicle application of a document is the one with the largest id: vehicle (and
 * conversion) ids come from a sequence, unlike the instant-credit ids drawn at random (whose
 * lookups order by creation time, migration 0360).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createVehicleKit, type VehicleKit } from './test-kit.ts';
import { createProspect, findLatest, type NewProspect } from './prospects.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const applied = (placa: string): NewProspect => ({
  family: 'moto',
  codigoProducto: 28,
  tipoDocumento: 1,
  documento: '45678912',
  placa,
  estado: 0,
  data: {},
});

describe('findLatest', () => {
  it('answers the application created last: ids grow with every application', async () => {
    const first = await createProspect(kit.svc.db, applied('ABC-123'), kit.svc.clock.now());
    kit.advance(60_000);
    const second = await createProspect(kit.svc.db, applied('XYZ-987'), kit.svc.clock.now());
    expect(second.id).toBeGreaterThan(first.id);
    expect((await findLatest(kit.svc.db, 'moto', '45678912'))?.id).toBe(second.id);
  });

  it('answers null for a document without applications of that family', async () => {
    expect(await findLatest(kit.svc.db, 'moto', '11111111')).toBeNull();
  });
});
