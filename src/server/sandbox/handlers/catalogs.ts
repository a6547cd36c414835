/**
 * Catalogs and lookups (spec 001 §7 "Catalogs and lookups"): ubigeo in INEI coding, brands
 * and models (of vehicles, or of phones for a phone product), banks, offices, activities, occupations, the per-step catalogs, entities,
 * operation centres, the prospect lookup, the ID-registry record, the ATU plate lookup and
 * the verification token. Catalogs answer `{ codRes: "00", data: [{ codigo, descripcion }] }`.
 */
import { BANKS } from '../../domain/catalogs/banks.ts';
import { activitiesOf, OCCUPATIONS } from '../../domain/catalogs/economic.ts';
import { ENTITIES, OFFICES, OPERATION_CENTRES } from '../../domain/catalogs/offices.ts';
import {
  CATALOGS_BY_STEP,
  findStepCatalog,
  STEP_CATALOG_NAMES,
  STEP_CATALOGS,
} from '../../domain/catalogs/step-catalogs.ts';
import { DEPARTMENTS, districtsOf, provincesOf, type Place } from '../../domain/catalogs/ubigeo.ts';
import { brandsFor, findBrand, modelsOf, type VehicleKind } from '../../domain/catalogs/vehicles.ts';
import { findPhoneBrand, isPhoneProduct, PHONE_BRANDS, phoneModelsOf } from '../../domain/catalogs/phones.ts';
import { sandboxProviders } from '../../domain/providers/sandbox-providers.ts';
import { checkToken, sendToken } from '../../domain/lde/sms-tokens.ts';
import { atuLookup } from '../../domain/vehicle/atu.ts';
import { lookupVehicleProspect } from '../../domain/vehicle/steps.ts';
import { text } from '../../texts.ts';
import { BadInput, type Handler, type HandlerMap } from '../types.ts';
import { isMobile, isPlate } from '../../../engine/peru.ts';

const ok = (data: unknown) => ({ body: { codRes: '00', data } });

const places = (list: readonly Place[]) =>
  list.map((p) => ({ codigo: p.codigo, descripcion: p.nombre, nombre: p.nombre }));

/** The product a vehicle catalog call is about → which kind of vehicle it finances. */
function kindOfProduct(codigoProducto: unknown): VehicleKind | undefined {
  switch (Number(codigoProducto)) {
    case 28:
    case 35:
    case 37:
    case 54:
      return 'moto';
    case 29:
      return 'mototaxi';
    case 36:
      return 'motofurgon';
    case 31:
    case 38:
    case 55:
      return 'auto';
    default:
      return undefined;
  }
}

function requireParam(value: string | undefined, field: string, pattern: RegExp, what: string): string {
  if (value === undefined || !pattern.test(value))
    throw new BadInput([{ path: field, message: `Falta ${field} o no es ${what}` }]);
  return value;
}

const departments: Handler = () => Promise.resolve(ok(places(DEPARTMENTS)));

const provinces: Handler = (req) => {
  const id = requireParam(
    req.query.region_id ?? req.params.id,
    'region_id',
    /^\d{1,2}$/,
    'un código de departamento INEI (2 dígitos)',
  );
  return Promise.resolve(ok(places(provincesOf(id))));
};

const districts: Handler = (req) => {
  const id = requireParam(
    req.query.province_id ?? req.params.id,
    'province_id',
    /^\d{3,4}$/,
    'un código de provincia INEI (4 dígitos)',
  );
  return Promise.resolve(ok(places(districtsOf(id))));
};

const coded = (list: readonly { codigo: number; descripcion: string }[]) =>
  list.map((x) => ({ codigo: x.codigo, descripcion: x.descripcion }));

const economicActivities: Handler = (req) => {
  const sector = req.query.sector === undefined ? undefined : Number(req.query.sector);
  return Promise.resolve(
    ok(
      activitiesOf(Number.isFinite(sector) ? sector : undefined).map((a) => ({
        codigo: a.codigo,
        descripcion: a.descripcion,
        sector: a.sector,
      })),
    ),
  );
};

const occupations: Handler = () => Promise.resolve(ok(coded(OCCUPATIONS)));

const vehicleBrands: Handler = (req) => {
  // A phone product (celulares) asks for the phone it finances, not a vehicle.
  if (isPhoneProduct(req.query.codigoProducto))
    return Promise.resolve(
      ok(PHONE_BRANDS.map((b) => ({ codigo: b.codigo, descripcion: b.nombre, nombre: b.nombre }))),
    );
  const brands = brandsFor(kindOfProduct(req.query.codigoProducto));
  return Promise.resolve(
    ok(brands.map((b) => ({ codigo: b.codigo, descripcion: b.nombre, nombre: b.nombre }))),
  );
};

const vehicleModels: Handler = (req) => {
  const marca = req.query.marca;
  if (!marca) throw new BadInput([{ path: 'marca', message: 'Indique la marca (?marca=código o nombre)' }]);
  if (isPhoneProduct(req.query.codigoProducto)) {
    if (!findPhoneBrand(marca))
      throw new BadInput([{ path: 'marca', message: `No existe la marca de celular "${marca}"` }]);
    return Promise.resolve(
      ok(
        phoneModelsOf(marca).map((m) => ({
          codigo: m.codigo,
          descripcion: m.nombre,
          nombre: m.nombre,
          precio: m.precio,
        })),
      ),
    );
  }
  if (!findBrand(marca)) throw new BadInput([{ path: 'marca', message: `No existe la marca "${marca}"` }]);
  const models = modelsOf(marca, kindOfProduct(req.query.codigoProducto));
  return Promise.resolve(
    ok(
      models.map((m) => ({
        codigo: m.codigo,
        descripcion: m.nombre,
        nombre: m.nombre,
        precio: m.precio,
        combustible: m.combustible,
        tipo: m.tipo,
      })),
    ),
  );
};

const offices: Handler = () =>
  Promise.resolve(
    ok(
      OFFICES.map((o) => ({
        codigo: o.codigo,
        descripcion: o.nombre,
        nombre: o.nombre,
        direccion: o.direccion,
        ubigeo: o.ubigeo,
      })),
    ),
  );

const banks: Handler = () =>
  Promise.resolve({
    body: {
      codRes: '00',
      arrayBancos: BANKS.map((b) => ({ codigo: b.codigo, descripcion: b.nombre, nombre: b.nombre })),
    },
  });

const catalog: Handler = (req) => {
  const name = typeof req.body.catalogo === 'string' ? req.body.catalogo : '';
  if (name === '') {
    // Without a name: the catalogs of the step (`paso`), or every catalog, so a step loads what it needs at once.
    const paso = req.body.paso === undefined ? undefined : Number(req.body.paso);
    const names = paso === undefined ? Object.keys(STEP_CATALOGS) : CATALOGS_BY_STEP[paso];
    if (!names)
      throw new BadInput([
        {
          path: 'paso',
          message: `No hay catálogos para el paso ${String(req.body.paso)}; los pasos con catálogos son ${Object.keys(CATALOGS_BY_STEP).join(', ')}`,
        },
      ]);
    return Promise.resolve({
      body: {
        codRes: '00',
        data: names.map((catalogo) => ({
          codigo: catalogo,
          descripcion: catalogo,
          items: STEP_CATALOGS[catalogo] ?? [],
        })),
      },
    });
  }
  const items = findStepCatalog(name);
  if (!items)
    throw new BadInput([
      {
        path: 'catalogo',
        message: `No existe el catálogo "${name}"; los disponibles son: ${STEP_CATALOG_NAMES.join(', ')}`,
      },
    ]);
  return Promise.resolve(ok(items));
};

const brandsModels: Handler = (req) => {
  const kind = kindOfProduct(req.body.codigoProducto);
  const marca = typeof req.body.marca === 'string' && req.body.marca !== '' ? req.body.marca : undefined;
  const brands = marca ? [findBrand(marca)].filter((b) => b !== undefined) : brandsFor(kind);
  return Promise.resolve(
    ok(
      brands.map((b) => ({
        codigo: b.codigo,
        descripcion: b.nombre,
        modelos: modelsOf(b.codigo, kind).map((m) => ({
          codigo: m.codigo,
          descripcion: m.nombre,
          precio: m.precio,
        })),
      })),
    ),
  );
};

const entities: Handler = () =>
  Promise.resolve(
    ok(ENTITIES.map((e) => ({ codigo: e.codigoEntidad, descripcion: e.nombre, canal: e.canal }))),
  );

const operationCentres: Handler = () =>
  Promise.resolve(
    ok(OPERATION_CENTRES.map((c) => ({ codigo: c.codigo, descripcion: c.nombre, ubigeo: c.ubigeo }))),
  );

const lookupProspect: Handler = async (req, svc) => {
  const found = await lookupVehicleProspect(svc, req.body);
  if (!found) return { body: { codRes: '99', detalleRespuesta: text('error.userLookup') } };
  return { body: { codRes: '00', estadoProspecto: found.estadoProspecto, prospecto: found } };
};

const idRecord: Handler = async (req, svc) => {
  const documento = typeof req.body.documento === 'string' ? req.body.documento : '';
  const rec = await sandboxProviders.idRegistry.lookup(documento, svc.clock.now());
  if (!rec) return { body: { codRes: '99', detalleRespuesta: text('error.reniec') } };
  return {
    body: {
      codRes: '00',
      data: {
        documento: rec.documento,
        nombres: rec.nombres,
        apellidoPaterno: rec.apellidoPaterno,
        apellidoMaterno: rec.apellidoMaterno,
        fechaNacimiento: rec.fechaNacimiento,
        genero: rec.genero,
        estadoCivil: rec.estadoCivil,
      },
    },
  };
};

const atu: Handler = (req, svc) => {
  const placa = typeof req.body.placa === 'string' ? req.body.placa.trim().toUpperCase() : '';
  if (placa === '' || !isPlate(placa))
    return Promise.resolve({ body: { codRes: '99', detalleRespuesta: text('error.atuNoPlate') } });
  return Promise.resolve({ body: { codRes: '00', data: atuLookup(placa, svc.clock.now()) } });
};

/** The verification token is bound to the document and the phone; the group says what it is for. */
const VERIFICATION = { grupo: 'VERIFICACION', tipo: '1' } as const;

const generateToken: Handler = async (req, svc) => {
  const documento = req.query.documento ?? '';
  const telefono = req.query.telefono ?? '';
  const bad: { path: string; message: string }[] = [];
  if (!/^(\d{8}|[0-9A-Za-z]{9,12})$/.test(documento))
    bad.push({ path: 'documento', message: 'Documento inválido: DNI de 8 dígitos o carné de extranjería' });
  if (!isMobile(telefono))
    bad.push({ path: 'telefono', message: 'Celular inválido: 9 dígitos que empiezan con 9' });
  if (bad.length > 0) throw new BadInput(bad);
  const sent = await sendToken(svc, { documento, celular: telefono, ...VERIFICATION });
  if (!sent.ok) return { body: { codigoRespuesta: '99', detalleRespuesta: text('error.tokenSend') } };
  return { body: { codigoRespuesta: '00', detalleRespuesta: text('token.sent') } };
};

const validateToken: Handler = async (req, svc) => {
  const documento = typeof req.body.documento === 'string' ? req.body.documento : '';
  const token = req.params.token ?? '';
  // The phone the code was sent to: the newest verification code issued for this document.
  const { rows } = await svc.db.query<{ celular: string }>(
    'SELECT celular FROM lde_tokens WHERE purpose LIKE $1 ORDER BY id DESC LIMIT 1',
    [`${documento}|%|${VERIFICATION.grupo}|${VERIFICATION.tipo}`],
  );
  const celular = rows[0]?.celular;
  if (!celular) return { body: { codigoRespuesta: '01', detalleRespuesta: text('token.incorrect') } };
  const checked = await checkToken(svc, { documento, celular, ...VERIFICATION }, token);
  return checked.ok
    ? { body: { codigoRespuesta: '00', detalleRespuesta: text('token.valid') } }
    : { body: { codigoRespuesta: '01', detalleRespuesta: text('token.incorrect') } };
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'catalogs.departments': departments,
  'catalogs.provinces': provinces,
  'catalogs.districts': districts,
  'catalogs.economicActivities': economicActivities,
  'catalogs.occupations': occupations,
  'catalogs.ubigeoDepartments': departments,
  'catalogs.ubigeoProvinces': provinces,
  'catalogs.ubigeoDistricts': districts,
  'catalogs.vehicleBrands': vehicleBrands,
  'catalogs.vehicleModels': vehicleModels,
  'catalogs.offices': offices,
  'catalogs.banks': banks,
  'catalogs.catalog': catalog,
  'catalogs.brandsModels': brandsModels,
  'catalogs.entities': entities,
  'catalogs.operationCentres': operationCentres,
  'catalogs.lookupProspect': lookupProspect,
  'catalogs.idRecord': idRecord,
  'catalogs.atu': atu,
  'verification.generate': generateToken,
  'verification.validate': validateToken,
};
