/**
 * The OpenAPI 3.1 document of the service, built from what the server itself runs on: the
 * endpoint registry (`src/engine/endpoints/*.ts`), the request and response schemas of
 * `schemas/api/`, and the sandbox test identities (`src/server/sandbox/scenarios.ts`) as
 * response examples. `scripts/openapi.ts` writes it to `docs/openapi.json` (a unit test fails
 * when the committed file differs); the server answers it at `/api/openapi.json`.
 *
 * Calls that share one method and path (told apart by a fixed query parameter, like
 * `?paso=1`) are one operation there: the parameter is an enum, and the body and answer are
 * `oneOf` the calls' schemas; `x-calls` lists each call with its query.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EndpointDef } from '../../engine/endpoint-types.ts';
import { groupRoutes, type RouteGroup } from '../registry.ts';
import { SCENARIOS, type ScenarioRow, type ScenarioSectionId } from '../sandbox/scenarios.ts';
import { ROUTES, type VehicleFamily } from '../domain/vehicle-states.ts';

type Json = Record<string, unknown>;

/** The header every answer carries: the id of the request's log line. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Which scenario rows illustrate which calls (section, step → call ids). */
const SCENARIO_CALLS: readonly { section: ScenarioSectionId; step: string; ids: readonly string[] }[] = [
  { section: 'instant', step: 'preEvaluation', ids: ['lde.preEvaluate'] },
  { section: 'instant', step: 'quotaSimulator', ids: ['simulator.quota'] },
  { section: 'instant', step: 'identityQuestions', ids: ['identity.answers'] },
  { section: 'instant', step: 'biometricRecordCheck', ids: ['biometrics.recordCheck'] },
  { section: 'instant', step: 'biometricValidation', ids: ['biometrics.validate'] },
  { section: 'instant', step: 'biometricCall', ids: ['biometrics.validate', 'biometrics.register'] },
  { section: 'instant', step: 'bankDetails', ids: ['credit.updateBankDetails'] },
  { section: 'instant', step: 'contractDocuments', ids: ['contracts.sendToken'] },
  {
    section: 'vehicle',
    step: 'preEvaluation',
    ids: [
      'moto.preEvaluate',
      'moto.hondaPreEvaluate',
      'consumo.preEvaluate',
      'consumo.preEvaluateQuoter',
      'seminuevo.preEvaluate',
    ],
  },
  {
    section: 'vehicle',
    step: 'simulation',
    ids: [
      'moto.registerSimulation',
      'moto.hondaRegisterSimulation',
      'consumo.registerSimulation',
      'seminuevo.registerSimulation',
    ],
  },
  { section: 'taxiSteps', step: 'serverStep', ids: ['taxi.step0', 'taxi.step1', 'taxi.step2', 'taxi.step3'] },
  { section: 'conversion', step: 'status', ids: ['conversion.status'] },
  { section: 'conversion', step: 'preEvaluation', ids: ['conversion.preEvaluate'] },
];

/** Vehicle pre-evaluation calls and the state table their answer follows (spec 000 §4). */
const VEHICLE_PRE_EVALUATION: Readonly<Record<string, VehicleFamily>> = {
  'moto.preEvaluate': 'moto',
  'moto.hondaPreEvaluate': 'moto',
  'consumo.preEvaluate': 'consumo',
  'consumo.preEvaluateQuoter': 'consumo',
  'seminuevo.preEvaluate': 'consumo',
};

/** Codes many calls share, in the spec's words (001 §4). */
const SHARED_MEANINGS: Readonly<Record<string, string>> = {
  '00': 'éxito',
  '99': 'falla técnica del servicio (las llamadas heredadas responden 99 ante cualquier falla)',
};

/** `common.fields.json` → `common.fields`: the component name of a schema file. */
const componentName = (file: string): string => file.replace(/\.json$/, '');

/**
 * The schema files as `components.schemas`. A reference into a file (`common.fields.json#/
 * definitions/importe`) becomes a component of its own (`common.fields.importe`), so every
 * reference of the document names a whole component, as code generators expect.
 */
class SchemaComponents {
  readonly out: Record<string, Json> = {};
  constructor(private readonly files: Readonly<Record<string, Json>>) {}

  /** The component name for `file` and a JSON pointer into it, built on first use. */
  nameOf(file: string, pointer: string): string {
    const parts = pointer.split('/').filter((p) => p !== '');
    const name = [
      componentName(file),
      ...parts.filter((p, i) => !(i % 2 === 0 && (p === 'definitions' || p === 'properties'))),
    ].join('.');
    if (this.out[name] === undefined) {
      this.out[name] = {};
      let node: unknown = this.files[file];
      for (const p of parts) node = (node as Json | undefined)?.[p];
      if (node === undefined) throw new Error(`${file}#${pointer}: la referencia no lleva a ningún esquema`);
      this.out[name] = this.rewrite(node, file) as Json;
    }
    return name;
  }

  private rewrite(node: unknown, file: string): unknown {
    if (Array.isArray(node)) return node.map((n) => this.rewrite(n, file));
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node as Json)) {
      if (k === '$schema' || k === 'definitions') continue;
      if (k === '$ref' && typeof v === 'string') {
        const [target = '', pointer = ''] = v.split('#');
        out.$ref = `#/components/schemas/${this.nameOf(target === '' ? file : target, pointer)}`;
      } else out[k] = this.rewrite(v, file);
    }
    return out;
  }
}

const ref = (file: string): Json => ({ $ref: `#/components/schemas/${componentName(file)}` });

/** `prospecto.estadoProspecto` and 4 → `{ prospecto: { estadoProspecto: 4 } }`. */
function nested(path: string, value: unknown, extra: Json = {}): Json {
  const parts = path.split('.');
  const root: Json = { ...extra };
  let at = root;
  parts.forEach((p, i) => {
    if (i === parts.length - 1) at[p] = value;
    else {
      const child: Json = typeof at[p] === 'object' && at[p] !== null ? { ...(at[p] as Json) } : {};
      at[p] = child;
      at = child;
    }
  });
  return root;
}

/** The scenario rows that illustrate a call, with the codes it can answer. */
function scenarioRows(e: EndpointDef): ScenarioRow[] {
  const out: ScenarioRow[] = [];
  for (const link of SCENARIO_CALLS) {
    if (!link.ids.includes(e.id)) continue;
    const section = SCENARIOS.sections.find((s) => s.id === link.section);
    for (const row of section?.rows ?? [])
      if (row.step === link.step && row.code !== null && e.codes.includes(String(row.code))) out.push(row);
  }
  return out;
}

/** Each code the call can answer, in the registry's order, and what it means. */
export function codeMeanings(e: EndpointDef): { code: string; meaning: string }[] {
  const rows = scenarioRows(e);
  const family = VEHICLE_PRE_EVALUATION[e.id];
  return e.codes.map((code) => {
    const said = rows.filter((r) => String(r.code) === code).map((r) => r.shows);
    const screen = family !== undefined ? ROUTES[family].preEvaluation[Number(code)] : undefined;
    const meaning =
      said.length > 0
        ? [...new Set(said)].join('; ')
        : screen !== undefined
          ? `estado ${code}: pantalla ${screen}`
          : SHARED_MEANINGS[code];
    return {
      code,
      meaning: meaning ?? 'resultado que la tabla de resultados del flujo que hace la llamada decide',
    };
  });
}

/** Response examples: one per sandbox identity that forces an answer of this call. */
function examplesOf(e: EndpointDef): Record<string, Json> | undefined {
  if (e.codeField === null) return undefined;
  const rows = scenarioRows(e);
  if (rows.length === 0) return undefined;
  const out: Record<string, Json> = {};
  for (const r of rows) {
    const { celulares: _celulares, ...extra } = r.extra ?? {};
    out[`dni${r.documento}`] = {
      summary: `documento ${r.documento}: ${r.shows}`,
      value: nested(e.codeField, r.code, extra),
    };
  }
  return out;
}

function isPdf(responseSchema: Json): boolean {
  return (
    typeof responseSchema.description === 'string' && /application\/pdf/.test(responseSchema.description)
  );
}

/** The description of one call: its summary, codes, timeout and caveats. */
function describe(e: EndpointDef): string {
  const lines = [`**${e.id}**: ${e.summary}`];
  if (e.fixedQuery) lines.push(`Consulta fija: \`${new URLSearchParams(e.fixedQuery).toString()}\`.`);
  if (e.codeField !== null) {
    lines.push('', `Códigos en \`${e.codeField}\`:`, '');
    for (const { code, meaning } of codeMeanings(e)) lines.push(`- \`${code}\`: ${meaning}`);
  }
  lines.push('', `Tiempo de espera del cliente: ${e.timeoutMs} ms.`);
  if (e.creates) lines.push('Crea algo: envíe `Idempotency-Key` para repetirla sin duplicar.');
  if (e.pathNotInSpec !== undefined)
    lines.push('', `**Ruta propia del producto (no figura en la especificación):** ${e.pathNotInSpec}`);
  return lines.join('\n');
}

function requestSchemaOf(e: EndpointDef): Json | null {
  return e.request === null ? null : ref(e.request);
}

/** One operation for a group of calls on the same method and path. */
function operation(group: RouteGroup, schemas: Record<string, Json>): Json {
  const entries = [...group.entries].sort((a, b) => a.id.localeCompare(b.id));
  const single = entries.length === 1 ? entries[0] : undefined;
  const params: Json[] = [];
  for (const m of group.path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g))
    params.push({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 1000 },
    });
  const queryKeys = [...new Set(entries.flatMap((e) => Object.keys(e.fixedQuery ?? {})))];
  for (const key of queryKeys) {
    const values = [
      ...new Set(entries.map((e) => e.fixedQuery?.[key]).filter((v): v is string => v !== undefined)),
    ];
    params.push({
      name: key,
      in: 'query',
      required: entries.every((e) => e.fixedQuery?.[key] !== undefined),
      description: entries.map((e) => `\`${key}=${e.fixedQuery?.[key] ?? '—'}\`: ${e.id}`).join('; '),
      schema: { type: 'string', enum: values },
    });
  }
  if (entries.some((e) => e.creates))
    params.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Clave de 1 a 200 caracteres visibles: la misma clave y el mismo cuerpo repiten la respuesta guardada.',
      schema: { type: 'string', minLength: 1, maxLength: 200 },
    });

  const op: Json = {
    operationId: entries.map((e) => e.id.replace(/\./g, '_')).join('_or_'),
    tags: [...new Set(entries.map((e) => e.family))],
    summary: single ? single.summary : entries.map((e) => e.id).join(', '),
    description: entries.map(describe).join('\n\n---\n\n'),
  };
  if (params.length > 0) op.parameters = params;
  const requests = entries.map(requestSchemaOf).filter((s): s is Json => s !== null);
  if (requests.length > 0)
    op.requestBody = {
      required: true,
      content: { 'application/json': { schema: requests.length === 1 ? requests[0] : { oneOf: requests } } },
    };

  const pdf = entries.every((e) => isPdf(schemas[componentName(e.response)] ?? {}));
  const answers = entries.map((e) => ref(e.response));
  const ok: Json = { schema: answers.length === 1 ? answers[0] : { oneOf: answers } };
  const examples = single ? examplesOf(single) : undefined;
  if (examples) ok.examples = examples;
  op.responses = {
    '200': {
      description: 'Respuesta del servicio; el código de resultado decide el paso del flujo.',
      headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
      content: pdf
        ? { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } }
        : { 'application/json': ok },
    },
    '400': { $ref: '#/components/responses/BadRequest' },
    ...(entries.some((e) => e.creates) ? { '409': { $ref: '#/components/responses/Conflict' } } : {}),
    '413': { $ref: '#/components/responses/PayloadTooLarge' },
    '500': { $ref: '#/components/responses/ServerError' },
  };
  if (entries.some((e) => e.pathNotInSpec !== undefined)) {
    op['x-path-not-in-spec'] = Object.fromEntries(
      entries.filter((e) => e.pathNotInSpec !== undefined).map((e) => [e.id, e.pathNotInSpec]),
    );
  }
  op['x-calls'] = entries.map((e) => ({
    id: e.id,
    ...(e.fixedQuery ? { query: e.fixedQuery } : {}),
    timeoutMs: e.timeoutMs,
    codeField: e.codeField,
    codes: codeMeanings(e),
    creates: e.creates,
  }));
  return op;
}

const errorBody = (description: string): Json => ({
  description,
  headers: { [REQUEST_ID_HEADER]: { $ref: '#/components/headers/RequestId' } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

/** Builds the document. `version` is the package's. */
export function buildOpenApi(endpoints: readonly EndpointDef[], schemasDir: string, version: string): Json {
  const files: Record<string, Json> = {};
  for (const file of readdirSync(schemasDir)
    .filter((f) => f.endsWith('.json'))
    .sort())
    files[file] = JSON.parse(readFileSync(join(schemasDir, file), 'utf8')) as Json;
  const components = new SchemaComponents(files);
  for (const file of Object.keys(files)) if (!file.startsWith('common.')) components.nameOf(file, '');
  const schemas: Record<string, Json> = Object.fromEntries(
    Object.entries(components.out).sort(([a], [b]) => a.localeCompare(b)),
  );
  schemas.ErrorAnswer = {
    type: 'object',
    required: ['codigoRespuesta', 'detalleRespuesta'],
    properties: {
      codigoRespuesta: { const: '99' },
      detalleRespuesta: { type: 'string', description: 'Texto para la persona, en español.' },
      errores: {
        type: 'array',
        items: {
          type: 'object',
          required: ['campo', 'mensaje'],
          properties: { campo: { type: 'string' }, mensaje: { type: 'string' } },
        },
      },
    },
  };

  const paths: Record<string, Json> = {};
  const groups = groupRoutes(endpoints).sort(
    (a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
  );
  for (const g of groups) {
    const item = (paths[g.path] ??= {});
    item[g.method.toLowerCase()] = operation(g, schemas);
  }

  const families = [...new Set(endpoints.map((e) => e.family))].sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Crédito en línea: servicio de originación',
      version,
      description: [
        'Las llamadas del sitio de solicitud de crédito en línea, generadas del registro de llamadas',
        '(`src/engine/endpoints/*.ts`) y de los esquemas de `schemas/api/` por `npm run openapi`.',
        '',
        'Cada respuesta lleva la cabecera `X-Request-Id`: el código de referencia de su línea de registro.',
        'Los ejemplos son las identidades de prueba del sandbox (`GET /__sandbox/scenarios`).',
        'Las llamadas marcadas con `x-path-not-in-spec` tienen una ruta propia del producto.',
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'El mismo origen del sitio' }],
    tags: families.map((name) => ({ name })),
    paths,
    components: {
      schemas,
      headers: {
        RequestId: {
          description: 'Código de referencia de la solicitud (el mismo de su línea de registro).',
          schema: { type: 'string' },
        },
      },
      responses: {
        BadRequest: errorBody('Parámetros inválidos: `errores` nombra cada campo y qué le falta.'),
        Conflict: errorBody(
          'La misma `Idempotency-Key` se usó con otro cuerpo, o la primera solicitud aún corre.',
        ),
        PayloadTooLarge: errorBody(
          'El cuerpo excede el límite (100 KiB; 12 MiB en las llamadas que suben archivos).',
        ),
        ServerError: errorBody(
          'Error inesperado: el detalle queda en el registro, con el código de referencia.',
        ),
      },
    },
  };
}

/** The document as the committed file holds it. */
export function renderOpenApi(doc: Json): string {
  return JSON.stringify(doc, null, 2) + '\n';
}
