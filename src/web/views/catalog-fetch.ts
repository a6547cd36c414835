/**
 * The views' catalog fetcher for swr (ubigeo, brands and models, banks), and a reader that
 * turns the service's lists into select options whatever the field names of that catalog.
 */
import { request } from '../api/client.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { asRecord, pick } from './step-props.ts';

/** Catalog calls are small reads: a generous client timeout still fails before the applicant gives up. */
const CATALOG_TIMEOUT_MS = 30_000;

/**
 * swr fetcher: GET `path` through the shared API client (same-origin cookies, JSON, the
 * spec's error classes); any non-2xx answer rejects, so swr keeps `error` set.
 * swr asks from the effects of a step's first drawing: the request leaves a task later, so a
 * screen with a dozen catalogs (the confirmation) is on screen before they are all sent.
 */
export async function catalogFetch(path: string): Promise<unknown> {
  await yieldToMain();
  return (await request({ method: 'GET', path, timeoutMs: CATALOG_TIMEOUT_MS })).body;
}

/** The per-step catalogs the service answers by name (`SECTOR_ECONOMICO`, `PROFESION`…). */
export const NAMED_CATALOG_PATH = '/kong/prospecto/v2.0/consulta/catalogo';

/** swr fetcher of a named catalog: POST its name to `consulta/catalogo`. */
export async function namedCatalogFetch([, catalogo]: readonly [string, string]): Promise<unknown> {
  await yieldToMain();
  return (
    await request({
      method: 'POST',
      path: NAMED_CATALOG_PATH,
      body: { catalogo },
      timeoutMs: CATALOG_TIMEOUT_MS,
    })
  ).body;
}

export interface Option {
  value: string;
  label: string;
}

const VALUE_KEYS = [
  'codigo',
  'id',
  'value',
  'code',
  'ubigeo',
  'codigoBanco',
  'codBanco',
  'idMarca',
  'idModelo',
  'cod',
] as const;
const LABEL_KEYS = [
  'descripcion',
  'nombre',
  'name',
  'label',
  'desc',
  'marca',
  'modelo',
  'banco',
  'nombreBanco',
] as const;

/** The list inside a catalog answer: the answer itself, or its first array field (`data`, `lista`, …). */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  const rec = asRecord(body);
  for (const key of ['data', 'lista', 'items', 'resultado', 'result']) {
    if (Array.isArray(rec[key])) return rec[key];
  }
  return Object.values(rec).find(Array.isArray) ?? [];
}

/** Select options from a catalog answer; strings are both value and label. */
export function toOptions(body: unknown): Option[] {
  const out: Option[] = [];
  for (const item of listOf(body)) {
    if (typeof item === 'string') {
      out.push({ value: item, label: item });
      continue;
    }
    const rec = asRecord(item);
    const value = pick(rec, VALUE_KEYS);
    const label = pick(rec, LABEL_KEYS) ?? value;
    if (value !== undefined && label !== undefined) out.push({ value, label });
  }
  return out;
}
