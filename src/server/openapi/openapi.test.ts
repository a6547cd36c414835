import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { CLIENT_DIR, generateClient, OPENAPI_FILE, expectedOpenApi } from '../../../scripts/openapi.ts';
import { loadRegistry } from '../registry.ts';
import { startTestApp, tempDir } from '../test-support.ts';
import { createClient } from '../../../tests/openapi-client/client/index.ts';
import { catalogsDepartments, ldePreEvaluate } from '../../../tests/openapi-client/sdk.gen.ts';
import { codeMeanings } from './document.ts';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        'x-calls': { id: string; codes: { code: string; meaning: string }[] }[];
        'x-path-not-in-spec'?: Record<string, string>;
        responses: Record<
          string,
          { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }
        >;
      }
    >
  >;
};

const committed = readFileSync(OPENAPI_FILE, 'utf8');
const doc = JSON.parse(committed) as Doc;
const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));

const filesUnder = (dir: string): Map<string, string> => {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.set(relative(dir, join(d, e.name)), readFileSync(join(d, e.name), 'utf8'));
    }
  };
  walk(dir);
  return out;
};

describe('the OpenAPI document (docs/openapi.json)', () => {
  it('is what `npm run openapi` writes from the registry and schemas/api/ (run it after changing either)', () => {
    expect(committed === expectedOpenApi(), 'docs/openapi.json is out of date: run npm run openapi').toBe(
      true,
    );
  });

  it('has its typed client (tests/openapi-client) generated from the committed document', async () => {
    const t = tempDir('openapi-client');
    try {
      await generateClient(OPENAPI_FILE, t.dir);
      const fresh = filesUnder(t.dir);
      const kept = filesUnder(CLIENT_DIR);
      expect([...kept.keys()].sort()).toEqual([...fresh.keys()].sort());
      for (const [name, content] of fresh)
        expect(kept.get(name) === content, `${name} is out of date: run npm run openapi`).toBe(true);
    } finally {
      t.cleanup();
    }
  });

  it('is a valid OpenAPI 3.1 document, every reference resolved', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(committed) as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const refs = [...committed.matchAll(/"\$ref": "#\/components\/(\w+)\/([^"]+)"/g)];
    const components = (JSON.parse(committed) as { components: Record<string, Record<string, unknown>> })
      .components;
    for (const [, kind, name] of refs) expect(components[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
  });

  it('describes every call of the registry once, with each of its codes and what it means', () => {
    const ids = operations.flatMap((op) => op['x-calls'].map((c) => c.id)).sort();
    const registry = loadRegistry();
    expect(ids).toEqual(registry.map((e) => e.id).sort());
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(operations.length);
    for (const e of registry) {
      const call = operations.flatMap((op) => op['x-calls']).find((c) => c.id === e.id)!;
      expect(call.codes.map((c) => c.code)).toEqual([...e.codes]);
      for (const { meaning } of call.codes) expect(meaning.length).toBeGreaterThan(3);
    }
    expect(
      codeMeanings(registry.find((e) => e.id === 'lde.preEvaluate')!).find((c) => c.code === '10')?.meaning,
    ).toBe('modal: already has a request in process');
  });

  it('marks the calls whose path the spec does not give', () => {
    const marked = operations.flatMap((op) => Object.keys(op['x-path-not-in-spec'] ?? {})).sort();
    expect(marked).toEqual(
      loadRegistry()
        .filter((e) => e.pathNotInSpec !== undefined)
        .map((e) => e.id)
        .sort(),
    );
    expect(marked.length).toBeGreaterThan(0);
  });
});

describe('the document served by the sandbox', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let base: string;
  beforeAll(async () => {
    app = await startTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.stop();
  });

  it('answers /api/openapi.json with the committed document', async () => {
    const r = await fetch(`${base}/api/openapi.json`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(JSON.parse(committed));
  });

  it('draws /api/docs with the viewer served from the site itself, under the strict policy', async () => {
    const r = await fetch(`${base}/api/docs`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<html lang="es">');
    expect(html).not.toMatch(/<script>(?!<)/);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(r.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(r.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    for (const src of [...scripts, '/api/docs/swagger-ui.css']) {
      const asset = await fetch(base + src);
      expect(asset.status, src).toBe(200);
      expect((await asset.text()).length).toBeGreaterThan(100);
    }
    expect(await (await fetch(`${base}/api/docs/init.js`)).text()).toContain("url: '/api/openapi.json'");
    expect((await fetch(`${base}/api/docs/package.json`)).status).toBe(404);
  });

  it('is what a generated client calls: a catalog and a pre-evaluation answer as its examples say', async () => {
    const client = createClient({ baseUrl: base });
    const departments = await catalogsDepartments({ client });
    expect(departments.response!.status).toBe(200);
    expect(departments.response!.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);

    const examples =
      doc.paths['/v4/prospecto/v2.0/producto/lde']!.post!.responses['200']!.content!['application/json']!
        .examples!;
    expect(Object.keys(examples).length).toBeGreaterThan(5);
    for (const dni of ['10000004', '10000010', '10000003']) {
      const { data, response } = await ldePreEvaluate({
        client,
        body: {
          tipoDocumento: 1,
          documento: dni,
          fechaNacimiento: '1990-05-10',
          placa: 'ABC-123',
          recorridoxDia: 3,
          telefono: '987654321',
          email: 'cliente@example.pe',
          terms: '1',
        },
        headers: { 'Idempotency-Key': `openapi-${dni}` },
      });
      expect(response!.status).toBe(200);
      const example = examples[`dni${dni}`]!.value as { codigoRespuesta: unknown };
      expect((data as { codigoRespuesta: unknown }).codigoRespuesta).toEqual(example.codigoRespuesta);
    }
  });
});
