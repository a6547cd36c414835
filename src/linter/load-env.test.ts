import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleSchema, loadEnv } from './load-env.ts';
import { missingSegment } from './rules/schema-path.ts';

describe('bundleSchema', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('replaces references to sibling files and to its own definitions, so response paths can be checked', () => {
    dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    writeFileSync(
      join(dir, 'common.json'),
      JSON.stringify({
        definitions: {
          prospecto: { type: 'object', properties: { codigoProspecto: { $ref: '#/definitions/codigo' } } },
          codigo: { type: 'string' },
        },
      }),
    );
    writeFileSync(
      join(dir, 'x.response.json'),
      JSON.stringify({
        type: 'object',
        properties: {
          prospecto: { $ref: 'common.json#/definitions/prospecto' },
          codRes: { $ref: '#/definitions/cod' },
        },
        definitions: { cod: { type: 'string' } },
      }),
    );
    const bundled = bundleSchema(dir, 'x.response.json');
    expect(bundled).toMatchObject({
      properties: {
        prospecto: { properties: { codigoProspecto: { type: 'string' } } },
        codRes: { type: 'string' },
      },
    });
    expect(missingSegment(bundled, ['prospecto', 'codigoProspecto'])).toBe(-1);
    expect(missingSegment(bundled, ['prospecto', 'codigoProspeto'])).toBe(1);
  });
});

describe('loadEnv', () => {
  it('reads the real registries: endpoints with codes, response schemas, forms, messages, routes', () => {
    const env = loadEnv(new URL('../../', import.meta.url).pathname);
    expect(env.endpoints['lde.preEvaluate']?.codes).toContain('0');
    expect(env.responseSchemas['lde.preEvaluate']).toMatchObject({ type: 'object' });
    expect(Object.keys(env.forms).length).toBeGreaterThan(0);
    expect(env.messages['app.ok']).toBe('Aceptar');
    expect(env.routes).toContain('/credinstante');
    expect(env.operators).toContain('isDni');
  });
});
