import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { ENDPOINTS } from '../../../engine/endpoints.ts';
import { text } from '../../texts.ts';
import { createKit, type TestKit } from './lde/test-kit.ts';
import { handlers as lde, identityAnswers } from './lde.ts';
import { handlers as contracts } from './contracts.ts';
import { handlers as customers } from './customers.ts';
import { BadInput, type Handler } from '../types.ts';
import { PROSPECT_STATE, setState } from '../../domain/lde/prospects.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

const h = (id: string): Handler => {
  const f = lde[id] ?? contracts[id] ?? customers[id];
  if (!f) throw new Error(`no handler for ${id}`);
  return f;
};
let phone = 987000000;

/** Pre-evaluates `dni` with a fresh phone, proves the phone and lets the evaluation answer; answers the prospect id and phone. */
async function approved(dni: string, producto: 'credinstante' | 'celulares' = 'credinstante') {
  const telefono = String(++phone);
  const r = await kit.call(h('lde.preEvaluate'), {
    body: {
      tipoDocumento: 1,
      documento: dni,
      fechaNacimiento: '1988-01-20',
      telefono,
      email: 'a@b.pe',
      terms: '1',
      recorridoxDia: 3,
      ...(producto === 'celulares' ? { codigoProducto: 58 } : { placa: 'ABC-123' }),
    },
  });
  const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  await kit.verifyPhone({ id, documento: dni, telefono });
  await kit.flush();
  return { id, telefono };
}

async function withOffer(dni: string) {
  const a = await approved(dni);
  const saved = await kit.call(h('simulator.saveLoan'), {
    body: { codigoProspecto: a.id, importeFinanciar: 3000, cuotas: 12 },
  });
  expect(saved.json.codRes).toBe('00');
  return a;
}

async function rightAnswers(id: number, dni: string) {
  await kit.call(h('identity.questions'), { params: { id: String(id) } });
  const r = (await identityAnswers(dni, kit.svc)) as {
    respuestas: { idPregunta: number; idRespuesta: number }[];
  };
  // Sent under the request schema's names, as the site sends them.
  return r.respuestas.map(({ idPregunta, idRespuesta }) => ({
    codigoPregunta: idPregunta,
    codigoRespuesta: idRespuesta,
  }));
}

describe('handler map', () => {
  it('answers every instant-credit, identity, biometric, simulator, contract, token, link and credit call of the registry, with no unknown id', () => {
    const ids = Object.keys(ENDPOINTS).filter((id) =>
      /^(lde|identity|biometrics|simulator|contracts|tokens|jwt|credit)\./.test(id),
    );
    expect(ids.filter((id) => !(id in lde) && !(id in contracts) && !(id in customers))).toEqual([]);
    expect(
      [...Object.keys(lde), ...Object.keys(contracts), ...Object.keys(customers)].filter(
        (id) => !(id in ENDPOINTS),
      ),
    ).toEqual([]);
  });
});

describe('happy path for an unlisted DNI', () => {
  it('goes from pre-evaluation to an active credit, with real documents and a signature', async () => {
    const dni = '45678912';
    const { id, telefono } = await approved(dni);
    const cond = await kit.call(h('simulator.get'), { body: { codigoProspecto: id } });
    expect(cond.json).toMatchObject({
      codRes: '00',
      simulacion: { montoMinimo: 300, montoMaximo: 5000, plazos: '6,9,12,18,24', tea: 99 },
    });
    const fr = await kit.call(h('simulator.frAndTerms'), { body: { codigoProspecto: id } });
    expect(fr.json).toMatchObject({ codRes: '00', fr: 1 });
    const q = await kit.call(h('simulator.quota'), {
      body: { codigoProspecto: id, importeFinanciar: 3000, cuotas: 12 },
    });
    expect(q.json.codRes).toBe('00');
    expect((q.json.simulacion as { cronograma: unknown[] }).cronograma).toHaveLength(12);
    expect(
      (
        await kit.call(h('simulator.saveLoan'), {
          body: { codigoProspecto: id, importeFinanciar: 3000, cuotas: 12 },
        })
      ).json.codRes,
    ).toBe('00');

    // phone verification by SMS code
    expect(
      (
        await kit.call(h('tokens.send'), {
          body: { celular: telefono, documento: dni, grupo: 'CREDINSTANTE', tipo: '1' },
        })
      ).json.codRes,
    ).toBe('00');
    const code = kit.lastToken(telefono);
    expect(kit.outbox.at(-1)!.texto).toContain(`Tu código de verificación es ${code}`);
    expect(
      (
        await kit.call(h('tokens.validate'), {
          body: { celular: telefono, documento: dni, grupo: 'CREDINSTANTE', tipo: '1', token: code },
        })
      ).json.codRes,
    ).toBe('00');

    const qs = await kit.call(h('identity.questions'), { params: { id: String(id) } });
    expect(qs.json.codRes).toBe('20');
    const ok = await kit.call(h('identity.answers'), {
      body: { codigoProspecto: id, respuestas: await rightAnswers(id, dni) },
    });
    expect(ok.json.codRes).toBe('00');

    expect(
      (await kit.call(h('biometrics.recordCheck'), { body: { codigoProspecto: id } })).json,
    ).toMatchObject({ codRes: '00', isBiometric: true });
    expect((await kit.call(h('biometrics.validate'), { body: { codigoProspecto: id } })).json).toMatchObject({
      codRes: '00',
      repeatBiometric: false,
      contador: 1,
    });

    expect(
      (
        await kit.call(h('lde.confirmData'), {
          body: { codigoProspecto: id, direccion: 'Av. Perú 123', distrito: 'Lima' },
        })
      ).json.codRes,
    ).toBe('00');
    const bank = await kit.call(h('credit.updateBankDetails'), {
      body: {
        codigoProspecto: id,
        tipoDesembolso: 1,
        tipoCuenta: 1,
        entidadBancariaDestino: '002',
        numeroCuentaInterbancaria: '00219111357545808250',
      },
    });
    expect(bank.json.codRes).toBe('00');

    const gen = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    expect(gen.json.codRes).toBe('00');
    expect((gen.json.documentos as { tipo: string }[]).map((d) => d.tipo)).toEqual([
      'hojaResumen',
      'solicitudCredito',
      'contrato',
      'cronograma',
      'cartaActivacionFr',
    ]);
    // Each document comes as a link to its report path, not as the PDF: the link opens it.
    const links = (gen.json.documentos as { tipo: string; url: string; contenido?: unknown }[]).map(
      (d) => d.url,
    );
    expect((gen.json.documentos as { contenido?: unknown }[]).every((d) => d.contenido === undefined)).toBe(
      true,
    );
    expect(links[0]).toMatch(/^\/kong\/reporte\/contrato\/2\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const byLink = await kit.call(h('contracts.document'), { params: { data: links[0]!.split('/').pop()! } });
    expect(byLink.contentType).toBe('application/pdf');
    const tampered = await kit.call(h('contracts.document'), {
      params: { data: links[0]!.split('/').pop()!.slice(0, -2) + 'xx' },
    });
    expect(tampered.status).toBe(404);
    const pdf = await kit.call(h('contracts.generate'), {
      body: { codigoProspecto: id, tipo: 'hojaResumen' },
    });
    expect(pdf.contentType).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    expect(text).toContain('99.00%');
    expect(text).toMatch(/TCEA/);

    expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '00',
    );
    const wrong = await kit.call(h('lde.update3'), {
      body: {
        codigoProspecto: id,
        tokenSMS: '000000' === kit.lastToken(telefono) ? '111111' : '000000',
        fi_hojres: true,
      },
    });
    expect(wrong.json.codigoRespuesta).toBe('01');
    const signed = await kit.call(h('lde.update3'), {
      body: {
        codigoProspecto: id,
        tokenSMS: kit.lastToken(telefono),
        fi_hojres: true,
        fi_solcre: true,
        fi_contra: true,
        fi_cronog: true,
      },
    });
    expect(signed.json.codigoRespuesta).toBe('00');
    expect((await kit.call(h('credit.updateExpress'), { body: { codigoProspecto: id } })).json).toMatchObject(
      { codRes: '00', estadoProspecto: 11 },
    );
    const user = await kit.call(h('lde.user'), { params: { id: String(id) } });
    expect(user.json).toMatchObject({
      codigoRespuesta: '00',
      data: { estadoProspecto: 11, celularVerificado: true, identidadValidada: true },
    });
  });

  it('does not let an id open an application when the body names another document', async () => {
    const { id } = await approved('45678920');
    expect(
      (await kit.call(h('simulator.get'), { body: { codigoProspecto: id, documento: '45678921' } })).json
        .codRes,
    ).toBe('99');
  });

  it('refuses an amount above the approved offer and a term not offered, naming the fields', async () => {
    const { id } = await approved('45678922');
    await expect(
      kit.call(h('simulator.quota'), { body: { codigoProspecto: id, importeFinanciar: 9000, cuotas: 7 } }),
    ).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof BadInput && e.fields.map((f) => f.path).join() === '/importeFinanciar,/cuotas',
    );
  });
});

describe("the quota simulator and the application's state", () => {
  it.each([
    ['in process (2)', PROSPECT_STATE.inProcess, '45678930'],
    ['signed (10)', PROSPECT_STATE.signed, '45678931'],
    ['withdrawn (12)', PROSPECT_STATE.withdrawn, '45678932'],
  ])('answers "99" for an application %s, where no offer may be simulated', async (_label, estado, dni) => {
    const { id } = await approved(dni);
    const quota = async () =>
      (
        await kit.call(h('simulator.quota'), {
          body: { codigoProspecto: id, importeFinanciar: 1000, cuotas: 12 },
        })
      ).json.codRes;
    expect(await quota()).toBe('00');
    await setState(kit.svc.db, id, estado, kit.svc.clock.now());
    expect(await quota()).toBe('99');
  });
});

describe('later-step scenarios (SCENARIOS.md)', () => {
  it('21000099: the quota simulator answers "99"', async () => {
    const { id } = await approved('21000099');
    expect(
      (
        await kit.call(h('simulator.quota'), {
          body: { codigoProspecto: id, importeFinanciar: 1000, cuotas: 12 },
        })
      ).json.codRes,
    ).toBe('99');
  });

  it('10000004: offer ready straight from pre-evaluation, the simulator answers once the phone is proved', async () => {
    const r = await kit.call(h('lde.preEvaluate'), {
      body: { documento: '10000004', telefono: '987111222', placa: 'ABC-123', terms: '1' },
    });
    const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const offer = async () =>
      (await kit.call(h('simulator.get'), { body: { codigoProspecto: id } })).json.codRes;
    expect(await offer()).toBe('99');
    await kit.verifyPhone({ id, documento: '10000004', telefono: '987111222' });
    expect(await offer()).toBe('00');
    expect(
      (
        await kit.call(h('simulator.quota'), {
          body: { codigoProspecto: id, importeFinanciar: 1000, cuotas: 6 },
        })
      ).json.codRes,
    ).toBe('00');
  });

  it.each([
    ['30000001', '01'],
    ['30000002', '02'],
    ['30000003', '03'],
    ['30000004', '04'],
    ['30000008', '08'],
    ['30000009', '09'],
    ['30000010', '10'],
    ['30000011', '11'],
  ])('%s: identity answers "%s" even with the right answers', async (dni, code) => {
    const { id } = await approved(dni);
    const right = await rightAnswers(id, dni);
    expect(
      (await kit.call(h('identity.answers'), { body: { codigoProspecto: id, respuestas: right } })).json
        .codRes,
    ).toBe(code);
  });

  it('30000099: the questions could not be obtained ("99")', async () => {
    const { id } = await approved('30000099');
    expect((await kit.call(h('identity.questions'), { params: { id: String(id) } })).json.codRes).toBe('99');
  });

  it('31000001: the record check answers codRes "00" with isBiometric false', async () => {
    const { id } = await approved('31000001');
    expect(
      (await kit.call(h('biometrics.recordCheck'), { body: { codigoProspecto: id } })).json,
    ).toMatchObject({ codRes: '00', isBiometric: false });
  });

  it('31000002: validation keeps asking to repeat while the stored counter rises', async () => {
    const { id } = await approved('31000002');
    const first = await kit.call(h('biometrics.validate'), { body: { codigoProspecto: id } });
    const second = await kit.call(h('biometrics.validate'), { body: { codigoProspecto: id } });
    expect(first.json).toMatchObject({ codRes: '00', repeatBiometric: true, contador: 1 });
    expect(second.json).toMatchObject({ codRes: '00', repeatBiometric: true, contador: 2 });
  });

  it('31000099: the biometric calls fail ("99")', async () => {
    const { id } = await approved('31000099');
    expect((await kit.call(h('biometrics.recordCheck'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '99',
    );
    expect((await kit.call(h('biometrics.validate'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '99',
    );
  });

  it.each([
    ['32000001', '01', 'Código no válido'],
    ['32000099', '99', undefined],
  ])('%s: bank details answer "%s"', async (dni, code, detail) => {
    const { id } = await withOffer(dni);
    const r = await kit.call(h('credit.updateBankDetails'), {
      body: { codigoProspecto: id, tipoDesembolso: 1, numeroCuentaInterbancaria: '00219111357545808250' },
    });
    expect(r.json.codRes).toBe(code);
    if (detail) expect(r.json.detalleRespuesta).toBe(detail);
  });

  it('refuses to change the chosen offer once the contract documents were generated ("99"): the offer stays the one they state', async () => {
    const { id } = await withOffer('45678940');
    const first = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    expect(first.json.codRes).toBe('00');
    const changed = await kit.call(h('simulator.saveLoan'), {
      body: { codigoProspecto: id, importeFinanciar: 5000, cuotas: 24 },
    });
    expect(changed.status ?? 200).toBe(200);
    expect(changed.json).toEqual({ codRes: '99', detalleRespuesta: text('error.offerInContracts') });
    const { rows } = await kit.svc.db.query<{ monto: string; plazo: number }>(
      'SELECT s.monto, s.plazo FROM lde_offers o JOIN lde_simulations s ON s.id = o.simulation_id WHERE o.prospect_id = $1',
      [id],
    );
    expect(rows.map((r) => [Number(r.monto), r.plazo])).toEqual([[3000, 12]]);
  });

  it('33000001: the signing code cannot be sent now ("01")', async () => {
    const { id } = await withOffer('33000001');
    expect((await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '00',
    );
    expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '01',
    );
  });

  it('33000002: the back office prepared the contracts once the data were confirmed: generaContrato answers "01" with them', async () => {
    const { id } = await withOffer('33000002');
    const confirmed = await kit.call(h('lde.confirmData'), {
      body: { codigoProspecto: id, direccion: 'Av. Perú 123', distrito: 'Lima' },
    });
    expect(confirmed.json.codRes).toBe('00');
    const gen = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    expect(gen.json.codRes).toBe('01');
    expect(gen.json.documentos).toEqual(
      expect.arrayContaining([expect.objectContaining({ tipo: 'hojaResumen' })]),
    );
    // Anyone else's are generated by the page's own call.
    const other = await withOffer('45678951');
    await kit.call(h('lde.confirmData'), {
      body: { codigoProspecto: other.id, direccion: 'Av. Perú 123', distrito: 'Lima' },
    });
    expect(
      (await kit.call(h('contracts.generate'), { body: { codigoProspecto: other.id } })).json.codRes,
    ).toBe('00');
  });

  it('34000002: the signature answers "02" (already has an approved offer)', async () => {
    const { id, telefono } = await withOffer('34000002');
    await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } });
    expect(
      (await kit.call(h('lde.update3'), { body: { codigoProspecto: id, tokenSMS: kit.lastToken(telefono) } }))
        .json.codigoRespuesta,
    ).toBe('02');
  });

  it.each([
    ['80000001', '01'],
    ['80000003', '03'],
    ['80000004', '04'],
    ['80000005', '05'],
    ['80000099', '99'],
    ['45678912', '00'],
  ])('other online products: %s answers "%s"', async (dni, code) => {
    expect(
      (
        await kit.call(h('lde.retanqueoOffer'), {
          body: { documento: dni, channel: 6, codigoProducto: 14, tipoDocumento: 1 },
        })
      ).json.codRes,
    ).toBe(code);
  });
});

describe('observed policies', () => {
  it('20000002 details "00" with policies to correct; 20000022 details "02"', async () => {
    const a = await approved('20000002');
    const d = await kit.call(h('lde.policyDetail'), { body: { codigoProspecto: a.id } });
    expect(d.json.codRes).toBe('00');
    expect((d.json.politicas as unknown[]).length).toBeGreaterThan(0);
    const b = await approved('20000022');
    expect((await kit.call(h('lde.policyDetail'), { body: { codigoProspecto: b.id } })).json.codRes).toBe(
      '02',
    );
    const ev = await kit.call(h('lde.policies'), {
      query: { codigoEvaluacion: String(d.json.codigoEvaluacion) },
    });
    expect(ev.json).toMatchObject({ codRes: '00', data: { resultado: 2, detalle: '00' } });
    expect((await kit.call(h('lde.policies'), { query: { codigoEvaluacion: '999999' } })).json.codRes).toBe(
      '99',
    );
  });

  it('an evaluation that has not answered yet (20000099) has no result, rather than 0 (approved, office closed)', async () => {
    const { id } = await approved('20000099');
    const { rows } = await kit.svc.db.query<{ id: number }>(
      'SELECT id FROM lde_evaluations WHERE prospect_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    const ev = await kit.call(h('lde.policies'), { query: { codigoEvaluacion: String(rows[0]!.id) } });
    expect(ev.json.codRes).toBe('00');
    expect(ev.json.data).toMatchObject({ codigoProspecto: id });
    expect(ev.json.data).not.toHaveProperty('resultado');
    expect(ev.json.data).not.toHaveProperty('detalle');
  });
});

describe('celulares', () => {
  it('generates group C (the first four plus the instruction and charge-authorisation letters) without bank details', async () => {
    const { id } = await approved('45678940', 'celulares');
    const cond = await kit.call(h('simulator.get'), { body: { codigoProspecto: id } });
    expect(cond.json).toMatchObject({ codRes: '00', simulacion: { montoMaximo: 2000, plazos: '6,9,12' } });
    expect(
      (
        await kit.call(h('simulator.saveLoan'), {
          body: { codigoProspecto: id, importeFinanciar: 1500, cuotas: 9 },
        })
      ).json.codRes,
    ).toBe('00');
    const gen = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    expect((gen.json.documentos as { tipo: string }[]).map((d) => d.tipo)).toEqual([
      'hojaResumen',
      'solicitudCredito',
      'contrato',
      'cronograma',
      'cartaInstruccion',
      'cartaAutorizacionCargo',
    ]);
    const info = await kit.call(h('lde.requiredInfo'), { params: { codigoProspecto: String(id) } });
    expect((info.json.data as { faltantes: string[] }).faltantes).not.toContain('datosBancarios');
  });
});

describe('declining the loan', () => {
  it('keeps the comment, answers "10" and withdraws the application', async () => {
    const { id } = await approved('45678941');
    expect(
      (
        await kit.call(h('lde.rejectLoan'), {
          body: { codigoProspecto: id, motivo: 2, comentario: 'La cuota es alta' },
        })
      ).json.codigoRespuesta,
    ).toBe('10');
    expect((await kit.call(h('lde.user'), { params: { id: String(id) } })).json).toMatchObject({
      data: { estadoProspecto: 12, rechazo: { comentario: 'La cuota es alta' } },
    });
  });
});

describe('bank details', () => {
  it('refuses a CCI with wrong check digits, or from another bank, as bad input', async () => {
    const { id } = await withOffer('45678930');
    await expect(
      kit.call(h('credit.updateBankDetails'), {
        body: { codigoProspecto: id, tipoDesembolso: 1, numeroCuentaInterbancaria: '00219111357545808251' },
      }),
    ).rejects.toMatchObject({
      fields: [
        {
          path: '/numeroCuentaInterbancaria',
          message: text('view.bank.cci.account'),
        },
      ],
    });
    await expect(
      kit.call(h('credit.updateBankDetails'), {
        body: {
          codigoProspecto: id,
          tipoDesembolso: 1,
          entidadBancariaDestino: '011',
          numeroCuentaInterbancaria: '00219111357545808250',
        },
      }),
    ).rejects.toMatchObject({
      fields: [{ path: '/numeroCuentaInterbancaria', message: text('view.bank.cci.otherBank') }],
    });
    expect(
      (
        await kit.call(h('credit.updateBankDetails'), {
          body: {
            codigoProspecto: id,
            tipoDesembolso: 1,
            entidadBancariaDestino: '011',
            numeroCuentaInterbancaria: '01136600010003254221',
          },
        })
      ).json.codRes,
    ).toBe('00');
  });

  it('changes a saved account only with the SMS code sent to the phone on file', async () => {
    const { id, telefono } = await withOffer('45678932');
    const first = {
      codigoProspecto: id,
      tipoDesembolso: 1,
      entidadBancariaDestino: '002',
      numeroCuentaInterbancaria: '00219111357545808250',
    };
    const other = {
      codigoProspecto: id,
      tipoDesembolso: 1,
      entidadBancariaDestino: '011',
      numeroCuentaInterbancaria: '01136600010003254221',
    };
    const cci = async () =>
      (
        await kit.svc.db.query<{ cci: string }>('SELECT cci FROM lde_bank_details WHERE prospect_id = $1', [
          id,
        ])
      ).rows[0]?.cci;
    expect((await kit.call(h('credit.updateBankDetails'), { body: first })).json.codRes).toBe('00');
    expect((await kit.call(h('credit.updateBankDetails'), { body: other })).json.codRes).toBe('01');
    expect(
      (await kit.call(h('credit.updateBankDetails'), { body: { ...other, token: '000000' } })).json.codRes,
    ).toBe('01');
    expect(await cci()).toBe(first.numeroCuentaInterbancaria);
    expect(
      (
        await kit.call(h('tokens.send'), {
          body: { celular: telefono, documento: '45678932', grupo: 'CREDINSTANTE', tipo: '1' },
        })
      ).json.codRes,
    ).toBe('00');
    expect(
      (await kit.call(h('credit.updateBankDetails'), { body: { ...other, token: kit.lastToken(telefono) } }))
        .json.codRes,
    ).toBe('00');
    expect(await cci()).toBe(other.numeroCuentaInterbancaria);
  });

  it('keeps the account celulares confirms with its data, so only the SMS code changes it', async () => {
    const { id } = await approved('45678933', 'celulares');
    const saved = await kit.call(h('simulator.saveLoan'), {
      body: { codigoProspecto: id, importeFinanciar: 1200, cuotas: 12 },
    });
    expect(saved.json.codRes).toBe('00');
    const first = {
      codigoProspecto: id,
      tipoDesembolso: 1,
      entidadBancariaDestino: '002',
      numeroCuentaInterbancaria: '00219111357545808250',
    };
    const other = {
      ...first,
      entidadBancariaDestino: '011',
      numeroCuentaInterbancaria: '01136600010003254221',
    };
    const confirm = (account: typeof first) =>
      kit.call(h('lde.confirmData'), {
        body: { ...account, tipoResidencia: 1, direccion: 'Av. Arequipa 123', email: 'a@b.pe' },
      });
    expect((await confirm(first)).json.codRes).toBe('00');
    const cci = async () =>
      (
        await kit.svc.db.query<{ cci: string }>('SELECT cci FROM lde_bank_details WHERE prospect_id = $1', [
          id,
        ])
      ).rows[0]?.cci;
    expect(await cci()).toBe(first.numeroCuentaInterbancaria);
    // The holder's session alone can replace it neither through the bank-details call nor by confirming again.
    expect((await kit.call(h('credit.updateBankDetails'), { body: other })).json.codRes).toBe('01');
    expect((await confirm(other)).json.codRes).toBe('99');
    expect((await confirm(first)).json.codRes).toBe('00');
    expect(await cci()).toBe(first.numeroCuentaInterbancaria);
  });
});
