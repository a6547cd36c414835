/**
 * The validators are compiled once per process for the same registry and schema files (each
 * service a test starts would otherwise compile them again), and again when a file changes.
 */
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { compileValidators } from './request-validator.ts';
import { tempDir } from './test-support.ts';

const ENDPOINT: EndpointDef = {
  id: 'demo.send',
  method: 'POST',
  path: '/demo',
  timeoutMs: 1000,
  codeField: 'codRes',
  codes: ['00'],
  creates: false,
  request: 'demo.request.json',
  response: 'demo.response.json',
  summary: 'demo',
  family: 'lde',
};

const schemas = tempDir('validators');
afterAll(() => schemas.cleanup());

function writeRequestSchema(required: string[], at: Date): void {
  const file = join(schemas.dir, 'demo.request.json');
  writeFileSync(
    file,
    JSON.stringify({ type: 'object', required, properties: { documento: { type: 'string' } } }),
  );
  utimesSync(file, at, at);
}

describe('compileValidators', () => {
  it('answers the same validators for the same registry and files, and compiles again when a file changes', () => {
    writeFileSync(join(schemas.dir, 'demo.response.json'), JSON.stringify({ type: 'object' }));
    writeRequestSchema(['documento'], new Date(2026, 0, 1));
    const endpoints = [ENDPOINT];
    const first = compileValidators(endpoints, schemas.dir);
    expect(first.validators.get('demo.send')?.({})).toHaveLength(1);
    expect(compileValidators(endpoints, schemas.dir)).toBe(first);

    writeRequestSchema([], new Date(2026, 0, 2));
    const changed = compileValidators(endpoints, schemas.dir);
    expect(changed).not.toBe(first);
    expect(changed.validators.get('demo.send')?.({})).toEqual([]);
    // The same calls loaded again (the registry is read afresh by each service) share them;
    // other calls are compiled on their own.
    expect(compileValidators([{ ...ENDPOINT }], schemas.dir)).toBe(changed);
    expect(compileValidators([{ ...ENDPOINT, request: null }], schemas.dir)).not.toBe(changed);
  });
});
