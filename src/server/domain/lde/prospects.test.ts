/**
 * The newest application of a document is the one created last: application ids are drawn at
 * random, so the largest id may well be the oldest.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createKit, type TestKit } from '../../sandbox/handlers/lde/test-kit.ts';
import { insertProspect, latestProspectOf, type NewProspect } from './prospects.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

const applied = (telefono: string): NewProspect => ({
  producto: 'credinstante',
  codigoProducto: 12,
  tipoDocumento: 1,
  documento: '45678912',
  telefono,
  placa: 'ABC-123',
  email: null,
  estado: 0,
  canal: 1,
  origen: null,
  codigoEntidad: 1,
  codigoUsuario: null,
  terms: true,
  nombres: null,
  apellidoPaterno: null,
  apellidoMaterno: null,
  fechaNacimiento: null,
  datos: {},
});

describe('latestProspectOf', () => {
  it('answers the application created last, even when an older one drew a larger id', async () => {
    const day = 86_400_000;
    const now = kit.svc.clock.now();
    await insertProspect(kit.svc.db, 900_000_000_000, applied('987000001'), now - 2 * day);
    await insertProspect(kit.svc.db, 300_000_000, applied('987000002'), now - day);
    await insertProspect(kit.svc.db, 500_000_000_000, applied('987000003'), now - 3 * day);

    const newest = await latestProspectOf(kit.svc.db, '45678912');

    expect(newest?.id).toBe(300_000_000);
    expect(newest?.telefono).toBe('987000002');
  });

  it('answers null for a document without applications', async () => {
    expect(await latestProspectOf(kit.svc.db, '11111111')).toBeNull();
  });
});
