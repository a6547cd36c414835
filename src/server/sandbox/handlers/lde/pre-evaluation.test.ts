import { beforeAll, describe, expect, it } from 'vitest';
import { createKit, lead, type TestKit } from './test-kit.ts';
import { preEvaluate } from './pre-evaluation.ts';
import { handlers as contractHandlers } from '../contracts.ts';
import { verifyLink } from '../../../domain/lde/links.ts';
import { BadInput, type PromoterSession } from '../../types.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

const pre = (documento: string, extra: Record<string, unknown> = {}) =>
  kit.call(preEvaluate, { body: lead(documento, extra) });

describe('pre-evaluation (SCENARIOS.md, Credinstante and celulares)', () => {
  it.each([
    ['10000000', 0, 0],
    ['10000004', 4, 4],
    ['10000010', 10, 10],
    ['10000011', 11, 11],
    ['10000002', 2, 2],
    ['10000099', 99, 2],
    ['10000001', '01', 2],
    ['10000003', '03', 1],
    ['10000044', '04', 2],
    ['10000005', -5, -5],
    ['10000055', '05', -5],
    ['10000098', '99', 2],
    ['10000006', -6, -6],
    ['45678912', 0, 0],
  ])('DNI %s answers codigoRespuesta %j with estadoProspecto %i', async (dni, code, estado) => {
    const r = await pre(dni);
    expect(r.json.codigoRespuesta).toStrictEqual(code);
    expect(r.json.estadoProspecto).toBe(estado);
    expect((r.json.prospecto as { codigoProspecto: number }).codigoProspecto).toBeGreaterThan(0);
  });

  it('gives a modal text for every non-eligible code', async () => {
    expect((await pre('10000011')).json.detalleRespuesta).toBe('Ya tienes un crédito activado.');
  });

  it('refuses a minor by birth date with "03" whatever the DNI', async () => {
    const r = await pre('45678912', { fechaNacimiento: '2015-01-01' });
    expect(r.json.codigoRespuesta).toBe('03');
  });

  it('refuses a malformed document, phone or plate as bad input naming the fields', async () => {
    await expect(pre('1234', { telefono: '12345' })).rejects.toSatisfy(
      (e: unknown) => e instanceof BadInput && e.fields.map((f) => f.path).join() === '/documento,/telefono',
    );
    await expect(pre('45678912', { placa: 'NOPE' })).rejects.toBeInstanceOf(BadInput);
    await expect(pre('45678912', { terms: '0' })).rejects.toBeInstanceOf(BadInput);
  });

  it("forces terms for a promoter and attaches the promoter's entity and user", async () => {
    const promoter: PromoterSession = {
      id: 's',
      usuario: 'aliado',
      nombreUsuario: 'Aliado',
      nombreUsuarioPersona: 'Aliado',
      codigoEntidad: 2001,
      codigoUsuario: 'U2001',
      canal: 2,
      productos: [{ ti_solpro: 30 }],
    };
    const r = await kit.call(preEvaluate, { body: lead('45678913', { terms: '0' }), promoter });
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const { rows } = await kit.svc.db.query<{
      terms: boolean;
      codigo_entidad: number;
      codigo_usuario: string;
      canal: number;
    }>('SELECT terms, codigo_entidad, codigo_usuario, canal FROM lde_prospects WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ terms: true, codigo_entidad: 2001, codigo_usuario: 'U2001', canal: 2 });
  });
  it('files an anonymous application under nobody, whatever user code its body names', async () => {
    const r = await kit.call(preEvaluate, { body: lead('45678914', { codigoUsuario: 'U2001' }) });
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const { rows } = await kit.svc.db.query<{ codigo_usuario: string | null }>(
      'SELECT codigo_usuario FROM lde_prospects WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ codigo_usuario: null });
  });
});

describe('policy evaluation on the socket', () => {
  let phone = 986000000;
  const evaluate = async (dni: string, producto: 'credinstante' | 'celulares' = 'credinstante') => {
    kit.emits.length = 0;
    const telefono = String(++phone);
    const r = await pre(dni, {
      telefono,
      ...(producto === 'celulares' ? { codigoProducto: 58, placa: undefined } : {}),
    });
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    // Nothing goes on before the applicant proves their phone.
    await kit.flush();
    expect(kit.emits).toHaveLength(0);
    await kit.verifyPhone({ id, documento: dni, telefono });
    expect(kit.emits).toHaveLength(0); // nothing before the delay
    await kit.flush();
    return { id, emits: kit.emits.filter((e) => e.room === String(id)), telefono };
  };

  it.each([
    ['20000001', 1, null, 4],
    ['45678912', 1, null, 4],
    ['20000000', 0, null, -6],
    ['20000003', 3, null, 1],
    ['20000002', 2, '00', 2],
    ['20000022', 2, '02', 2],
    ['20000020', -2, null, 2],
    ['20000030', -3, null, 4],
    ['23000012', -3, null, 12],
    ['20000098', 99, null, 0],
  ])(
    'DNI %s answers resultado %i (detalle %j) and leaves state %i',
    async (dni, resultado, detalle, estado) => {
      const { id, emits } = await evaluate(dni);
      expect(emits).toEqual([
        {
          namespace: '/credinstante',
          room: String(id),
          event: 'evaluacion',
          payload: { resultado, detalle, codigoProspecto: id },
        },
      ]);
      const { rows } = await kit.svc.db.query<{ estado: number }>(
        'SELECT estado FROM lde_prospects WHERE id = $1',
        [id],
      );
      expect(rows[0]!.estado).toBe(estado);
      // Stored with the evaluation: a client joining the room late reads the same result.
      const stored = await kit.svc.db.query(
        'SELECT namespace, event, payload FROM socket_results WHERE room = $1',
        [String(id)],
      );
      expect(stored.rows).toEqual([
        {
          namespace: '/credinstante',
          event: 'evaluacion',
          payload: { resultado, detalle, codigoProspecto: id },
        },
      ]);
    },
  );

  it('answers -1 on /celulares where credinstante answers 2', async () => {
    const { emits } = await evaluate('20000002', 'celulares');
    expect(emits[0]).toMatchObject({ namespace: '/celulares', payload: { resultado: -1 } });
  });

  it('never answers for 20000099', async () => {
    const { emits } = await evaluate('20000099');
    expect(emits).toEqual([]);
  });

  it('20000098: after the socket timeout (99) nothing was decided, and sending the application again evaluates it anew', async () => {
    const { telefono } = await evaluate('20000098');
    const again = await pre('20000098', { telefono });
    expect(again.json).toMatchObject({ codigoRespuesta: 0, estadoProspecto: 0 });
  });

  it("22000001: the phone code is not sent ('01') to a phone that already received the most codes allowed for now", async () => {
    const telefono = '955200001';
    const r = await pre('22000001', { telefono });
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const send = await kit.call(contractHandlers['tokens.send']!, {
      body: { codigoProspecto: id, documento: '22000001', celular: telefono, grupo: 'CREDINSTANTE', tipo: 1 },
    });
    expect(send.json.codRes).toBe('01');
  });

  it('texts a signed resume link for the pending result (-3) and an observed link for policies to correct', async () => {
    kit.outbox.length = 0;
    const { id } = await evaluate('20000030');
    const resume = kit.outbox.at(-1)!;
    expect(resume.enlace).toMatch(/^https:\/\/sandbox\.test\/credinstante\?process=/);
    const check = await verifyLink(
      kit.svc.settings.jwtSecret,
      resume.enlace!.split('process=')[1]!,
      kit.svc.clock.now(),
    );
    expect(check).toEqual({
      codRes: '00',
      claims: { purpose: 'resume', kind: 'lde', codigoProspecto: id, documento: '20000030' },
    });
    await evaluate('20000002');
    expect(kit.outbox.at(-1)!.enlace).toMatch(/^https:\/\/sandbox\.test\/credinstante\/observados\/ey/);
  });

  it('tells an applicant under 18 that the age is why, not that the DNI is wrong', async () => {
    const eighteenTomorrow = new Date(kit.svc.clock.now() + 86_400_000);
    eighteenTomorrow.setUTCFullYear(eighteenTomorrow.getUTCFullYear() - 18);
    const r = await pre('45678123', { fechaNacimiento: eighteenTomorrow.toISOString().slice(0, 10) });
    expect(r.json).toMatchObject({ codigoRespuesta: '03', estadoProspecto: -2 });
    expect(r.json.detalleRespuesta).toMatch(/18 años o más/);
    expect(r.json.detalleRespuesta).not.toMatch(/DNI/);
  });

  it('10900002 and 10900001: "03" with the state a row names, and the text that says why', async () => {
    const id = await pre('10900002');
    expect(id.json).toMatchObject({ codigoRespuesta: '03', estadoProspecto: -2 });
    expect(id.json.detalleRespuesta).toMatch(/18 años o más/);
    const dni = await pre('10900001');
    expect(dni.json).toMatchObject({ codigoRespuesta: '03', estadoProspecto: -1 });
    expect(dni.json.detalleRespuesta).toMatch(/No pudimos validar tu DNI/);
  });

  it('answers 10 to a new pre-evaluation of someone whose credit is already signed', async () => {
    const r = await pre('45678999');
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.svc.db.query('UPDATE lde_prospects SET estado = 10 WHERE id = $1', [id]);
    expect((await pre('45678999')).json.codigoRespuesta).toBe(10);
  });
});
