/**
 * Malformed requests to every call of the registry: broken JSON, wrong content types, nulls,
 * wrong types, huge strings, deep nesting, odd path and query values, and schema-shaped bodies
 * with random values that reach the handlers. No answer may be a 500. The generator is seeded,
 * so a failure reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
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
}

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

describe('fuzz', () => {
  it('no malformed request to any call answers 500', async () => {
    const r = rng(20260101);
    const failures: string[] = [];
    let sent = 0;
    let reached = 0;
    for (const e of loadRegistry()) {
      for (const p of probes(e, r)) {
        const res = await srv.app.inject({
          method: e.method,
          url: p.url,
          ...(p.payload !== undefined
            ? { payload: p.payload, headers: { 'content-type': p.contentType ?? 'application/json' } }
            : {}),
        });
        sent++;
        // Passed validation: the handler (or its absence, 501) answered.
        if ((res.statusCode >= 200 && res.statusCode < 300) || res.statusCode === 501) reached++;
        if (res.statusCode >= 500 && res.statusCode !== 501)
          failures.push(`${e.id} [${p.label}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    await srv.services!.settle();
    expect(sent).toBeGreaterThan(loadRegistry().length * 15);
    console.log(
      `fuzz: ${sent} requests, ${reached} passed validation and reached a handler, ${failures.length} answered 500`,
    );
    expect(reached).toBeGreaterThan(loadRegistry().length);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240000);
});
