/**
 * The conversion campaign calls through the real server (SCENARIOS.md "Conversion campaign"):
 * every contract row, the happy path of an unlisted DNI, the status lookup a resume link
 * reads, and the 400 of a body the call cannot work with. Answers are held against their
 * response schemas by the server itself (`SANDBOX_CHECK_ANSWERS`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../engine/endpoints.ts';
import { SCENARIOS } from '../scenarios.ts';
import { startTestApp } from '../../test-support.ts';
import { text } from '../../texts.ts';
import { testBrowser, type TestBrowser } from '../../test-browser.ts';
import { priceOffer } from '../../domain/conversion/offers.ts';
import {
  CONVERSION_IDLE_MS,
  RESEND_BASE_MS,
  resumePendingResumeLinks,
  sendResumeLinkIfIdle,
} from '../../domain/conversion/resume-link.ts';

const PRE = ENDPOINTS['conversion.preEvaluate'];
const STATUS = ENDPOINTS['conversion.status'];

let srv: Awaited<ReturnType<typeof startTestApp>>;
/** The applicant's browser: it holds the applications it opens. */
let browser: TestBrowser;
beforeAll(async () => {
  srv = await startTestApp();
  browser = testBrowser(srv.app);
}, 180000);
afterAll(async () => {
  await srv.stop();
});

/** What the data form sends (spec 000 §3 "Conversion evaluation data"). */
const form = (documento: string, extra: Record<string, unknown> = {}) => ({
  tipoDocumento: 1,
  documento,
  placa: 'B7K-245',
  categoriaVehiculo: 'M1',
  telefono: '987654321',
  email: 'cliente@correo.pe',
  codigoProducto: 19,
  channel: 1,
  origen: 4,
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_content: 'gnv',
  utm_campaign: 'conversiones',
  ...extra,
});

const evaluate = (payload: unknown, key = `k-${Math.random()}`) =>
  browser.inject({
    method: 'POST',
    url: PRE.path,
    payload: payload as Record<string, unknown>,
    headers: { 'idempotency-key': key },
  });
const lookup = (id: unknown, documento?: string) =>
  browser.inject({
    method: 'GET',
    url: STATUS.path.replace('{codigoProspecto}', String(id)),
    query: documento === undefined ? {} : { documento },
  });

describe('the conversion calls in the registry', () => {
  it('are marked as calls the spec names without a path; the pre-evaluation creates', () => {
    expect(PRE).toMatchObject({ method: 'POST', codeField: 'codRes', creates: true, family: 'conversion' });
    expect(STATUS).toMatchObject({
      method: 'GET',
      codeField: 'estadoProspecto',
      creates: false,
      request: null,
    });
    expect(PRE.pathNotInSpec).toMatch(/Conversion evaluation data/);
    expect(STATUS.pathNotInSpec).toMatch(/codigoProspecto/);
  });
});

describe('conversion pre-evaluation (SCENARIOS.md "Conversion campaign")', () => {
  it('an unlisted DNI is evaluated: status 0 (offer form), no products, a prospect to resume', async () => {
    const r = await evaluate(form('45678912'));
    expect(r.statusCode).toBe(200);
    const body = r.json<Record<string, unknown>>();
    expect(body).toMatchObject({ codRes: '00', estadoProspecto: 0, productos: [], detalleRespuesta: 'OK' });
    expect(typeof body.codigoProspecto).toBe('number');
    const s = await lookup(body.codigoProspecto, '45678912');
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({
      codRes: '00',
      codigoProspecto: body.codigoProspecto,
      estadoProspecto: 0,
      productos: [],
      codigoProducto: 19,
    });
  });

  it.each([
    ['70000002', 2, [], text('status.evaluacionEnProceso')],
    ['70000014', 14, [], text('status.preAprobado')],
    ['70000018', 18, [19, 20], 'OK'],
    ['70000035', 35, [21, 22], 'OK'],
    ['70000022', 22, [], text('status.creditoActivado')],
    ['70000077', 77, [], text('status.solicitudEnProceso')],
  ])(
    '%s answers status %s with products %j, and the resume lookup reads the same',
    async (documento, estado, productos, detalle) => {
      const r = await evaluate(form(documento));
      expect(r.statusCode).toBe(200);
      const body = r.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        codRes: '00',
        estadoProspecto: estado,
        productos,
        detalleRespuesta: detalle,
      });
      const s = await lookup(body.codigoProspecto, documento);
      expect(s.statusCode).toBe(200);
      expect(s.json()).toMatchObject({
        codRes: '00',
        codigoProspecto: body.codigoProspecto,
        estadoProspecto: estado,
        productos,
      });
    },
  );

  it.each([
    ['71000001', '01', text('status.solicitudEnProceso')],
    ['71000003', '03', text('status.sinOferta')],
    ['71000004', '04', text('status.prestamoAprobado')],
    ['71000005', '05', text('status.noNuevasSolicitudes')],
    ['71000099', '99', text('error.badCodeResponse')],
  ])('%s answers pre-evaluation "%s" and registers no prospect', async (documento, code, detalle) => {
    const r = await evaluate(form(documento));
    expect(r.statusCode).toBe(200);
    const body = r.json<Record<string, unknown>>();
    expect(body).toMatchObject({ codRes: code, detalleRespuesta: detalle });
    expect(body).not.toHaveProperty('codigoProspecto');
    expect(body).not.toHaveProperty('estadoProspecto');
    if (code === '04') expect(body.enlaceRenovacion).toMatch(/\/renovacion$/);
    else expect(body).not.toHaveProperty('enlaceRenovacion');
  });

  it('covers every row of the contract section', () => {
    const section = SCENARIOS.sections.find((s) => s.id === 'conversion')!;
    const tested = [
      '70000002',
      '70000014',
      '70000018',
      '70000035',
      '70000022',
      '70000077',
      '71000001',
      '71000003',
      '71000004',
      '71000005',
      '71000099',
      '72000003',
      '72000098',
      '72000099',
      '73000099',
      '74000099',
      '75000099',
      '77000000',
      '77000006',
      '77000007',
    ];
    expect(section.rows.map((r) => r.documento).sort()).toEqual([...tested].sort());
  });

  it('resumes the same application when the applicant evaluates the same vehicle again; another plate opens a new one', async () => {
    type Answer = { codigoProspecto: number; nuevaSolicitud: boolean };
    const first = (await evaluate(form('45678913'))).json<Answer>();
    const again = (await evaluate(form('45678913', { telefono: '912345678' }))).json<Answer>();
    expect(again.codigoProspecto).toBe(first.codigoProspecto);
    // Only the answer that registered it says it is new (the ads conversion counts it once).
    expect([first.nuevaSolicitud, again.nuevaSolicitud]).toEqual([true, false]);
    const other = (await evaluate(form('45678913', { placa: 'C3D-456' }))).json<Answer>();
    expect(other.codigoProspecto).not.toBe(first.codigoProspecto);
    expect(other.nuevaSolicitud).toBe(true);
  });

  it('replays the stored answer to a retry with the same idempotency key', async () => {
    const a = await evaluate(form('45678914'), 'conversion-retry');
    const b = await evaluate(form('45678914'), 'conversion-retry');
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(b.json()).toEqual(a.json());
  });
});

describe('conversion bad input', () => {
  it('refuses a body without the plate and with a malformed DNI with 400 naming the fields', async () => {
    const r = await evaluate({ tipoDocumento: 1, documento: '4567891', telefono: '12345' });
    expect(r.statusCode).toBe(400);
    const campos = r.json<{ errores: { campo: string }[] }>().errores.map((e) => e.campo);
    expect(campos).toEqual(expect.arrayContaining(['placa', 'documento', 'telefono']));
  });

  it('refuses a DNI that is not 8 digits and a malformed plate with 400', async () => {
    const dni = await evaluate(form('ABC123456'));
    expect(dni.statusCode).toBe(400);
    expect(JSON.stringify(dni.json())).toMatch(/documento/);
    const plate = await evaluate(form('45678912', { placa: '12' }));
    expect(plate.statusCode).toBe(400);
    expect(JSON.stringify(plate.json())).toMatch(/placa/);
  });

  it('answers an unknown prospect with 404 "03" and a code that is not a number with 400', async () => {
    const unknown = await lookup(123456789, '45678912');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      codRes: '03',
      detalleRespuesta: text('vehicle.prospectNotFound'),
    });
    expect((await lookup('abc', '45678912')).statusCode).toBe(400);
  });

  it("opens an application only with its holder's document: another's answers as an unknown code, none is a 400", async () => {
    const { codigoProspecto } = (await evaluate(form('45678915'))).json<{ codigoProspecto: number }>();
    expect((await lookup(codigoProspecto, '45678915')).statusCode).toBe(200);
    const other = await lookup(codigoProspecto, '45678916');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ codRes: '03' });
    const none = await lookup(codigoProspecto);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ errores: { campo: string }[] }>().errores.map((e) => e.campo)).toContain('documento');
  });
});

// ---------------------------------------------------------------------------------------
// Steps 3 to 7: offer form, offers, confirmation, data, contracts
// ---------------------------------------------------------------------------------------

const call = (id: keyof typeof ENDPOINTS, payload: Record<string, unknown>) =>
  browser.inject({
    method: 'POST',
    url: ENDPOINTS[id].path,
    payload,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });
const offersOf = (id: unknown, documento: string) =>
  browser.inject({
    method: 'GET',
    url: ENDPOINTS['conversion.offers'].path.replace('{codigoProspecto}', String(id)),
    query: { documento },
  });

interface Offer {
  codigoProducto: number;
  importeFinanciar: number;
  cuotas: number;
  tasa: number;
  importeCuotas: number;
  factorRecaudo: number;
  titulo: string;
}

/** Evaluates `documento` (unlisted: status 0) and answers its application code. */
async function evaluated(documento: string, extra: Record<string, unknown> = {}): Promise<number> {
  const r = await evaluate(form(documento, extra));
  expect(r.json()).toMatchObject({ codRes: '00', estadoProspecto: 0 });
  return r.json<{ codigoProspecto: number }>().codigoProspecto;
}

const offerForm = (codigoProspecto: number, documento: string, extra: Record<string, unknown> = {}) =>
  call('conversion.requestOffer', {
    codigoProspecto,
    documento,
    anioFabricacion: 2021,
    combustibleActual: 'GASOLINA',
    precioConversion: 4800,
    ...extra,
  });

describe('the conversion offers, confirmation and contracts (steps 3 to 7)', () => {
  it('a car is offered product 24 first, then 19 and 20, each priced with the credit math; the lookup answers the same', async () => {
    const id = await evaluated('46000001');
    const r = await offerForm(id, '46000001');
    expect(r.statusCode).toBe(200);
    const body = r.json<{ codRes: string; estadoProspecto: number; ofertas: Offer[] }>();
    expect(body).toMatchObject({ codRes: '00', estadoProspecto: 18 });
    expect(body.ofertas.map((o) => o.codigoProducto)).toEqual([24, 19, 20]);
    for (const o of body.ofertas) {
      const priced = priceOffer(o.codigoProducto, 4800, 'M1', srv.services!.settings.rateCapTea)!;
      expect(o).toMatchObject({
        importeFinanciar: 4800,
        cuotas: priced.cuotas,
        tasa: priced.tasa,
        importeCuotas: priced.importeCuotas,
        factorRecaudo: priced.factorRecaudo,
      });
      expect(o.titulo).toBe(text(`conversion.producto.${o.codigoProducto}`));
    }
    const listed = await offersOf(id, '46000001');
    expect(listed.json()).toMatchObject({ codRes: '00', ofertas: body.ofertas });
    // The application now answers its offer status.
    expect((await lookup(id, '46000001')).json()).toMatchObject({
      estadoProspecto: 18,
      productos: [24, 19, 20],
    });
  });

  it('a light commercial vehicle is offered 24, 21 and 22 (status 35)', async () => {
    const id = await evaluated('46000002', { categoriaVehiculo: 'N1' });
    const body = (await offerForm(id, '46000002')).json<{ estadoProspecto: number; ofertas: Offer[] }>();
    expect(body.estadoProspecto).toBe(35);
    expect(body.ofertas.map((o) => o.codigoProducto)).toEqual([24, 21, 22]);
  });

  it('a vehicle older than 10 years, or the row 72000003, has no offer now ("03"); the row 72000098 answers "99"', async () => {
    const year = new Date(srv.services!.clock.now()).getUTCFullYear();
    const id = await evaluated('46000003');
    expect((await offerForm(id, '46000003', { anioFabricacion: year - 11 })).json()).toMatchObject({
      codRes: '03',
      detalleRespuesta: text('status.sinOferta'),
    });
    expect((await lookup(id, '46000003')).json()).toMatchObject({ estadoProspecto: 0 });
    const row = await evaluated('72000003');
    expect((await offerForm(row, '72000003')).json()).toMatchObject({ codRes: '03' });
    const failing = await evaluated('72000098');
    expect((await offerForm(failing, '72000098')).json()).toMatchObject({ codRes: '99' });
  });

  it('refuses a price outside the range with 400, and an application not at status 0 with "99"', async () => {
    const id = await evaluated('46000004');
    const r = await offerForm(id, '46000004', { precioConversion: 100 });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toMatch(/precioConversion/);
    const offered = await evaluate(form('70000018'));
    const other = offered.json<{ codigoProspecto: number }>().codigoProspecto;
    expect((await offerForm(other, '70000018')).json()).toMatchObject({ codRes: '99' });
  });

  it('an application at status 18 without the offer form is priced at the reference price for its products', async () => {
    const id = (await evaluate(form('70000018', { placa: 'D4E-567' }))).json<{ codigoProspecto: number }>()
      .codigoProspecto;
    const body = (await offersOf(id, '70000018')).json<{ codRes: string; ofertas: Offer[] }>();
    expect(body.codRes).toBe('00');
    expect(body.ofertas.map((o) => [o.codigoProducto, o.importeFinanciar])).toEqual([
      [19, 4800],
      [20, 4800],
    ]);
  });

  it('confirming the offer, then the data, registers the chosen offer as an expediente (product 24 processed first) and generates its contracts as PDFs', async () => {
    const id = await evaluated('46000005');
    await offerForm(id, '46000005');
    expect(
      (
        await call('conversion.confirmOffer', {
          codigoProspecto: id,
          documento: '46000005',
          codigoProducto: 99,
        })
      ).json(),
    ).toMatchObject({ codRes: '99' });
    const chosen = await call('conversion.confirmOffer', {
      codigoProspecto: id,
      documento: '46000005',
      codigoProducto: 20,
    });
    expect(chosen.json()).toMatchObject({ codRes: '00', oferta: { codigoProducto: 20 } });
    const data = await call('conversion.confirmData', {
      codigoProspecto: id,
      documento: '46000005',
      direccion: 'Av. Arequipa 123, Lince',
      email: 'cliente@correo.pe',
      propietario: true,
    });
    expect(data.json()).toMatchObject({
      codRes: '00',
      estadoProspecto: 2,
      expedientes: [
        { codigoProducto: 24, codRes: '00', codigoExpediente: null },
        { codigoProducto: 19, codRes: '00', codigoExpediente: null },
        { codigoProducto: 20, codRes: `EXP-${id}-20`, codigoExpediente: `EXP-${id}-20` },
      ],
    });
    const stored = await srv.services!.db.query<{ codigo_producto: number; estado: string }>(
      'SELECT codigo_producto, estado FROM conversion_offers WHERE prospect_id = $1 ORDER BY orden',
      [id],
    );
    expect(stored.rows).toEqual([
      { codigo_producto: 24, estado: 'declinada' },
      { codigo_producto: 19, estado: 'declinada' },
      { codigo_producto: 20, estado: 'registrada' },
    ]);
    const contracts = await call('contracts.createV9', { codigoProspecto: id, documento: '46000005' });
    const c = contracts.json<{ codRes: string; documentos: { tipo: string; contenido: string }[] }>();
    expect(c.codRes).toBe('00');
    expect(c.documentos.map((d) => d.tipo)).toEqual([
      'hojaResumen',
      'solicitudCredito',
      'contrato',
      'cronograma',
      'cartaActivacionFr',
    ]);
    for (const d of c.documentos)
      expect(Buffer.from(d.contenido, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The application is in process now: evaluating the vehicle again says so.
    expect((await evaluate(form('46000005'))).json()).toMatchObject({ estadoProspecto: 2 });
  });

  it('confirming the data fails ("99") when one offer fails (row 74000099), and then nothing is kept', async () => {
    const id = await evaluated('74000099');
    await offerForm(id, '74000099');
    await call('conversion.confirmOffer', { codigoProspecto: id, documento: '74000099', codigoProducto: 24 });
    const r = await call('conversion.confirmData', {
      codigoProspecto: id,
      documento: '74000099',
      direccion: 'Av. Arequipa 123',
      email: 'cliente@correo.pe',
    });
    expect(r.json()).toMatchObject({ codRes: '99', detalleRespuesta: text('error.dataUpdate') });
    expect((await lookup(id, '74000099')).json()).toMatchObject({ estadoProspecto: 18 });
    expect(
      (await call('contracts.createV9', { codigoProspecto: id, documento: '74000099' })).json(),
    ).toMatchObject({ codRes: '99' });
  });

  it('the rows 72000099, 73000099 and 75000099 fail the offers, the confirmation and the contracts with "99"', async () => {
    const a = await evaluated('72000099');
    await offerForm(a, '72000099');
    expect((await offersOf(a, '72000099')).json()).toMatchObject({ codRes: '99' });
    const b = await evaluated('73000099');
    await offerForm(b, '73000099');
    expect(
      (
        await call('conversion.confirmOffer', {
          codigoProspecto: b,
          documento: '73000099',
          codigoProducto: 19,
        })
      ).json(),
    ).toMatchObject({ codRes: '99' });
    const c = await evaluated('75000099');
    await offerForm(c, '75000099');
    await call('conversion.confirmOffer', { codigoProspecto: c, documento: '75000099', codigoProducto: 19 });
    await call('conversion.confirmData', {
      codigoProspecto: c,
      documento: '75000099',
      direccion: 'Jr. Lampa 456',
      email: 'c@correo.pe',
    });
    expect(
      (await call('contracts.createV9', { codigoProspecto: c, documento: '75000099' })).json(),
    ).toMatchObject({
      codRes: '99',
      detalleRespuesta: text('error.contracts'),
    });
  });
});

describe('the resume link of a conversion application', () => {
  const textedLinks = async (celular: string) =>
    (await srv.app.inject({ method: 'GET', url: `/__sandbox/outbox?celular=${celular}` }))
      .json<{ enlace?: string }[]>()
      .flatMap((m) => (m.enlace?.includes('?process=') ? [m.enlace] : []));
  const links = async (celular: string) =>
    (await srv.app.inject({ method: 'GET', url: `/__sandbox/outbox?celular=${celular}` }))
      .json<{ enlace?: string }[]>()
      .filter((m) => m.enlace?.includes('/conversion?process='));
  const advance = (ms: number) =>
    srv.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advanceMs: ms } });

  it('is texted once, when the applicant leaves: the application stays untouched for the idle time', async () => {
    const r = await evaluate(form('46000019', { telefono: '912300019' }));
    const id = r.json<{ codigoProspecto: number }>().codigoProspecto;
    // Not at registration, nor while the applicant is still at it.
    expect(await links('912300019')).toHaveLength(0);
    expect(await sendResumeLinkIfIdle(srv.services!, id)).toBe('later');
    await advance(CONVERSION_IDLE_MS - 60_000);
    // Activity (the offer form) pushes the departure back.
    await offerForm(id, '46000019');
    await advance(120_000);
    expect(await sendResumeLinkIfIdle(srv.services!, id)).toBe('later');
    expect(await links('912300019')).toHaveLength(0);
    await advance(CONVERSION_IDLE_MS);
    expect(await sendResumeLinkIfIdle(srv.services!, id)).toBe('sent');
    expect(await sendResumeLinkIfIdle(srv.services!, id)).toBe('nothing');
    expect(await links('912300019')).toHaveLength(1);
  });

  it('counts as sent only once the SMS provider took it: a failed send stays due, is logged, and goes out on the next run', async () => {
    const r = await evaluate(form('46000039', { telefono: '912300039' }));
    const id = r.json<{ codigoProspecto: number }>().codigoProspecto;
    await advance(CONVERSION_IDLE_MS + 1000);
    const svc = srv.services!;
    const send = svc.sms.send.bind(svc.sms);
    const warn = svc.log.warn.bind(svc.log);
    const logged: { obj: object; msg: string }[] = [];
    svc.sms.send = () => Promise.reject(new Error('proveedor de SMS no disponible'));
    svc.log.warn = (obj, msg) => logged.push({ obj, msg });
    const before = svc.clock.now();
    try {
      expect(await sendResumeLinkIfIdle(svc, id)).toBe('failed');
    } finally {
      svc.sms.send = send;
      svc.log.warn = warn;
    }
    expect(await links('912300039')).toHaveLength(0);
    const { rows } = await srv.db!.query<{ enviado: Date | null; due: Date | null; intentos: number }>(
      'SELECT enlace_enviado_en AS enviado, enlace_programado_en AS due, enlace_intentos AS intentos FROM conversion_prospects WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ enviado: null, intentos: 1 });
    const due = new Date(rows[0]!.due!).getTime();
    expect(due).toBeGreaterThanOrEqual(before + RESEND_BASE_MS);
    expect(due).toBeLessThanOrEqual(svc.clock.now() + RESEND_BASE_MS);
    // The log names the application and the failure, never the phone.
    expect(logged).toMatchObject([
      { obj: { codigoProspecto: id, intentos: 1, reintentoEnMs: RESEND_BASE_MS } },
    ]);
    expect(JSON.stringify(logged)).not.toContain('912300039');
    // Not again before the back-off is over; after it, the next run sends it, once.
    expect(await sendResumeLinkIfIdle(svc, id)).toBe('later');
    await advance(RESEND_BASE_MS);
    expect(await sendResumeLinkIfIdle(svc, id)).toBe('sent');
    expect(await sendResumeLinkIfIdle(svc, id)).toBe('nothing');
    expect(await links('912300039')).toHaveLength(1);
  });

  it('survives a restart: a link still due is scheduled again at start, from the database', async () => {
    const r = await evaluate(form('46000029', { telefono: '912300029' }));
    const id = r.json<{ codigoProspecto: number }>().codigoProspecto;
    const { rows } = await srv.db!.query<{ due: Date | null }>(
      'SELECT enlace_programado_en AS due FROM conversion_prospects WHERE id = $1',
      [id],
    );
    expect(rows[0]!.due).not.toBeNull();
    srv.services!.cancelLater();
    expect(await resumePendingResumeLinks(srv.services!)).toBeGreaterThanOrEqual(1);
  });

  it('returns to the route applied on; the rows 77000000, 77000006 and 77000007 text it at once, as signed, altered and expired', async () => {
    const linkOf = async (documento: string, telefono: string, rutaRetoma: string) => {
      await evaluate(form(documento, { telefono, rutaRetoma, placa: `K${documento.slice(-2)}-245` }));
      // No idle time for these rows: the link is due at once (the platform's timer sends it).
      await srv.services!.settle();
      await expect.poll(async () => (await textedLinks(telefono)).length).toBe(1);
      const enlace = new URL((await textedLinks(telefono))[0]!);
      expect(enlace.pathname).toBe(rutaRetoma);
      const valid = await testBrowser(srv.app).inject({
        method: 'POST',
        url: ENDPOINTS['jwt.validate'].path,
        payload: { token: enlace.searchParams.get('process') },
      });
      return valid.json<{ codRes: string }>().codRes;
    };
    expect(await linkOf('77000000', '912377000', '/campanaconversiones')).toBe('00');
    expect(await linkOf('77000006', '912377006', '/autoclass')).toBe('06');
    expect(await linkOf('77000007', '912377007', '/conversion')).toBe('07');
    // A route that is not a conversion page is refused, never put in a link.
    const bad = await evaluate(form('46000049', { rutaRetoma: 'https://otro.example' }));
    expect(bad.statusCode).toBe(400);
  });

  it('opens the application (only it) on a new browser', async () => {
    const r = await evaluate(form('46000009', { telefono: '912300009' }));
    const { codigoProspecto } = r.json<{ codigoProspecto: number }>();
    await advance(CONVERSION_IDLE_MS + 1000);
    expect(await sendResumeLinkIfIdle(srv.services!, codigoProspecto)).toBe('sent');
    const sms = (await links('912300009'))[0];
    expect(sms).toBeDefined();
    const token = new URL(sms!.enlace!).searchParams.get('process')!;

    const phone = testBrowser(srv.app);
    const look = () =>
      phone.inject({
        method: 'GET',
        url: STATUS.path.replace('{codigoProspecto}', String(codigoProspecto)),
        query: { documento: '46000009' },
      });
    // Before the link, the new browser holds nothing: the application answers as unknown.
    expect((await look()).statusCode).toBe(404);
    const valid = await phone.inject({
      method: 'POST',
      url: ENDPOINTS['jwt.validate'].path,
      payload: { token },
    });
    expect(valid.json()).toMatchObject({ codRes: '00', data: { codigoProspecto, documento: '46000009' } });
    expect((await look()).json()).toMatchObject({ codRes: '00', estadoProspecto: 0 });
    const tampered = await phone.inject({
      method: 'POST',
      url: ENDPOINTS['jwt.validate'].path,
      payload: { token: `${token.slice(0, -3)}abc` },
    });
    expect(tampered.json()).toMatchObject({ codRes: '06' });
  });
});
