/**
 * Hostile requests to every call of the registry: broken JSON, wrong content types, nulls,
 * wrong types, huge strings, deep nesting (with and without an Idempotency-Key), NUL and lone
 * UTF-16 surrogates in strings, keys and query values, numbers beyond any column (1e308, 2^53),
 * malformed `%` escapes, over-long path parameters, odd methods and headers, and schema-shaped
 * bodies with random values that reach the handlers. No answer may be a 500; every answer
 * carries the security headers, and no refusal speaks the framework's English. The generator is
 * seeded, so a failure reproduces.
 *
 * The unit suite runs one round (about 8,000 requests); `npm run fuzz` runs `FUZZ_ROUNDS=4`
 * (over 30,000). Oversized headers and broken HTTP never reach `inject`: they are sent over a
 * real socket at the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { loadRegistry } from './registry.ts';
import { SCHEMAS_DIR } from './app.ts';
import { startTestApp } from './test-support.ts';

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  items?: Schema;
  enum?: Json[];
} & Record<string, unknown>;

const files = new Map<string, Schema>();
function load(file: string): Schema | undefined {
  if (!files.has(file)) {
    const p = join(SCHEMAS_DIR, file);
    if (!existsSync(p)) return undefined;
    files.set(file, JSON.parse(readFileSync(p, 'utf8')) as Schema);
  }
  return files.get(file);
}

/** Follows a `file#/pointer` or `#/pointer` reference. */
function deref(s: Schema, file: string, depth = 0): { s: Schema; file: string } {
  if (s.$ref === undefined || depth > 10) return { s, file };
  const [f, pointer = ''] = s.$ref.split('#');
  const target = f ? f : file;
  let node: unknown = load(target);
  for (const part of pointer.split('/').filter(Boolean))
    node = (node as Record<string, unknown> | undefined)?.[part];
  return node ? deref(node as Schema, target, depth + 1) : { s: {}, file };
}

/** Property schemas of an object schema, through `allOf` and references. */
function propertiesOf(s0: Schema, file: string, depth = 0): Record<string, { s: Schema; file: string }> {
  const { s, file: f } = deref(s0, file);
  const out: Record<string, { s: Schema; file: string }> = {};
  if (depth > 5) return out;
  for (const part of s.allOf ?? []) Object.assign(out, propertiesOf(part, f, depth + 1));
  for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = deref(v, f);
  return out;
}

const ODD_STRINGS = [
  '',
  ' ',
  'ñandú',
  '0',
  '-1',
  '99999999999999999999',
  '12345678',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u0000',
  '💥'.repeat(10),
  '2026-02-30',
  'null',
  'x'.repeat(3000),
];
const ODD_VALUES: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  '',
  [],
  {},
  [null],
  { a: { b: { c: [] } } },
  ...ODD_STRINGS,
];

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)]!;
}

/** A value of the schema's type with random content. */
function valueFor(r: () => number, s: Schema): Json {
  if (s.enum && r() < 0.7) return pick(r, s.enum);
  const type = Array.isArray(s.type) ? pick(r, s.type) : s.type;
  switch (type) {
    case 'string':
      return pick(r, ODD_STRINGS);
    case 'integer':
      return pick(r, [0, 1, -1, 2, 99, 2147483648, Math.floor(r() * 1e6)]);
    case 'number':
      return pick(r, [0, 0.01, -5, 1e9, r() * 100000]);
    case 'boolean':
      return r() < 0.5;
    case 'array':
      return r() < 0.5 ? [] : [valueFor(r, s.items ?? {}), pick(r, ODD_VALUES)];
    case 'object':
      return {};
    default:
      return pick(r, ODD_VALUES);
  }
}

function deepNest(depth: number): string {
  return '{"a":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
}

interface Probe {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  method?: string;
  headers?: Record<string, string>;
}

/** Numbers no column holds, or holds only inexactly. */
const HOSTILE_NUMBERS = [
  '1e308',
  '-1e308',
  '9007199254740992',
  '-9007199254740993',
  '2147483648',
  '1e-320',
  '123456789012345678901234567890',
];
/** Strings with NUL, lone surrogates (as JSON escapes), right-to-left marks, long runs. */
const HOSTILE_STRINGS = [
  'a\\u0000b',
  '\\u0000',
  '\\ud800',
  'x\\udc00y',
  '\\udbff\\udbff',
  '\\u202eabc',
  '\\ufeff',
  '\\u0007',
];
/** Path segments and query values with broken or hostile escapes. */
const HOSTILE_ESCAPES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '..%2F..%2Fetc',
  '%25%',
  '%uD800',
];
/** Content types a JSON call must refuse or cope with. */
const HOSTILE_TYPES = [
  'application/xml',
  'text/html',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/jsonx',
  'image/png',
];
/** Broken JSON texts. */
const BROKEN_JSON = [
  '{',
  '{"a":1,}',
  'NaN',
  '\ufeff{}',
  '{"a":"\\x"}',
  '1'.repeat(5000),
  '{"a":1}{"b":2}',
  "{'a':1}",
  '[',
  '{"a":tru}',
  '"\\ud800"',
];

/** Hostile requests for one call: the shapes of the security review, with seeded variety. */
function hostileProbes(e: EndpointDef, r: () => number): Probe[] {
  const fixed = new URLSearchParams(e.fixedQuery ?? {}).toString();
  const withQuery = (path: string, extra = '') => {
    const q = [fixed, extra].filter(Boolean).join('&');
    return q ? `${path}?${q}` : path;
  };
  const fillRaw = (value: () => string) => e.path.replace(/\{[^}]+\}/g, () => value());
  const path = fillRaw(() => '12345678');
  const hasParams = /\{[^}]+\}/.test(e.path);
  const list: Probe[] = [];
  for (const esc of HOSTILE_ESCAPES) {
    list.push({
      label: `query escape ${esc}`,
      url: withQuery(path, `documento=${esc}&${pick(r, ['id', 'q', 'tipo'])}=1`),
    });
    if (hasParams) list.push({ label: `path escape ${esc}`, url: withQuery(fillRaw(() => `12${esc}34`)) });
  }
  if (hasParams) {
    list.push({ label: 'path: 1001', url: withQuery(fillRaw(() => '7'.repeat(1001))) });
    list.push({ label: 'path: 60000', url: withQuery(fillRaw(() => 'z'.repeat(60000))) });
    list.push({ label: 'path: NUL', url: withQuery(fillRaw(() => 'a%00b')) });
  }
  list.push({ label: 'query: key NUL', url: withQuery(path, `a%00b=1`) });
  list.push({
    label: 'query: many',
    url: withQuery(path, Array.from({ length: 300 }, (_, i) => `k${i}=${i}`).join('&')),
  });
  list.push({ label: 'query: nested', url: withQuery(path, `a[b][c][d][e]=1&${'x'.repeat(40)}=%00`) });
  list.push({
    label: 'odd method',
    url: withQuery(path),
    method: pick(r, ['PUT', 'PATCH', 'OPTIONS', 'HEAD', 'DELETE']),
  });
  list.push({
    label: 'odd idempotency key',
    url: withQuery(path),
    headers: { 'idempotency-key': 'k'.repeat(300) },
  });
  if (e.method === 'GET' || e.method === 'DELETE') return list;

  const url = withQuery(path);
  const props = e.request ? propertiesOf(load(e.request) ?? {}, e.request) : {};
  const names = Object.keys(props);
  const field = () =>
    names.length > 0 ? pick(r, names) : pick(r, ['documento', 'codigoProspecto', 'datos']);
  const json = (label: string, payload: string, headers?: Record<string, string>) =>
    list.push({ label, url, payload, contentType: 'application/json', ...(headers ? { headers } : {}) });
  const key = () => ({ 'idempotency-key': `fuzz-${Math.floor(r() * 1e9)}` });
  // Deep JSON: just past the limit, far past it, inside a field; with and without a key.
  for (const depth of [33, 200, 20000]) {
    json(`deep ${depth} + key`, deepNest(depth), key());
    json(`deep ${depth} in field`, `{"${field()}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`, key());
  }
  json('deep 31 arrays', deepNest(30));
  for (const n of HOSTILE_NUMBERS) {
    json(`number ${n}`, `{"${field()}":${n}}`);
    json(`number ${n} nested`, `{"${field()}":[${n}],"${field()}":{"v":${n}}}`, key());
  }
  for (const str of HOSTILE_STRINGS) {
    json(`string ${str}`, `{"${field()}":"${str}"}`);
    json(`key ${str}`, `{"${str}":1,"${field()}":"ok"}`);
  }
  // Every field at once with a hostile string: reaches handlers whose schemas accept any text.
  json('all fields NUL', `{${names.map((n) => `"${n}":"${pick(r, HOSTILE_STRINGS)}"`).join(',')}}`, key());
  for (const t of HOSTILE_TYPES)
    list.push({ label: `type ${t}`, url, payload: '{"documento":"12345678"}', contentType: t });
  for (const b of BROKEN_JSON) json(`broken ${b.slice(0, 12)}`, b);
  json(
    'many keys',
    JSON.stringify(Object.fromEntries(Array.from({ length: 25000 }, (_, i) => [`k${i}`, i]))),
  );
  json('wide array', `{"${field()}":[${Array.from({ length: 21000 }, () => '0').join(',')}]}`);
  return list;
}

/** Phrases of the framework's and Node's own (English) error answers. */
const ENGLISH =
  /Bad Request|Not Found|Internal Server Error|Unsupported Media Type|Payload Too Large|is not a valid url|exceeding the max param|Body cannot be empty|Unexpected token|in JSON at position|FST_ERR|"statusCode"/;

/** ~20 malformed requests for one call. */
function probes(e: EndpointDef, r: () => number): Probe[] {
  const fixed = new URLSearchParams(e.fixedQuery ?? {});
  const withQuery = (path: string, extra = '') => {
    const q = [fixed.toString(), extra].filter(Boolean).join('&');
    return q ? `${path}?${q}` : path;
  };
  const fill = (value: () => string) => e.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(value()));
  const path = fill(() => '12345678');
  const list: Probe[] = [
    { label: 'path: long', url: withQuery(fill(() => '9'.repeat(300))) },
    { label: 'path: odd', url: withQuery(fill(() => pick(r, ['%00', '..', 'ñ', '-1', 'null', "'", '💥']))) },
    {
      label: 'query: odd',
      url: withQuery(path, `documento=${encodeURIComponent(pick(r, ODD_STRINGS))}&x[]=1&x[]=2`),
    },
    { label: 'query: huge', url: withQuery(path, `q=${'a'.repeat(5000)}`) },
  ];
  if (e.method === 'GET' || e.method === 'DELETE') {
    for (let i = 0; i < 16; i++)
      list.push({
        label: `query: random ${i}`,
        url: withQuery(
          fill(() => pick(r, ODD_STRINGS) || 'x'),
          `${pick(r, ['tipo', 'id', 'documento', 'placa'])}=${encodeURIComponent(pick(r, ODD_STRINGS))}`,
        ),
      });
    return list;
  }
  const url = withQuery(path);
  const props = e.request ? propertiesOf(load(e.request) ?? {}, e.request) : {};
  const names = Object.keys(props);
  const typed = (mutate: boolean) => {
    const body: Record<string, Json> = {};
    for (const n of names) body[n] = valueFor(r, props[n]!.s);
    if (mutate && names.length > 0) body[pick(r, names)] = pick(r, ODD_VALUES);
    return JSON.stringify(body);
  };
  const json = (label: string, payload: string) =>
    list.push({ label, url, payload, contentType: 'application/json' });
  json('bad json', '{"documento": ');
  json('null', 'null');
  json('array', '[1,2,3]');
  json('string', '"hola"');
  json('number', '42');
  json('empty object', '{}');
  json('all null', JSON.stringify(Object.fromEntries(names.map((n) => [n, null]))));
  json(
    'wrong types',
    JSON.stringify(Object.fromEntries(names.map((n) => [n, pick(r, [[], {}, true, 12.5, 'texto'])]))),
  );
  json(
    'huge strings',
    JSON.stringify(Object.fromEntries(names.slice(0, 3).map((n) => [n, 'x'.repeat(30000)]))),
  );
  json('deep nesting', deepNest(5000));
  json('prototype keys', '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}');
  list.push({ label: 'text/plain', url, payload: typed(false), contentType: 'text/plain' });
  list.push({
    label: 'form',
    url,
    payload: 'documento=12345678',
    contentType: 'application/x-www-form-urlencoded',
  });
  list.push({
    label: 'garbage',
    url,
    payload: Buffer.from(Array.from({ length: 64 }, () => Math.floor(r() * 256))).toString('latin1'),
    contentType: 'application/json',
  });
  for (let i = 0; i < 4; i++) json(`schema-shaped ${i}`, typed(false));
  for (let i = 0; i < 2; i++) json(`one field off ${i}`, typed(true));
  return list;
}

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp();
}, 180000);
afterAll(async () => {
  await srv.stop();
});

const ROUNDS = Math.max(1, Number(process.env.FUZZ_ROUNDS ?? 1));

describe('fuzz', () => {
  it('no hostile request to any call answers 500, speaks English or lacks the security headers', async () => {
    const failures: string[] = [];
    let sent = 0;
    let reached = 0;
    const registry = loadRegistry();
    for (let round = 0; round < ROUNDS; round++) {
      const r = rng(20260101 + round);
      for (const e of registry) {
        for (const p of [...probes(e, r), ...hostileProbes(e, r)]) {
          const headers: Record<string, string> = { ...(p.headers ?? {}) };
          if (p.payload !== undefined) headers['content-type'] = p.contentType ?? 'application/json';
          const res = await srv.app.inject({
            method: (p.method ?? e.method) as 'GET',
            url: p.url,
            headers,
            ...(p.payload !== undefined ? { payload: p.payload } : {}),
          });
          sent++;
          // Passed validation: the handler (or its absence, 501) answered.
          if ((res.statusCode >= 200 && res.statusCode < 300) || res.statusCode === 501) reached++;
          const where = `${e.id} [${p.label}] ${p.method ?? e.method} ${p.url.slice(0, 80)}`;
          if (res.statusCode >= 500 && res.statusCode !== 501)
            failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 160)}`);
          else if (
            res.headers['content-security-policy'] === undefined ||
            res.headers['x-content-type-options'] !== 'nosniff'
          )
            failures.push(`${where} → ${res.statusCode} sin cabeceras de seguridad`);
          else if (res.statusCode >= 400 && ENGLISH.test(res.body))
            failures.push(`${where} → ${res.statusCode} en inglés: ${res.body.slice(0, 160)}`);
        }
      }
    }
    await srv.services!.settle();
    expect(sent).toBeGreaterThan(registry.length * 15 * ROUNDS);
    console.log(
      `fuzz: ${sent} requests, ${reached} passed validation and reached a handler, ${failures.filter((f) => / → 5\d\d /.test(f)).length} answered 500, ${failures.length} failed a check`,
    );
    expect(reached).toBeGreaterThan(registry.length);
    expect(failures.slice(0, 40), failures.slice(0, 40).join('\n')).toEqual([]);
  }, 900000);

  /** Sends raw bytes to the listening server; answers what came back. */
  function raw(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', (err) => (data ? resolve(data) : reject(err)));
      socket.write(request);
    });
  }

  it('oversized headers and broken HTTP answer in Spanish with the security headers', async () => {
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const address = srv.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const cases: [string, string, number][] = [
      ['huge header', `GET /api/x HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`, 431],
      [
        'many headers',
        `GET / HTTP/1.1\r\nHost: a\r\n${Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
        431,
      ],
      ['broken request line', 'GARBAGE\r\n\r\n', 400],
      ['NUL in a header', 'GET / HTTP/1.1\r\nHost: a\r\nX-A: a\u0000b\r\n\r\n', 400],
      ['bad content-length', 'POST /api/x HTTP/1.1\r\nHost: a\r\nContent-Length: -5\r\n\r\n', 400],
    ];
    for (const [label, request, status] of cases) {
      const answer = await raw(port, request);
      expect(answer.split('\r\n')[0], label).toContain(` ${status} `);
      expect(answer.toLowerCase(), label).toContain('content-security-policy:');
      expect(answer.toLowerCase(), label).toContain('x-content-type-options: nosniff');
      // The status line's reason phrase is HTTP's own; the body is what a person reads.
      const body = answer.split('\r\n\r\n')[1] ?? '';
      expect(body, label).not.toMatch(ENGLISH);
      expect(Buffer.from(body, 'latin1').toString('utf8'), label).toMatch(
        /"detalleRespuesta":"[^"]*(solicitud|cabeceras)/,
      );
    }
    // A malformed escape in the path of a real request reaches the router: Spanish too.
    const bad = await raw(
      port,
      'GET /v4/prospecto/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
    );
    expect(bad.split('\r\n')[0]).toMatch(/ 4\d\d /);
    expect(bad.toLowerCase()).toContain('content-security-policy:');
    expect(bad.split('\r\n\r\n')[1]).not.toMatch(ENGLISH);
  });
});
