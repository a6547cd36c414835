/**
 * Request validation against the registry's JSON Schemas (`schemas/api/<id>.request.json`),
 * compiled once at start-up, with Spanish messages and a field path per problem. A process
 * that starts several services (the test suites, the path tests) compiles them once for all.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import localizeEs from 'ajv-i18n/localize/es/index.js';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { text } from './texts.ts';

/** One field at fault, as the 400 answer lists it. */
export interface FieldError {
  campo: string;
  mensaje: string;
}

/** Validates a request body; answers the fields at fault (empty when valid). */
export type BodyValidator = (body: unknown) => FieldError[];

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Checks a JSON answer against the call's response schema: the problems, or none. */
export type AnswerValidator = (body: unknown) => string[];

/** What {@link compileValidators} answers: read-only, shared by every service of a process. */
export interface CompiledValidators {
  validators: ReadonlyMap<string, BodyValidator>;
  answers: ReadonlyMap<string, AnswerValidator>;
  missing: readonly string[];
}

/** By what they are compiled from: the calls' ids and schema files, and those files as on disk. */
const compiledOnce = new Map<string, CompiledValidators>();
/** The validators of a few registries and schema directories are kept (tests make their own). */
const KEPT = 8;

/** The schema files of `dir` as they are now: a changed, added or removed file changes it. */
function schemasState(dir: string): string {
  if (!existsSync(dir)) return `${dir}:none`;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const stat = statSync(join(dir, f));
      return `${f}:${stat.size}:${stat.mtimeMs}`;
    });
  return `${dir}\n${files.join('\n')}`;
}

/**
 * Compiles the request schema of every endpoint that has one (and lists the schema files
 * missing), and the response schema of every endpoint for `answers`. Compiling takes about
 * half a second; the same calls and schema files compile once per process (the validators
 * keep no state between calls).
 */
export function compileValidators(endpoints: readonly EndpointDef[], schemasDir: string): CompiledValidators {
  const key = `${endpoints.map((e) => `${e.id} ${e.request} ${e.response}`).join('\n')}\n${schemasState(schemasDir)}`;
  let compiled = compiledOnce.get(key);
  if (compiled === undefined) {
    compiled = compile(endpoints, schemasDir);
    if (compiledOnce.size >= KEPT) compiledOnce.delete(compiledOnce.keys().next().value!);
    compiledOnce.set(key, compiled);
  }
  return compiled;
}

function compile(endpoints: readonly EndpointDef[], schemasDir: string): CompiledValidators {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
  addFormats(ajv);
  const keys = new Map<string, string>();
  if (existsSync(schemasDir)) {
    for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.json'))) {
      const schema = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Record<string, unknown>;
      const id = typeof schema.$id === 'string' ? schema.$id : file;
      if (ajv.getSchema(id) === undefined)
        ajv.addSchema(schema, typeof schema.$id === 'string' ? undefined : file);
      keys.set(file, id);
    }
  }
  const answers = new Map<string, AnswerValidator>();
  for (const e of endpoints) {
    const key = keys.get(e.response);
    const validate: ValidateFunction | undefined = key === undefined ? undefined : ajv.getSchema(key);
    if (validate === undefined) continue;
    answers.set(e.id, (body) =>
      validate(body)
        ? []
        : (validate.errors ?? []).map((err) => `${err.instancePath || '/'} ${err.message ?? ''}`.trim()),
    );
  }
  const validators = new Map<string, BodyValidator>();
  const missing: string[] = [];
  for (const e of endpoints) {
    if (e.request === null) continue;
    const key = keys.get(e.request);
    const validate: ValidateFunction | undefined = key === undefined ? undefined : ajv.getSchema(key);
    if (validate === undefined) missing.push(e.request);
    validators.set(e.id, (body) => {
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return [{ campo: 'body', mensaje: text('input.notObject') }];
      if (validate === undefined || validate(body)) return [];
      return toFieldErrors(validate.errors ?? []);
    });
  }
  return { validators, answers, missing };
}

/** ajv errors → `{ campo, mensaje }` in Spanish, with dotted field paths. */
export function toFieldErrors(errors: ErrorObject[]): FieldError[] {
  const copy = errors.map((e) => ({ ...e }));
  localizeEs(copy);
  const out: FieldError[] = [];
  for (const e of copy) {
    let campo = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty?: string }).missingProperty ?? '';
      campo = campo === '' ? missing : `${campo}.${missing}`;
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty?: string }).additionalProperty ?? '';
      campo = campo === '' ? extra : `${campo}.${extra}`;
    }
    if (campo === '') campo = 'body';
    const mensaje = e.message ?? 'no es válido';
    if (!out.some((o) => o.campo === campo && o.mensaje === mensaje)) out.push({ campo, mensaje });
  }
  return out.slice(0, 50);
}
