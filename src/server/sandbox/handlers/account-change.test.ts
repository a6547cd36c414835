/**
 * The account change of an approved credit (/cambiarcuenta): the code texted to the phone on
 * file, then the new account through updateBankDetails, confirmed by SMS; and the sandbox rows
 * 76000001 (token not valid), 76000002 (credit not approved), 76000011 (code cannot be sent)
 * and 76000099 (account not the holder's).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createKit, type TestKit } from './lde/test-kit.ts';
import { handlers as lde } from './lde.ts';
import { ACCOUNT_CHANGE_TOKEN_TYPE, handlers as contracts } from './contracts.ts';
import { promoterDeskHandlers as desk } from './promoter-desk.ts';
import { signedLinkTtl } from './lde/signature.ts';
import { signLink } from '../../domain/lde/links.ts';
import type { Handler, PromoterSession } from '../types.ts';
import { text } from '../../texts.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});

const h = (id: string): Handler => lde[id] ?? contracts[id]!;
let phone = 986000000;

/** The first account of the disbursement (BBVA), as the credinstante bank step saves it. */
const FIRST_ACCOUNT = {
  tipoDesembolso: 1,
  tipoCuenta: 1,
  entidadBancariaDestino: '011',
  numeroCuentaBancaria: '0011036601000325',
  numeroCuentaInterbancaria: '01136600010003254221',
};
/** The new account (BCP). */
const NEW_ACCOUNT = {
  tipoDesembolso: 1,
  tipoCuenta: 1,
  entidadBancariaDestino: '002',
  numeroCuentaBancaria: '19111357545808',
  numeroCuentaInterbancaria: '00219111357545808250',
};

/** An instant credit of `dni` with its first account, at `estado` (10 signed by default), registered by `promoter` if given. */
async function credit(
  dni: string,
  estado = 10,
  promoter: PromoterSession | null = null,
): Promise<{ id: number; telefono: string }> {
  const telefono = String(++phone);
  const r = await kit.call(h('lde.preEvaluate'), {
    promoter,
    body: {
      tipoDocumento: 1,
      documento: dni,
      fechaNacimiento: '1988-01-20',
      telefono,
      email: 'a@b.pe',
      terms: '1',
      recorridoxDia: 3,
      placa: 'ABC-123',
    },
  });
  await kit.flush();
  const id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  expect(
    (await kit.call(h('credit.updateBankDetails'), { body: { codigoProspecto: id, ...FIRST_ACCOUNT } })).json
      .codRes,
  ).toBe('00');
  await kit.svc.db.query('UPDATE lde_prospects SET estado = $2 WHERE id = $1', [id, estado]);
  return { id, telefono };
}

const askCode = (id: number, documento: string) =>
  kit.call(h('credit.accountChangeCode'), { body: { codigoProspecto: id, documento } });
const change = (id: number, token: string | undefined) =>
  kit.call(h('credit.updateBankDetails'), {
    body: {
      codigoProspecto: id,
      ...NEW_ACCOUNT,
      ...(token === undefined ? {} : { token, tipoToken: ACCOUNT_CHANGE_TOKEN_TYPE }),
    },
  });

describe('the account change of an approved credit', () => {
  it('texts a code to the phone on file, takes the new account with it and confirms the change by SMS', async () => {
    const { id, telefono } = await credit('45671001');
    const code = await askCode(id, '45671001');
    expect(code.json).toMatchObject({
      codRes: '00',
      codigoProspecto: id,
      celularEnmascarado: `${telefono[0]}*****${telefono.slice(-3)}`,
      cuentaActual: '****4221',
    });
    const token = kit.lastToken(telefono);
    expect(token).toMatch(/^\d{6}$/);
    // A saved account changes only with the code.
    expect((await change(id, undefined)).json).toMatchObject({
      codRes: '01',
      detalleRespuesta: text('token.invalid'),
    });
    expect((await change(id, token === '000000' ? '111111' : '000000')).json).toMatchObject({ codRes: '01' });
    const done = await change(id, token);
    expect(done.json).toMatchObject({ codRes: '00', cuentaDesembolso: '****8250' });
    const { rows } = await kit.svc.db.query<{ cci: string; entidad_bancaria: string }>(
      'SELECT cci, entidad_bancaria FROM lde_bank_details WHERE prospect_id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ cci: '00219111357545808250', entidad_bancaria: '002' });
    const last = kit.outbox.at(-1)!;
    expect(last.celular).toBe(telefono);
    expect(last.texto).toContain('****8250');
    // The code is single use.
    expect((await change(id, token)).json).toMatchObject({ codRes: '01' });
  });

  it('the application lookup shows the changed account, masked, and when it was changed', async () => {
    const { id, telefono } = await credit('45671005');
    const lookup = async () =>
      (await kit.call(h('lde.user'), { params: { id: String(id) } })).json.data as Record<string, unknown>;
    expect((await lookup()).cuentaDesembolso).toEqual({
      entidadBancaria: '011',
      nombreEntidadBancaria: 'BBVA',
      tipoCuenta: 1,
      cuenta: '****4221',
      cambiadaEn: null,
    });
    await askCode(id, '45671005');
    expect((await change(id, kit.lastToken(telefono))).json.codRes).toBe('00');
    const shown = await lookup();
    expect(shown.cuentaDesembolso).toEqual({
      entidadBancaria: '002',
      nombreEntidadBancaria: 'Banco de Crédito del Perú (BCP)',
      tipoCuenta: 1,
      cuenta: '****8250',
      cambiadaEn: new Date(kit.svc.clock.now()).toISOString(),
    });
    // Neither the new nor the first account shows in full anywhere in the answer.
    const all = JSON.stringify(shown);
    for (const n of [...Object.values(NEW_ACCOUNT), ...Object.values(FIRST_ACCOUNT)])
      if (typeof n === 'string' && n.length > 8) expect(all).not.toContain(n);
  });

  it("shows the changed account, masked and dated, to the promoters of the application's entity only", async () => {
    const promoter = (usuario: string, codigoEntidad: number, codigoUsuario: string): PromoterSession => ({
      id: usuario,
      usuario,
      nombreUsuario: usuario,
      nombreUsuarioPersona: usuario,
      codigoEntidad,
      codigoUsuario,
      canal: 5,
      productos: [{ ti_solpro: 30 }],
    });
    const ours = promoter('promotor-cuenta', 1, 'PRM0901');
    const theirs = promoter('aliado-cuenta', 2001, 'ALI0901');
    for (const p of [ours, theirs])
      await kit.svc.db.query(
        `INSERT INTO promoters (usuario, password_hash, codigo_entidad, codigo_usuario, nombre_usuario, nombre_usuario_persona)
         VALUES ($1, 'x', $2, $3, $1, $1) ON CONFLICT (usuario) DO NOTHING`,
        [p.usuario, p.codigoEntidad, p.codigoUsuario],
      );
    const { id, telefono } = await credit('45671006', 10, ours);
    const listed = async (p: PromoterSession) =>
      (
        (await kit.call(desk['session.listProspects']!, { promoter: p })).json.result as {
          js_resdat: { codigoProspecto: string; cuentaDesembolso?: unknown }[];
        }
      ).js_resdat.find((r) => r.codigoProspecto === String(id));
    // Before the change: the account given with the application, not marked as changed.
    expect((await listed(ours))?.cuentaDesembolso).toMatchObject({ cuenta: '****4221', cambiadaEn: null });
    await askCode(id, '45671006');
    expect((await change(id, kit.lastToken(telefono))).json.codRes).toBe('00');
    const row = await listed(ours);
    expect(row?.cuentaDesembolso).toEqual({
      entidadBancaria: '002',
      nombreEntidadBancaria: 'Banco de Crédito del Perú (BCP)',
      tipoCuenta: 1,
      cuenta: '****8250',
      cambiadaEn: new Date(kit.svc.clock.now()).toISOString(),
    });
    expect(JSON.stringify(row)).not.toContain(NEW_ACCOUNT.numeroCuentaInterbancaria);
    // Another entity's promoter does not see the application, nor its account.
    expect(await listed(theirs)).toBeUndefined();
  });

  it('answers "02" for a credit not yet approved and "03" for another document or an unknown application', async () => {
    const { id } = await credit('45671002', 4);
    expect((await askCode(id, '45671002')).json).toMatchObject({
      codRes: '02',
      detalleRespuesta: text('cambiarcuenta.error.noAprobado'),
    });
    const signed = await credit('45671003');
    expect((await askCode(signed.id, '45671004')).json).toMatchObject({ codRes: '03' });
    expect((await askCode(123456789, '45671003')).json).toMatchObject({ codRes: '03' });
  });

  it('follows the rows 76000002, 76000011, 76000001 and 76000099', async () => {
    expect((await askCode((await credit('76000002')).id, '76000002')).json).toMatchObject({ codRes: '02' });
    expect((await askCode((await credit('76000011')).id, '76000011')).json).toMatchObject({
      codRes: '01',
      detalleRespuesta: text('error.tokenSend'),
    });
    const a = await credit('76000001');
    await askCode(a.id, '76000001');
    expect((await change(a.id, kit.lastToken(a.telefono))).json).toMatchObject({ codRes: '01' });
    const b = await credit('76000099');
    await askCode(b.id, '76000099');
    expect((await change(b.id, kit.lastToken(b.telefono))).json).toMatchObject({
      codRes: '99',
      detalleRespuesta: text('cambiarcuenta.error.cuentaAjena'),
    });
  });

  it('76000007: the account-change link texted when the credit is signed has already expired ("07")', async () => {
    expect(signedLinkTtl('45671001')).toBeUndefined();
    const ttl = signedLinkTtl('76000007');
    expect(ttl).toBeLessThan(0);
    const claims = {
      purpose: 'resume' as const,
      kind: 'lde' as const,
      codigoProspecto: 1,
      documento: '76000007',
    };
    const token = await signLink(kit.svc.settings.jwtSecret, claims, kit.svc.clock.now(), ttl);
    expect((await kit.call(h('jwt.validate'), { body: { token } })).json.codRes).toBe('07');
  });
});
