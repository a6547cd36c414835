/**
 * Who may open an application, generated from the endpoint registry (docs/security.md). For
 * every call that names an application (path, query or body, as its `application` descriptor
 * says), an application of each kind is opened through the real calls by browser A (an
 * applicant) and by a promoter; then another browser, a caller without cookies and another
 * entity's promoter make the call with the real id. Each must get exactly the answer an
 * unknown id gets (status, type, body), and the application's rows must not change. A and a
 * second session of A's promoter still reach their applications. A registry call that names an
 * application without a descriptor fails the suite, so a new call cannot skip it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApplicationKind, ApplicationRef, EndpointDef } from '../engine/endpoint-types.ts';
import { loadRegistry } from './registry.ts';
import { SCHEMAS_DIR } from './app.ts';
import { startTestApp } from './test-support.ts';
import { testBrowser, type TestBrowser } from './test-browser.ts';
import { compileValidators } from './request-validator.ts';
import { md5Hex } from './promoters.ts';
import { signLink } from './domain/lde/links.ts';

const ENDPOINTS = loadRegistry();
const validators = compileValidators(ENDPOINTS, SCHEMAS_DIR).validators;

type Srv = Awaited<ReturnType<typeof startTestApp>>;
let srv: Srv;

/** Ids no application has, one per kind (plausible, so the handler looks them up). */
const UNKNOWN: Record<ApplicationKind, string> = {
  lde: '123456789012',
  vehicle: '987654',
  conversion: '987654',
  evaluation: '987654',
};

// ── a small sample-body generator: the request schema's required fields with plausible values ──
type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
};
const schemaFiles = new Map<string, Schema>();
function loadSchema(file: string): Schema | undefined {
  if (!schemaFiles.has(file)) {
    const p = join(SCHEMAS_DIR, file);
    if (!existsSync(p)) return undefined;
    schemaFiles.set(file, JSON.parse(readFileSync(p, 'utf8')) as Schema);
  }
  return schemaFiles.get(file);
}
function deref(s: Schema, file: string, depth = 0): { s: Schema; file: string } {
  if (s.$ref === undefined || depth > 10) return { s, file };
  const [f, pointer = ''] = s.$ref.split('#');
  const target = f ? f : file;
  let node: unknown = loadSchema(target);
  for (const part of pointer.split('/').filter(Boolean))
    node = (node as Record<string, unknown> | undefined)?.[part];
  return node ? deref(node as Schema, target, depth + 1) : { s: {}, file };
}
const BY_NAME: Record<string, unknown> = {
  documento: '45678912',
  tipoDocumento: 1,
  telefono: '987654321',
  celular: '987654321',
  email: 'cliente@example.pe',
  correo: 'cliente@example.pe',
  placa: 'ABC-123',
  fechaNacimiento: '1990-05-10',
  numeroCuentaInterbancaria: '00219300123456789012',
};
function sample(s0: Schema, file: string, name: string, depth = 0): unknown {
  const { s, file: f } = deref(s0, file);
  if (depth > 6) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.allOf) {
    const merged: Record<string, unknown> = {};
    for (const part of s.allOf) Object.assign(merged, sample(part, f, name, depth + 1) as object);
    return merged;
  }
  const alt = s.anyOf ?? s.oneOf;
  if (alt !== undefined && alt[0] !== undefined) return sample(alt[0], f, name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (
    name in BY_NAME &&
    (type === undefined || typeof BY_NAME[name] === (type === 'integer' ? 'number' : type))
  )
    return BY_NAME[name];
  switch (type) {
    case 'object':
    case undefined: {
      if (s.properties === undefined && type === undefined) return 'x';
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) {
        const p = s.properties?.[k];
        out[k] = p === undefined ? 'x' : sample(p, f, k, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: n }, () => sample(s.items ?? {}, f, name, depth + 1));
    }
    case 'string': {
      if (s.format === 'date') return '1990-05-10';
      if (s.format === 'email') return 'cliente@example.pe';
      if (
        typeof s.pattern === 'string' &&
        /\\d|\[0-9\]/.test(s.pattern) &&
        !/[A-Za-z]/.test(s.pattern.replace(/\\d/g, ''))
      ) {
        const len = typeof s.minLength === 'number' ? s.minLength : 8;
        return '4'.repeat(Math.max(len, 1));
      }
      const len = typeof s.minLength === 'number' ? s.minLength : 1;
      return 'x'.repeat(Math.max(len, 1));
    }
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The references of a call that names applications. */
const refsOf = (e: EndpointDef): readonly ApplicationRef[] =>
  Array.isArray(e.application) ? (e.application as readonly ApplicationRef[]) : [];
const NAMING = ENDPOINTS.filter((e) => refsOf(e).length > 0);

/** The request of `e` naming `ids` (one per kind), the first reference filled as the call is used. */
function requestOf(
  e: EndpointDef,
  ids: Partial<Record<ApplicationKind, string>>,
): { method: EndpointDef['method']; url: string; payload?: Record<string, unknown> } {
  const refs = refsOf(e);
  const idFor = (ref: ApplicationRef) =>
    ids[ref.kinds.find((k) => ids[k] !== undefined) ?? ref.kinds[0]!] ?? '0';
  let url = e.path;
  const query = new URLSearchParams(e.fixedQuery ?? {});
  const body: Record<string, unknown> =
    e.request === null
      ? {}
      : ((sample(loadSchema(e.request) ?? {}, e.request, '') as Record<string, unknown> | null) ?? {});
  const usedIn = new Set<string>();
  for (const ref of refs) {
    // One place per kind of place: the first name of each reference (the way the flows send it).
    const name = ref.names[0]!;
    const id = idFor(ref);
    if (ref.in === 'path') url = url.replace(`{${name}}`, id);
    else if (
      ref.in === 'query' &&
      !usedIn.has('query:' + name) &&
      (e.method === 'GET' || !refs.some((r) => r.in === 'body'))
    )
      query.set(name, id);
    else if (ref.in === 'body' && e.request !== null) body[name] = Number(id);
    usedIn.add(`${ref.in}:${name}`);
  }
  if (/\{\w+\}/.test(url)) throw new Error(`${e.id}: placeholder without a descriptor in ${url}`);
  const qs = query.toString();
  return {
    method: e.method,
    url: qs === '' ? url : `${url}?${qs}`,
    ...(e.request !== null ? { payload: body } : {}),
  };
}

/** Everything stored about one application, to compare before and after a stranger's call. */
async function snapshot(kind: ApplicationKind, id: string): Promise<string> {
  const q = async (sql: string) => JSON.stringify((await srv.db!.query(sql, [id])).rows);
  const parts: string[] = [];
  if (kind === 'lde' || kind === 'evaluation') {
    const pid =
      kind === 'lde'
        ? id
        : String(
            (
              await srv.db!.query<{ prospect_id: number }>(
                'SELECT prospect_id FROM lde_evaluations WHERE id = $1::bigint',
                [id],
              )
            ).rows[0]?.prospect_id ?? 0,
          );
    for (const t of [
      'lde_prospects WHERE id',
      'lde_evaluations WHERE prospect_id',
      'lde_simulations WHERE prospect_id',
      'lde_offers WHERE prospect_id',
      'lde_bank_details WHERE prospect_id',
      'lde_identity_questions WHERE prospect_id',
      'lde_identity_attempts WHERE prospect_id',
      'lde_biometric_checks WHERE prospect_id',
      'lde_documents WHERE prospect_id',
      'lde_signatures WHERE prospect_id',
    ])
      parts.push(
        JSON.stringify((await srv.db!.query(`SELECT * FROM ${t} = $1::bigint ORDER BY 1`, [pid])).rows),
      );
  } else if (kind === 'vehicle') {
    for (const t of [
      'vehicle_prospects WHERE id',
      'vehicle_prospect_events WHERE prospect_id',
      'vehicle_simulations WHERE prospect_id',
      'vehicle_uploads WHERE prospect_id',
      'vehicle_letters WHERE prospect_id',
      'vehicle_contact_requests WHERE prospect_id',
      'soat_policies WHERE prospect_id',
    ])
      parts.push(await q(`SELECT * FROM ${t} = $1::bigint ORDER BY 1`));
  } else {
    parts.push(await q('SELECT * FROM conversion_prospects WHERE id = $1::bigint'));
  }
  parts.push(JSON.stringify((await srv.db!.query('SELECT count(*)::int AS n FROM sms_outbox')).rows));
  return parts.join('\n');
}

/** The kind the snapshot of a call is taken for: the first id the call names. */
const kindOf = (e: EndpointDef): ApplicationKind => {
  const k = refsOf(e)[0]!.kinds;
  return k.includes('lde') ? 'lde' : k[0]!;
};

interface Answer {
  status: number;
  type: string;
  body: string;
}
const answerOf = (r: { statusCode: number; headers: Record<string, unknown>; body: string }): Answer => ({
  status: r.statusCode,
  type: typeof r.headers['content-type'] === 'string' ? r.headers['content-type'] : '',
  body: r.body,
});

async function login(b: TestBrowser, usuario: string, password: string): Promise<void> {
  const r = await b.inject({
    method: 'POST',
    url: '/api/private/v1.1/inicioSesion',
    payload: { codigoPlataforma: 1, usuario, passwordMd5: md5Hex(password) },
  });
  expect(r.statusCode).toBe(200);
}

/** Opens one application of each kind as `b`; answers their ids. */
async function openApplications(
  b: TestBrowser,
  dni: (n: number) => string,
): Promise<Record<ApplicationKind, string>> {
  const lde = await b.inject({
    method: 'POST',
    url: '/v4/prospecto/v2.0/producto/lde',
    payload: {
      tipoDocumento: 1,
      documento: dni(1),
      fechaNacimiento: '1990-05-10',
      placa: 'ABC-123',
      recorridoxDia: 3,
      telefono: '987654321',
      email: 'cliente@example.pe',
      terms: '1',
    },
  });
  const ldeId = String(lde.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto);
  const moto = await b.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/preevaluacion',
    payload: { tipoDocumento: 1, documento: dni(2), codigoProducto: 28 },
  });
  const vehicleId = String(moto.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto);
  await b.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/registroAdicional',
    payload: { codigoProspecto: Number(vehicleId), ingresoMensual: 3000 },
  });
  const conv = await b.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/producto/conversion',
    payload: {
      tipoDocumento: 1,
      documento: dni(3),
      placa: 'B7K-245',
      categoriaVehiculo: 'M1',
      telefono: '987654321',
      email: 'cliente@correo.pe',
      codigoProducto: 19,
      channel: 1,
      origen: 4,
    },
  });
  const conversionId = String(conv.json<{ codigoProspecto: number }>().codigoProspecto);
  // Let the policy evaluation run (delay 0) and read its id.
  await srv.services!.settle();
  const { rows } = await srv.db!.query<{ id: number }>(
    'SELECT id FROM lde_evaluations WHERE prospect_id = $1::bigint ORDER BY id DESC LIMIT 1',
    [ldeId],
  );
  return { lde: ldeId, vehicle: vehicleId, conversion: conversionId, evaluation: String(rows[0]!.id) };
}

let applicant: TestBrowser;
let applicantIds: Record<ApplicationKind, string>;
let promoter: TestBrowser;
let promoterIds: Record<ApplicationKind, string>;
let strangers: { name: string; browser: TestBrowser }[];
let samePromoter: TestBrowser;

beforeAll(async () => {
  srv = await startTestApp();
  applicant = testBrowser(srv.app);
  applicantIds = await openApplications(applicant, (n) => `4567891${n}`);
  promoter = testBrowser(srv.app);
  await login(promoter, 'promotor', 'Promotor2026');
  promoterIds = await openApplications(promoter, (n) => `4567892${n}`);
  const other = testBrowser(srv.app);
  await other.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/preevaluacion',
    payload: { tipoDocumento: 1, documento: '45678931', codigoProducto: 28 },
  });
  expect(other.cookies.size).toBeGreaterThan(0);
  const otherEntity = testBrowser(srv.app);
  await login(otherEntity, 'aliado', 'Aliado2026');
  strangers = [
    { name: 'another browser', browser: other },
    { name: 'a caller without cookies', browser: testBrowser(srv.app) },
    { name: "another entity's promoter", browser: otherEntity },
  ];
  samePromoter = testBrowser(srv.app);
  await login(samePromoter, 'promotor', 'Promotor2026');
}, 180000);
afterAll(async () => {
  await srv.stop();
});

/** Names that carry an application id wherever they appear. */
const ID_NAMES = /^(id|data|codigoProspecto|idProspecto|codigoEvaluacion|codigoContrato)$/;

describe('every call says whether it names an application', () => {
  it('has a descriptor on every registry call, and one on every call whose path or body carries an application id', () => {
    const missing = ENDPOINTS.filter((e) => e.application === undefined).map((e) => e.id);
    expect(missing).toEqual([]);
    const undescribed: string[] = [];
    for (const e of ENDPOINTS) {
      if (e.application === 'signed-link') continue;
      const refs = refsOf(e);
      const described = new Set(refs.flatMap((r) => r.names.map((n) => `${r.in}:${n}`)));
      const params = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((p) => !/^(token)$/.test(p));
      // Catalog placeholders (a department's code) name no application.
      if (e.family !== 'catalogs')
        for (const p of params) if (!described.has(`path:${p}`)) undescribed.push(`${e.id} path {${p}}`);
      if (e.request !== null) {
        const props = Object.keys(deref(loadSchema(e.request) ?? {}, e.request).s.properties ?? {});
        for (const p of props)
          if (ID_NAMES.test(p) && p !== 'id' && !described.has(`body:${p}`))
            undescribed.push(`${e.id} body ${p}`);
      }
    }
    expect(undescribed).toEqual([]);
  });
});

describe('a call naming an application its caller does not hold answers as an unknown id and changes nothing', () => {
  it.each(NAMING.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    const kind = kindOf(e);
    for (const [owner, ids] of [
      ['applicant', applicantIds],
      ['promoter', promoterIds],
    ] as const) {
      const real = requestOf(e, ids);
      const unknown = requestOf(e, UNKNOWN);
      for (const s of strangers) {
        // The promoter's applications are tried by the other entity only (the others are strangers to both).
        if (owner === 'promoter' && s.name !== "another entity's promoter") continue;
        const before = await snapshot(kind, ids[kind]);
        const asUnknown = answerOf(await s.browser.inject(unknown));
        const asStranger = answerOf(await s.browser.inject(real));
        await srv.services!.settle();
        expect(asStranger, `${e.id} for ${s.name} (${owner}'s application)`).toEqual(asUnknown);
        expect(await snapshot(kind, ids[kind]), `${e.id} for ${s.name} changed ${owner}'s application`).toBe(
          before,
        );
      }
    }
    checked.add(e.id);
  });
});

/** Calls whose checks ran, and those the owner's answer told apart from an unknown id's. */
const checked = new Set<string>();
const reached = new Set<string>();

describe('the owner and the owner’s promoter still reach their applications', () => {
  it.each(NAMING.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    // A second session of the same promoter holds what the entity opened; the applicant holds their own.
    for (const [who, browser, ids] of [
      ['applicant', applicant, applicantIds],
      ["the applicant's promoter", samePromoter, promoterIds],
    ] as const) {
      const asUnknown = answerOf(await browser.inject(requestOf(e, UNKNOWN)));
      const asOwner = answerOf(await browser.inject(requestOf(e, ids)));
      await srv.services!.settle();
      if (JSON.stringify(asOwner) !== JSON.stringify(asUnknown)) reached.add(`${e.id}:${who}`);
    }
  });

  it('tells most calls apart from an unknown id for the owner (the body reached the application)', () => {
    const both = NAMING.filter(
      (e) => reached.has(`${e.id}:applicant`) && reached.has(`${e.id}:the applicant's promoter`),
    );
    console.log(
      `authorisation: ${checked.size} calls checked, ${NAMING.length - checked.size} open; owners told apart from an unknown id on ${both.length} (${
        NAMING.filter((e) => !both.some((b) => b.id === e.id))
          .map((e) => e.id)
          .join(', ') || 'all'
      } not)`,
    );
    expect(checked.size).toBe(NAMING.length);
    expect(both.length).toBeGreaterThan(NAMING.length / 2);
  });
});

// Unused validators would hide a typo in the registry: every call with a body has one.
it('has a compiled request schema for every call with a body', () => {
  expect(ENDPOINTS.filter((e) => e.request !== null && !validators.has(e.id)).map((e) => e.id)).toEqual([]);
});

/** What a creating call answers, as far as these tests read it. */
interface Answer {
  codigoProspecto?: number;
  prospecto?: { codigoProspecto?: number };
}

describe('a creating call with the document of an open application someone else holds', () => {
  const byId = (id: string) => ENDPOINTS.find((e) => e.id === id)!;
  const stored = async (table: string, id: number) =>
    (
      await srv.db!.query<{ estado: number; data: Record<string, unknown> }>(
        `SELECT estado, data FROM ${table} WHERE id = $1`,
        [id],
      )
    ).rows[0]!;

  // Each row: the call, a body for a document, where the answer names the application, the
  // table it is stored in, and what the caller who does not hold it is answered instead.
  const CASES = [
    {
      call: 'moto.preEvaluate',
      body: (documento: string, telefono: string) => ({
        tipoDocumento: 1,
        documento,
        codigoProducto: 28,
        telefono,
      }),
      id: (a: Answer) => a.prospecto?.codigoProspecto,
      table: 'vehicle_prospects',
      elsewhere: { estadoProspecto: 24, prospecto: { estadoProspecto: 24 } },
    },
    {
      call: 'consumo.preEvaluate',
      body: (documento: string, telefono: string) => ({
        tipoDocumento: 1,
        documento,
        codigoProducto: 26,
        telefono,
      }),
      id: (a: Answer) => a.prospecto?.codigoProspecto,
      table: 'vehicle_prospects',
      elsewhere: { estadoProspecto: 24 },
    },
    {
      call: 'taxi.step0',
      body: (documento: string, telefono: string) => ({
        canal: 2,
        canalColocacion: 4,
        codigoProducto: 31,
        codigoSubProducto: 1,
        tipoDocumento: 1,
        documento,
        placa: 'ABC-123',
        telefono,
      }),
      id: (a: Answer) => a.codigoProspecto,
      table: 'vehicle_prospects',
      elsewhere: { codigoRespuesta: '01' },
    },
    {
      call: 'conversion.preEvaluate',
      body: (documento: string, telefono: string) => ({
        tipoDocumento: 1,
        documento,
        placa: 'ABC-123',
        telefono,
        codigoProducto: 24,
      }),
      id: (a: Answer) => a.codigoProspecto,
      table: 'conversion_prospects',
      elsewhere: { codRes: '01' },
    },
  ] as const;

  it.each(CASES.map((c, i) => [c.call, i] as const))(
    '%s: the stranger is told a request is in process, sees no id, changes nothing; the holder resumes',
    async (_call, i) => {
      const c = CASES[i]!;
      const e = byId(c.call);
      const documento = `4567890${i}`;
      const url = e.path + (e.fixedQuery ? `?${new URLSearchParams(e.fixedQuery)}` : '');
      const call = (b: TestBrowser, telefono: string, extra: Record<string, unknown> = {}) =>
        b.inject({ method: e.method, url, payload: { ...c.body(documento, telefono), ...extra } });
      const owner = testBrowser(srv.app);
      const first = await call(owner, '955500061');
      expect(first.statusCode).toBe(200);
      const id = c.id(first.json<Answer>())!;
      expect(id).toBeGreaterThan(0);
      await srv.services!.settle();
      const before = await stored(c.table, id);

      const stranger = testBrowser(srv.app);
      const again = await call(stranger, '955500099', { identidadValidada: true, codigoUsuario: 'PRM0001' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject(c.elsewhere);
      expect(again.body).not.toContain(String(id));
      expect(again.body).not.toContain('955500061');
      await srv.services!.settle();
      expect(await stored(c.table, id)).toEqual(before);

      // The holder, from the browser that opened it, resumes it as before.
      const back = await call(owner, '955500061');
      expect(c.id(back.json<Answer>())).toBe(id);
    },
  );

  it('a pre-evaluation leaves the phone and the verified facts of a resumed application alone', async () => {
    const owner = testBrowser(srv.app);
    const pre = (b: TestBrowser, extra: Record<string, unknown>) =>
      b.inject({
        method: 'POST',
        url: '/kong/prospecto/v2.0/preevaluacion',
        payload: { tipoDocumento: 1, documento: '45678960', codigoProducto: 28, ...extra },
      });
    const id = (await pre(owner, { telefono: '955500061' })).json<{
      prospecto: { codigoProspecto: number };
    }>().prospecto.codigoProspecto;
    // Even its holder cannot change the phone codes go to, nor claim a verified fact.
    await pre(owner, { telefono: '955500099', identidadValidada: true, codigoUsuario: 'PRM0001' });
    const { rows } = await srv.db!.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM vehicle_prospects WHERE id = $1',
      [id],
    );
    expect(rows[0]!.data).toMatchObject({ telefono: '955500061' });
    expect(rows[0]!.data.identidadValidada).toBeUndefined();
    expect(rows[0]!.data.codigoUsuario).toBeUndefined();
    const stranger = testBrowser(srv.app);
    const lookup = (b: TestBrowser, codigoProspecto: number) =>
      b.inject({
        method: 'POST',
        url: '/kong/prospecto/v2.0/consultarProspecto',
        payload: { codigoProspecto },
      });
    expect((await lookup(stranger, id)).body).toBe((await lookup(stranger, 987654)).body);
    expect((await lookup(owner, id)).json()).toMatchObject({ prospecto: { codigoProspecto: id } });
  });
});

describe('a signed link', () => {
  it('grants the browser that checks it its one application, and nothing else', async () => {
    const newPhone = testBrowser(srv.app);
    const user = (b: TestBrowser, id: string) =>
      b.inject({ method: 'GET', url: `/v4/prospecto/v2.0/users/lde/${id}` });
    const unknown = (await user(newPhone, UNKNOWN.lde)).body;
    expect((await user(newPhone, applicantIds.lde)).body).toBe(unknown);
    const { rows } = await srv.db!.query<{ documento: string }>(
      'SELECT documento FROM lde_prospects WHERE id = $1::bigint',
      [applicantIds.lde],
    );
    const token = await signLink(
      srv.settings.jwtSecret,
      {
        purpose: 'resume',
        kind: 'lde',
        codigoProspecto: Number(applicantIds.lde),
        documento: rows[0]!.documento,
      },
      Date.now(),
    );
    const forged = `${token.slice(0, -4)}AAAA`;
    expect(
      (
        await newPhone.inject({
          method: 'POST',
          url: '/kong/jwtJS/v1.0/validarJWT',
          payload: { token: forged },
        })
      ).json(),
    ).toMatchObject({ codRes: '06' });
    expect((await user(newPhone, applicantIds.lde)).body).toBe(unknown);
    expect(
      (
        await newPhone.inject({ method: 'POST', url: '/kong/jwtJS/v1.0/validarJWT', payload: { token } })
      ).json(),
    ).toMatchObject({ codRes: '00' });
    expect((await user(newPhone, applicantIds.lde)).json()).toMatchObject({
      codigoRespuesta: '00',
      data: { codigoProspecto: Number(applicantIds.lde) },
    });
    expect((await user(newPhone, promoterIds.lde)).body).toBe(unknown);
  });

  it('opens only the kind of application it was signed for, whatever shares its number', async () => {
    // Vehicle and conversion applications are numbered apart: a link to vehicle application N
    // must not open conversion application N. Signed here for the conversion's own number.
    const id = Number(applicantIds.conversion);
    const { rows } = await srv.db!.query<{ documento: string }>(
      'SELECT documento FROM conversion_prospects WHERE id = $1::bigint',
      [id],
    );
    const documento = rows[0]!.documento;
    const status = (b: TestBrowser, n: number) =>
      b.inject({
        method: 'GET',
        url: `/kong/prospecto/v2.0/producto/conversion/${n}?documento=${documento}`,
      });
    const check = async (b: TestBrowser, kind: 'lde' | 'vehicle' | 'conversion') => {
      const claims = { purpose: 'resume' as const, kind, codigoProspecto: id, documento };
      const token = await signLink(srv.settings.jwtSecret, claims, Date.now());
      return (
        await b.inject({ method: 'POST', url: '/kong/jwtJS/v1.0/validarJWT', payload: { token } })
      ).json<Record<string, unknown>>();
    };
    const holder = testBrowser(srv.app);
    const unknown = (await status(holder, Number(UNKNOWN.conversion))).body;
    expect((await status(applicant, id)).body).not.toBe(unknown);
    for (const kind of ['vehicle', 'lde'] as const) {
      expect(await check(holder, kind)).toMatchObject({ codRes: '00', data: { kind, codigoProspecto: id } });
      expect((await status(holder, id)).body).toBe(unknown);
    }
    expect(await check(holder, 'conversion')).toMatchObject({ codRes: '00' });
    expect((await status(holder, id)).body).toBe((await status(applicant, id)).body);
  });
});

describe('a lookup by DNI answers only an application its caller holds', () => {
  // The calls whose schema lets the DNI stand alone (the others require the id, checked above).
  const REVEALING = ENDPOINTS.filter(
    (e) =>
      e.reveals !== undefined &&
      !(deref(loadSchema(e.request ?? '') ?? {}, e.request ?? '').s.required ?? []).includes(
        'codigoProspecto',
      ),
  );
  it('covers the lookup by DNI of the catalogs', () => {
    expect(REVEALING.map((e) => e.id)).toContain('catalogs.lookupProspect');
  });
  it.each(REVEALING.map((e) => [e.id, e] as const))('%s', async (_id, e) => {
    const byDni = (documento: string) => ({
      method: e.method,
      url: e.path,
      payload: { tipoDocumento: 1, documento, codigoProducto: 28 },
    });
    // 45678998 has no vehicle application: the answer for a DNI nobody applied with.
    for (const [owner, holder, dni] of [
      ['applicant', applicant, '45678912'],
      ['promoter', samePromoter, '45678922'],
    ] as const) {
      for (const s of strangers) {
        if (owner === 'promoter' && s.name !== "another entity's promoter") continue;
        const asUnknown = answerOf(await s.browser.inject(byDni('45678998')));
        expect(asUnknown.body).toContain(`"codRes":"${e.reveals!.notFound.codRes}"`);
        expect(
          answerOf(await s.browser.inject(byDni(dni))),
          `${e.id} for ${s.name} (${owner}'s DNI)`,
        ).toEqual(asUnknown);
      }
      const own = await holder.inject(byDni(dni));
      expect(own.json(), `${e.id} for the ${owner}`).toMatchObject({
        codRes: '00',
        prospecto: { documento: dni },
      });
    }
  });
});

describe('a product only promoters sell is refused to anyone else, and opens nothing', () => {
  const PROMOTER_ONLY = ENDPOINTS.filter((e) => e.promoterProducts !== undefined);
  it('covers contigo (30) on the existing-customer offer call', () => {
    expect(PROMOTER_ONLY.map((e) => [e.id, e.promoterProducts!.products])).toContainEqual([
      'lde.retanqueoOffer',
      [30],
    ]);
  });
  it.each(PROMOTER_ONLY.flatMap((e) => e.promoterProducts!.products.map((p) => [e.id, p, e] as const)))(
    '%s, product %s',
    async (_id, producto, e) => {
      const only = e.promoterProducts!;
      const open = (b: TestBrowser, documento: string) =>
        b.inject({
          method: e.method,
          url: e.path,
          payload: {
            ...((sample(loadSchema(e.request ?? '') ?? {}, e.request ?? '', '') as Record<
              string,
              unknown
            > | null) ?? {}),
            [only.field]: producto,
            tipoDocumento: 1,
            documento,
            placa: 'ABC-123',
            telefono: '987654321',
          },
        });
      const opened = async (documento: string) =>
        (
          await srv.db!.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM lde_prospects WHERE documento = $1',
            [documento],
          )
        ).rows[0]!.n;
      // Entity 1008 sells taxi (31), not contigo: a promoter session is not enough by itself.
      const notEntitled = testBrowser(srv.app);
      await login(notEntitled, 'taxista', 'Taxista2026');
      const refusedTo = [
        ...strangers.filter((s) => s.name !== "another entity's promoter"),
        { name: 'a promoter of entity 1008', browser: notEntitled },
      ];
      for (const [i, s] of refusedTo.entries()) {
        const documento = `4567895${i}`;
        const r = await open(s.browser, documento);
        expect(r.statusCode, `${e.id} for ${s.name}`).toBe(200);
        expect(r.json<Record<string, unknown>>()[e.codeField!], `${e.id} for ${s.name}`).toBe(only.code);
        expect(r.body).toContain('promotor');
        expect(await opened(documento), `${e.id} for ${s.name}`).toBe(0);
      }
      for (const [name, b] of [
        ['the promoter of entity 1', samePromoter],
        [
          "another entity's promoter (2001)",
          strangers.find((s) => s.name === "another entity's promoter")!.browser,
        ],
      ] as const) {
        const documento = name.includes('2001') ? '45678958' : '45678959';
        const r = await open(b, documento);
        expect(r.json<Record<string, unknown>>()[e.codeField!], `${e.id} for ${name}`).toBe('00');
        expect(await opened(documento)).toBe(1);
      }
    },
  );
});
