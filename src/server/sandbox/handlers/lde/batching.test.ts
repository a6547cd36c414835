/**
 * Pre-evaluations and policy evaluations are recorded in batches (group commit). These tests
 * prove what a caller notices: the same answers as one after the other, a bad request failing
 * alone, and nothing answered lost across a restart.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, lead, type TestKit } from './test-kit.ts';
import { preEvaluate } from './pre-evaluation.ts';
import { setState } from '../../../domain/lde/prospects.ts';
import {
  recordPreEvaluations,
  submitPreEvaluation,
  type PreEvaluationDraft,
} from '../../../domain/lde/pre-evaluation-store.ts';
import { buildApp } from '../../../app.ts';
import { provePhone, tempDir, testSettings, writeFixtureSite } from '../../../test-support.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

/** What the applicant reads of a pre-evaluation answer (ids differ from run to run). */
function seen(json: Record<string, unknown>) {
  const prospecto = json.prospecto as { codigoEvaluacion?: number; codigoProducto: number };
  return {
    codigoRespuesta: json.codigoRespuesta,
    detalleRespuesta: json.detalleRespuesta,
    estadoProspecto: json.estadoProspecto,
    evaluando: typeof prospecto.codigoEvaluacion === 'number',
    codigoProducto: prospecto.codigoProducto,
  };
}

/** A person with a signed credinstante credit, then a mix of pre-evaluations about them and others. */
async function scenario(run: (bodies: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>) {
  await kit.reset();
  const first = await kit.call(preEvaluate, { body: lead('46000001') });
  await setState(
    kit.svc.db,
    (first.json.prospecto as { codigoProspecto: number }).codigoProspecto,
    10,
    kit.svc.clock.now(),
  );
  const bodies = [
    lead('46000001'),
    lead('46000002'),
    lead('46000001'),
    lead('46000001', { codigoProducto: 58 }),
    lead('46000002'),
    lead('46000003', { fechaNacimiento: '2015-01-01' }),
    lead('10000011'),
    lead('10000004'),
  ];
  const answers = await run(bodies);
  await kit.flush();
  const { rows } = await kit.svc.db.query<{ documento: string; estado: number; n: number }>(
    'SELECT documento, estado, count(*)::int AS n FROM lde_prospects GROUP BY documento, estado ORDER BY documento, estado',
  );
  return { answers: answers.map(seen), rows, emits: kit.emits.map((e) => e.payload) };
}

describe('pre-evaluations in batches', () => {
  it('answers concurrent pre-evaluations, of the same DNI too, exactly as one after the other', async () => {
    const oneByOne = await scenario(async (bodies) => {
      const out: Record<string, unknown>[] = [];
      for (const body of bodies) out.push((await kit.call(preEvaluate, { body })).json);
      return out;
    });
    const together = await scenario(async (bodies) =>
      (await Promise.all(bodies.map((body) => kit.call(preEvaluate, { body })))).map((r) => r.json),
    );
    expect(together.answers).toEqual(oneByOne.answers);
    expect(together.rows).toEqual(oneByOne.rows);
    expect(together.emits.map((e) => (e as { resultado: number }).resultado)).toEqual(
      oneByOne.emits.map((e) => (e as { resultado: number }).resultado),
    );
    // The signed credit answers 10 to the same product only; celulares still evaluates.
    expect(together.answers.map((a) => a.codigoRespuesta)).toEqual([10, 0, 10, 0, 0, '03', 11, 4]);
  });

  it('lets a prospect the batch itself records as signed answer the later ones of the batch', async () => {
    await kit.reset();
    const draft = (
      id: number,
      code: number,
      estado: number,
      producto: 'credinstante' | 'celulares' = 'credinstante',
    ): PreEvaluationDraft => ({
      id,
      code,
      now: kit.svc.clock.now(),
      prospect: {
        producto,
        codigoProducto: producto === 'celulares' ? 30 : 13,
        tipoDocumento: 1,
        documento: '46000010',
        telefono: '987654321',
        placa: null,
        email: null,
        estado,
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
      },
    });
    const drafts = [draft(900001, 10, 10), draft(900002, 0, 0), draft(900003, 0, 0, 'celulares')];
    const batched = await recordPreEvaluations(kit.svc.db, drafts);
    await kit.reset();
    const sequential = [];
    for (const d of drafts) sequential.push(...(await recordPreEvaluations(kit.svc.db, [d])));
    const shape = (r: { code: number | string; estado: number; evaluationId: number | null }) => [
      r.code,
      r.estado,
      r.evaluationId !== null,
    ];
    expect(batched.map(shape)).toEqual(sequential.map(shape));
    expect(batched.map(shape)).toEqual([
      [10, 10, false],
      [10, 10, false],
      [0, 0, true],
    ]);
  });

  it('fails only the request whose statement fails, with its own error; the rest of its batch is recorded', async () => {
    await kit.reset();
    const ok = await kit.call(preEvaluate, { body: lead('46000020') });
    const takenId = (ok.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const draft = (id: number, documento: string): PreEvaluationDraft => ({
      id,
      code: 0,
      now: kit.svc.clock.now(),
      prospect: {
        producto: 'credinstante',
        codigoProducto: 13,
        tipoDocumento: 1,
        documento,
        telefono: '987654321',
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
        fechaNacimiento: '1990-05-10',
        datos: {},
      },
    });
    // The second draft reuses an id already taken: its insert violates the primary key.
    const settled = await Promise.allSettled([
      submitPreEvaluation(kit.svc.db, draft(910001, '46000021')),
      submitPreEvaluation(kit.svc.db, draft(takenId, '46000022')),
      submitPreEvaluation(kit.svc.db, draft(910003, '46000023')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((settled[1] as PromiseRejectedResult).reason)).toMatch(/duplicate key|llave duplicada/);
    const { rows } = await kit.svc.db.query<{ documento: string; evaluaciones: number }>(
      `SELECT p.documento, count(e.id)::int AS evaluaciones FROM lde_prospects p LEFT JOIN lde_evaluations e ON e.prospect_id = p.id
       WHERE p.documento LIKE '4600002%' GROUP BY p.documento ORDER BY p.documento`,
    );
    expect(rows).toEqual([
      { documento: '46000020', evaluaciones: 1 },
      { documento: '46000021', evaluaciones: 1 },
      { documento: '46000023', evaluaciones: 1 },
    ]);
  });
});

describe('a restart', () => {
  const t = tempDir('lde-batch');
  afterAll(() => t.cleanup());

  it('loses no pre-evaluation or evaluation result that was answered', async () => {
    writeFixtureSite(join(t.dir, 'dist'));
    const settings = testSettings(t.dir, { SANDBOX_EVALUATION_DELAY_MS: '0' });
    let built = await buildApp(settings);
    const dnis = Array.from({ length: 24 }, (_, i) => String(47000000 + i * 37));
    const phoneOf = (dni: string) => `9${dni}`;
    const replies = await Promise.all(
      dnis.map((dni) =>
        built.app.inject({
          method: 'POST',
          url: '/v4/prospecto/v2.0/producto/lde',
          payload: lead(dni, { telefono: phoneOf(dni) }),
        }),
      ),
    );
    for (const dni of dnis) await provePhone(built.app, { documento: dni, telefono: phoneOf(dni) });
    expect(replies.map((r) => r.statusCode)).toEqual(dnis.map(() => 200));
    const answered = replies.map((r) => {
      const body = r.json<{
        estadoProspecto: number;
        prospecto: { codigoProspecto: number; codigoEvaluacion: number };
      }>();
      return {
        id: body.prospecto.codigoProspecto,
        evaluacion: body.prospecto.codigoEvaluacion,
        estado: body.estadoProspecto,
      };
    });
    // The evaluations answer on their own; wait for each to be stored and emitted.
    for (;;) {
      const { rows } = await built.db!.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM socket_results WHERE room = ANY($1::text[])',
        [answered.map((a) => String(a.id))],
      );
      if (rows[0]!.n === answered.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await built.close();

    built = await buildApp(settings);
    try {
      const { rows } = await built.db!.query<{
        id: number;
        estado: number;
        evaluacion: number;
        resultado: number | null;
      }>(
        `SELECT p.id, p.estado, e.id AS evaluacion, e.resultado FROM lde_prospects p JOIN lde_evaluations e ON e.prospect_id = p.id
         WHERE p.id = ANY($1::bigint[]) ORDER BY p.id`,
        [answered.map((a) => a.id)],
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (const a of answered) {
        const row = byId.get(a.id);
        expect(row, `prospecto ${a.id}`).toBeDefined();
        expect(Number(row!.evaluacion)).toBe(a.evaluacion);
        // Answered 0 (eligible), then the evaluation approved it: offer ready (4).
        expect(a.estado).toBe(0);
        expect(row!.resultado).toBe(1);
        expect(row!.estado).toBe(4);
      }
      expect(rows).toHaveLength(answered.length);
    } finally {
      await built.close();
    }
  }, 180000);
});
