import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from './endpoint-types.ts';
import { ENDPOINTS, endpointFinder, findEndpoint, routePath, SIMULATION_TIMEOUT_MS } from './endpoints.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const API_DIR = fileURLToPath(new URL('../../schemas/api/', import.meta.url));
const all: EndpointDef[] = Object.values<EndpointDef>(ENDPOINTS);

/**
 * Every call of spec 001 §7, copied from the spec once: `METHOD path` (query strings as the
 * spec writes them; `?paso=0|1|2|3` and `?tipo=0|2|3` stand for one call per value).
 */
const SPEC_CALLS = `
POST /api/private/v1.1/inicioSesion
GET /api/private/v1.1/statusSesion
POST /api/private/v1.1/logoutSesion
POST /api/private/v1.0/validarCliente
POST /kong/prospecto/v2.0/listar/prospectos
POST /kong/prospecto/v2.0/listar/clientes
GET /api/private/v1.0/catalogoProvincia?region_id={id}
GET /api/private/v1.0/catalogoDistritos?province_id={id}
GET /api/private/v1.0/catalogoActividadecomomica
GET /api/private/v1.0/catalogoOcupacion
GET /api/private/v1.0/catalogoDepartamento
GET /kong/ubigeo/depar
GET /kong/ubigeo/prov/{id}
GET /kong/ubigeo/dist/{id}
GET /kong/vehiculos/info-marca
GET /kong/vehiculos/info-modelo/?marca={brand}
GET /kong/utilsJS/v1.0/lugares
GET /kong/externos/v2.0/bancos/info-banco
POST /kong/prospecto/v2.0/consulta/catalogo
POST /kong/prospecto/v2.0/consulta/marcas/modelos
POST /kong/prospecto/v2.0/entidad
POST /kong/prospecto/v2.0/centro/operaciones
POST /kong/prospecto/v2.0/consultar/
POST /v8/externos/v2.0/reniec/ficha
POST /kong/externos/v1.0/atu
GET /api/private/v1.0/token
POST /api/private/v1.0/token/{token}
POST /v4/prospecto/v2.0/producto/lde
POST /v4/prospecto/v2.0/producto/lde/rechazo-prestamo
PUT /v4/prospecto/v2.0/producto/lde?tipo=0|2|3
PUT /kong/prospecto/v2.0/producto/lde?tipo=0|2
GET /v4/prospecto/v2.0/users/lde/{id}
GET /kong/prospecto/v2.0/producto/lde/question-in-evaluation
GET /kong/prospecto/v1.0/producto/preguntas/{id}
POST /kong/prospecto/v1.0/producto/preguntas
POST /kong/prospecto/v1.0/producto/valida-prospecto
POST /kong/prospecto/v1.0/reconocimientofacial
POST /kong/prospecto/v1.0/registroBiometriaFacial
POST /kong/prospecto/v1.0/producto/retanqueo/ov
POST /kong/prospecto/v1.0/producto/fae/ov
POST /kong/prospecto/v1.0/vendeMas/datos-simulacion
POST /kong/prospecto/v1.0/simulador/importeCuotas/get
POST /kong/prospecto/v1.0/simulador/prestamo/save
POST /kong/prospecto/v1.0/simulador/get-simulador
POST /kong/prospecto/v1.0/simulador/fr-and-terms
POST /kong/prospecto/v1.0/politicas/evaluacion/detalle/2
GET /v5/evaluacion/v2.0/politicas/?codigoEvaluacion={id}
GET /kong/prospecto/v2.0/info/required/{codigoProspecto}
POST /kong/contratos/v1.0/contratos
POST /v9/contratos/v1.0/contratos
POST /kong/contratos/v1.0/generaContrato
POST /kong/contratos/v1.0/sendToken
POST /kong/token/send
POST /kong/token/valid
POST /v7/private/v1.0/generarTokenNewSms
POST /v7/private/v1.0/validarTokenNew
POST /kong/jwtJS/v1.0/validarJWT
GET /kong/credito/v1/validar-creditos?codigoContrato={code}
POST /v4/credito/v1/actualizarCreExpPro
PUT /kong/credito/v1/ownership-validation/updateBankDetails
POST /kong/prospecto/v2.0/preevaluacion
POST /kong/prospecto/v2.0/registroAdicional
POST /kong/prospecto/v2.0/simular/condiciones
POST /kong/prospecto/v2.0/registrar/simulacion
POST /kong/prospecto/v2.0/consultarProspecto
GET /kong/prospecto/v2.0/simular/{id}
POST /kong/prospecto/v2.0/envio/carta/aprobacion
POST /kong/prospecto/v2.0/estado/final
POST /kong/prospecto/v2.0/rechazado/intencion-contacto
POST /kong/prospecto/v2.0/adjuntarArchivo
GET /kong/reporte/cartamoto/2/{id}
GET /kong/reporte/cartamotoLDBancarizador/2/{id}
POST /kong/prospecto/v2.0/preevaluacion/motos/honda
POST /kong/prospecto/v2.0/registro/adicional/motos/honda
POST /kong/prospecto/v2.0/simulacion/motos/honda
POST /kong/prospecto/v2.0/registrar/simulacion/motos/honda
GET /kong/reporte/motoPreaprobacion/consumo/2/{id}
GET /kong/reporte/motoAprobacion/consumo/2/{id}
POST /kong/prospecto/v2.0/preevaluacion/consumo
POST /kong/prospecto/v2.0/preevaluacion/cotizador
POST /kong/prospecto/v2.0/registro/adicional/consumo
POST /kong/prospecto/v2.0/registro/adicional/consumoFinal
GET /kong/prospecto/v2.0/simulacion/consumo/{id}
POST /kong/prospecto/v2.0/simulacion/consumo
POST /kong/prospecto/v2.0/simulacion/cotizar
POST /kong/prospecto/v2.0/registrar/simulacion/consumo
POST /kong/prospecto/v2.0/estado/final
POST /kong/prospecto/v2.0/envio/carta/aprobacion
POST /kong/prospecto/v2.0/registro/adicional/avalista
GET /kong/reporte/preaprobacion/2/{id}
GET /kong/reporte/aprobacion/2/{id}
POST /kong/prospecto/v2.0/preevaluacion/consumo/semi-nuevo
POST /kong/prospecto/v2.0/registro/adicional/consumo/semi-nuevo
POST /kong/prospecto/v2.0/simulacion/consumo/semi-nuevo
POST /kong/prospecto/v2.0/registrar/simulacion/consumo/semi-nuevo
GET /kong/reporte/seminuevoTradicional/consumo/2/{data}
GET /kong/reporte/seminuevoExpress/consumo/2/{data}
POST /api/private/v1.3/prospectos?paso=0|1|2|3
POST /api/private/v1.0/evaluacionScoreAdmision
POST /api/private/v1.0/evaluacionScoreCuota
POST /api/private/v1.0/evaluacionScoreSimulador
POST /kong/prospecto/v2.0/registro/adicional/taxi
POST /kong/prospecto/v2.0/registro/adicional/mototaxi
POST /kong/prospecto/v2.0/registro/adicional/motofurgon
GET /kong/reporte/cartataxi/2/{data}
GET /kong/reporte/cartaemprendedora/2/{data}
GET /kong/reporte/cartamotofurgon/2/{data}
GET /kong/reporte/cartamototaxi/2/{data}
GET /kong/prospecto/v2.0/simular/{data}
GET /kong/prospecto/v2.0/data/adjuntarArchivo/{data}
`
  .trim()
  .split('\n');

/** The spec's simulation calls (001 §7 marks them 60000 ms), by method and path. */
const SIMULATIONS = [
  'POST /kong/prospecto/v2.0/simular/condiciones',
  'POST /kong/prospecto/v2.0/simulacion/consumo',
  'POST /kong/prospecto/v2.0/simulacion/consumo/semi-nuevo',
  'POST /kong/prospecto/v1.0/simulador/importeCuotas/get',
  'POST /kong/prospecto/v1.0/simulador/prestamo/save',
  'POST /kong/prospecto/v1.0/simulador/get-simulador',
  'POST /kong/prospecto/v1.0/simulador/fr-and-terms',
];

/** Expands one spec line into concrete requests: `{x}` becomes a sample segment, `a|b` one request per value. */
function concreteRequests(line: string): { method: string; path: string; query: Record<string, string> }[] {
  const [method = '', target = ''] = line.split(' ');
  const [rawPath = '', rawQuery] = target.split('?');
  const path = rawPath.replace(/\{\w+\}/g, '123');
  if (!rawQuery) return [{ method, path, query: {} }];
  const [name = '', values = ''] = rawQuery.split('=');
  if (values.startsWith('{')) return [{ method, path, query: { [name]: '7' } }];
  return values.split('|').map((v) => ({ method, path, query: { [name]: v } }));
}

describe('endpoint registry', () => {
  it('holds every call of spec 001 §7', () => {
    const missing = SPEC_CALLS.flatMap(concreteRequests)
      .filter((r) => !findEndpoint(r.method, r.path, r.query))
      .map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`);
    expect(missing).toEqual([]);
  });

  it('has one entry per call: ids match their keys, and method + path + fixed query are unique', () => {
    const seen = new Map<string, string>();
    for (const [key, e] of Object.entries(ENDPOINTS)) {
      expect(e.id).toBe(key);
      expect(e.id).toMatch(/^[a-z]+\.[a-z][A-Za-z0-9]*$/);
      const signature = `${e.method} ${e.path.replace(/\/$/, '')} ${JSON.stringify(e.fixedQuery ?? {})}`;
      expect(seen.get(signature), `${e.id} repeats ${seen.get(signature) ?? ''}`).toBeUndefined();
      seen.set(signature, e.id);
    }
    expect(all.length).toBeGreaterThanOrEqual(100);
  });

  it('gives the spec simulations 60000 ms and every other call less', () => {
    for (const line of SIMULATIONS) {
      const [method = '', path = ''] = line.split(' ');
      expect(findEndpoint(method, path)?.endpoint.timeoutMs, line).toBe(SIMULATION_TIMEOUT_MS);
    }
    const slow = all.filter((e) => e.timeoutMs === SIMULATION_TIMEOUT_MS);
    for (const e of slow) expect(e.summary + e.path, e.id).toMatch(/simula|cotiz|simulador/i);
  });

  it('lists at least one code, as written, for every call that carries an outcome code', () => {
    for (const e of all) {
      if (e.codeField === null) expect(e.codes, e.id).toEqual([]);
      else {
        expect(e.codes.length, e.id).toBeGreaterThan(0);
        expect(new Set(e.codes).size, `${e.id} lists a code twice`).toBe(e.codes.length);
      }
    }
  });

  it('keeps "00" and "0" apart, as the service sends them', () => {
    expect(ENDPOINTS['lde.preEvaluate'].codes).toEqual(
      expect.arrayContaining(['0', '4', '01', '03', '04', '-5', '05', '-6', '99']),
    );
    expect(ENDPOINTS['lde.preEvaluate'].codes).not.toContain('00');
    expect(ENDPOINTS['taxi.step0'].codes).toEqual(expect.arrayContaining(['00', '01', '99', '98']));
    expect(ENDPOINTS['identity.answers'].codes).toEqual([
      '00',
      '01',
      '02',
      '03',
      '04',
      '08',
      '09',
      '10',
      '11',
      '99',
    ]);
    expect(ENDPOINTS['jwt.validate'].codes).toEqual(['00', '06', '07']);
  });

  it('routes a concrete request to its entry, with fixed queries and placeholders', () => {
    expect(findEndpoint('POST', '/api/private/v1.3/prospectos', { paso: '2' })?.endpoint.id).toBe(
      'taxi.step2',
    );
    expect(findEndpoint('POST', '/api/private/v1.3/prospectos?paso=0')?.endpoint.id).toBe('taxi.step0');
    expect(findEndpoint('POST', '/api/private/v1.3/prospectos', { paso: '9' })).toBeUndefined();
    expect(findEndpoint('PUT', '/v4/prospecto/v2.0/producto/lde', { tipo: '3' })?.endpoint.id).toBe(
      'lde.update3',
    );
    expect(findEndpoint('PUT', '/kong/prospecto/v2.0/producto/lde', { tipo: '0' })?.endpoint.id).toBe(
      'lde.chooseOffer',
    );
    expect(findEndpoint('GET', '/kong/ubigeo/prov/15')).toMatchObject({
      endpoint: { id: 'catalogs.ubigeoProvinces' },
      params: { id: '15' },
    });
    expect(findEndpoint('GET', '/kong/prospecto/v2.0/simular/abc')?.endpoint.id).toBe('moto.getSimulation');
    expect(findEndpoint('POST', '/kong/prospecto/v2.0/simular/condiciones')?.endpoint.id).toBe(
      'moto.simulateConditions',
    );
    expect(findEndpoint('GET', '/kong/vehiculos/info-modelo', { marca: 'Honda' })?.endpoint.id).toBe(
      'catalogs.vehicleModels',
    );
    expect(findEndpoint('DELETE', '/kong/ubigeo/depar')).toBeUndefined();
    expect(routePath(ENDPOINTS['identity.questions'])).toBe('/kong/prospecto/v1.0/producto/preguntas/:id');
  });

  it('prefers the more specific entry when a literal segment and a placeholder both match', () => {
    const base = ENDPOINTS['catalogs.ubigeoProvinces'];
    const find = endpointFinder({
      byId: { ...base, id: 'x.byId', path: '/a/{id}' },
      literal: { ...base, id: 'x.literal', path: '/a/todos' },
      fixed: { ...base, id: 'x.fixed', path: '/a/{id}', fixedQuery: { tipo: '1' } },
    });
    expect(find('GET', '/a/todos')?.endpoint.id).toBe('x.literal');
    expect(find('GET', '/a/15')?.endpoint.id).toBe('x.byId');
    expect(find('GET', '/a/15?tipo=1')?.endpoint.id).toBe('x.fixed');
    expect(find('GET', '/a/')).toBeUndefined();
    expect(find('GET', '/a/Lima%20Norte')?.params).toEqual({ id: 'Lima Norte' });
  });

  it('names schema files that exist and compile with ajv (request only when there is a body)', () => {
    const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
    addFormats(ajv);
    // Loaded the way the server loads them: every file of schemas/api, keyed by its file name.
    for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.json'))) {
      ajv.addSchema(JSON.parse(readFileSync(API_DIR + file, 'utf8')) as object, file);
    }
    for (const e of all) {
      expect(e.request === null, e.id).toBe(e.method === 'GET' || e.id === 'session.logout');
      for (const file of [e.request, e.response]) {
        if (file === null) continue;
        expect(existsSync(API_DIR + file), file).toBe(true);
        expect(() => ajv.getSchema(file), file).not.toThrow();
        expect(ajv.getSchema(file), file).toBeTypeOf('function');
      }
    }
  });

  it('validates what the service and the flows exchange: a DNI of 8 digits, codes as text or number', () => {
    const ajv = new Ajv({ allErrors: true, strictTypes: false });
    addFormats(ajv);
    for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.json'))) {
      ajv.addSchema(JSON.parse(readFileSync(API_DIR + file, 'utf8')) as object, file);
    }
    const preEvaluation = ajv.getSchema('lde.preEvaluate.request.json')!;
    expect(
      preEvaluation({
        tipoDocumento: 1,
        documento: '45678912',
        telefono: '987654321',
        canalAtencion: 2,
        extra: 'contexto',
      }),
    ).toBe(true);
    expect(preEvaluation({ tipoDocumento: 1, documento: '4567891' })).toBe(false);
    expect(preEvaluation({ tipoDocumento: 1 })).toBe(false);
    expect(preEvaluation({ tipoDocumento: 1, documento: '45678912', telefono: '12345' })).toBe(false);
    const answer = ajv.getSchema('lde.preEvaluate.response.json')!;
    expect(answer({ codigoRespuesta: 0, prospecto: { codigoProspecto: 'P1', estadoProspecto: 4 } })).toBe(
      true,
    );
    expect(answer({ codigoRespuesta: '03', detalleRespuesta: 'Sin oferta' })).toBe(true);
    const bank = ajv.getSchema('credit.updateBankDetails.request.json')!;
    expect(
      bank({ tipoDesembolso: 1, tipoCuenta: 1, numeroCuentaInterbancaria: '00219111357545808250' }),
    ).toBe(true);
    expect(bank({ tipoDesembolso: 1, numeroCuentaInterbancaria: '0021911135' })).toBe(false);
  });
});
