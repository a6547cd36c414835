import { beforeAll, describe, expect, it } from 'vitest';
import { createKit, lead, type TestKit } from './test-kit.ts';
import { preEvaluate } from './pre-evaluation.ts';
import { observedSupport, policyDetail, reviewObservation } from './application.ts';
import { BadInput } from '../../types.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

let phone = 955_100_000;
/** Pre-evaluates `dni` on credinstante, proves the phone and lets the evaluation answer. */
async function evaluated(dni: string): Promise<number> {
  const telefono = String(++phone);
  const r = await kit.call(preEvaluate, { body: lead(dni, { telefono }) });
  const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  await kit.verifyPhone({ id, documento: dni, telefono });
  await kit.flush();
  return id;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n').toString('base64');
const send = (id: number, documento: string, extra: Record<string, unknown>) =>
  kit.call(observedSupport, { body: { codigoProspecto: id, documento, ...extra } });

describe('documents that correct an observed evaluation (credinstante-observados)', () => {
  it('stores the documents with the observed evaluation and says an analyst will review them', async () => {
    const id = await evaluated('20000002');
    const detail = await kit.call(policyDetail, { body: { codigoProspecto: id, documento: '20000002' } });
    expect(detail.json.codRes).toBe('00');
    const r = await send(id, '20000002', { sustento: PDF });
    expect(r.json).toMatchObject({
      codRes: '00',
      codigoEvaluacion: detail.json.codigoEvaluacion,
      documentos: 1,
    });
    const { rows } = await kit.svc.db.query<{ slot: string; content_type: string }>(
      'SELECT slot, content_type FROM lde_observed_supports WHERE prospect_id = $1',
      [id],
    );
    expect(rows).toEqual([{ slot: 'sustento', content_type: 'application/pdf' }]);
  });

  it('refuses a missing or disguised file as bad input naming the document', async () => {
    const id = await evaluated('20000002');
    await expect(send(id, '20000002', {})).rejects.toSatisfy(
      (e: unknown) => e instanceof BadInput && e.fields[0]!.path === 'sustento',
    );
    const exe = Buffer.from('MZ\x90\x00fake').toString('base64');
    await expect(send(id, '20000002', { sustento: PDF, sustentoAdicional: exe })).rejects.toSatisfy(
      (e: unknown) => e instanceof BadInput && e.fields[0]!.path === 'sustentoAdicional',
    );
  });

  it('after the analyst leaves nothing to correct, the detail answers "02" and further documents "01"', async () => {
    const id = await evaluated('20000002');
    const detail = () => kit.call(policyDetail, { body: { codigoProspecto: id, documento: '20000002' } });
    expect((await send(id, '20000002', { sustento: PDF })).json.codRes).toBe('00');
    expect((await detail()).json.codRes).toBe('00');
    expect(await reviewObservation(kit.svc.db, id, kit.svc.clock.now())).toBe('reviewed');
    const reviewed = await detail();
    // The same evaluation, still observed, now with nothing left to correct.
    expect(reviewed.json).toMatchObject({ codRes: '02' });
    expect((await send(id, '20000002', { sustento: PDF })).json.codRes).toBe('01');
  });

  it('the analyst reviews only an observed evaluation of an application that exists', async () => {
    const approved = await evaluated('45678912');
    expect(await reviewObservation(kit.svc.db, approved, kit.svc.clock.now())).toBe('notObserved');
    expect(await reviewObservation(kit.svc.db, 123, kit.svc.clock.now())).toBe('unknown');
  });

  it('answers "01" when the evaluation has nothing to correct (approved, or observed with details "02")', async () => {
    for (const dni of ['45678912', '20000022']) {
      const id = await evaluated(dni);
      expect((await send(id, dni, { sustento: PDF })).json.codRes).toBe('01');
    }
  });
});
