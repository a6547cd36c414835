/**
 * What each step view would send, generated from the step and the state as the view builds it
 * (the form's JSON Schema, the simulator's range from the context, the right identity answers
 * and SMS codes from the sandbox helpers): no answer is typed by hand for a flow.
 */
import { DEFAULT_CUSTOMER } from '../../src/server/domain/customers/seed.ts';
import { STEP_CATALOGS } from '../../src/server/domain/catalogs/step-catalogs.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { money2, simulate } from '../../src/engine/credit-math.ts';
import { rucOfDni } from '../../src/engine/peru.ts';
import type { CompiledStep, FlowState } from '../../src/engine/index.ts';
import { asRecord, listFrom, pick, rateFraction } from '../../src/web/views/step-props.ts';
import { slotsOf } from '../../src/web/views/upload-slots.ts';
import type { Applicant } from './applicant.ts';
import { ROOT } from './load-flows.ts';

/** A photo the biometric and upload views would send (a JPEG's bytes, base64). */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9,
]).toString('base64');

/** Who is applying: the identity that picks the sandbox scenario, and their own phone. */
export interface Person {
  documento: string;
  celular: string;
}

/**
 * The applicant's own vehicle plate, the same on every run of one document: a plate that one
 * applicant closed an application with counts as delivered for any other (the semi-new
 * pre-evaluation then answers "02"), so applicants must not share one.
 */
export function plateOf(documento: string): string {
  let n = Number(documento.replace(/\D/g, '')) % (26 * 36 * 36 * 1000);
  const letter = String.fromCharCode(65 + (n % 26));
  n = Math.floor(n / 26);
  const second = (n % 36).toString(36).toUpperCase();
  n = Math.floor(n / 36);
  const third = (n % 36).toString(36).toUpperCase();
  n = Math.floor(n / 36);
  return `${letter}${second}${third}-${String(n % 1000).padStart(3, '0')}`;
}

/** The plate of an existing customer's credit: the sandbox's default customer's (SCENARIOS.md). */
const CUSTOMER_PLATE = DEFAULT_CUSTOMER.credit.placa;

/** Valid values by field name, for the fields whose schema alone does not say enough. */
function known(person: Person): Record<string, unknown> {
  return {
    documento: person.documento,
    tipoDocumento: 1,
    fechaNacimiento: '1990-05-04',
    telefono: person.celular,
    celular: person.celular,
    email: 'ana.perez@example.pe',
    placa: plateOf(person.documento),
    ingresoMensual: 3000,
    departamento: '15',
    provincia: '1501',
    distrito: '150101',
    direccion: 'Av. Arequipa 123',
    domicilio: 'Av. Arequipa 123',
    entidadBancariaDestino: '002',
    numeroCuentaBancaria: '19111357545808',
    numeroCuentaInterbancaria: '00219111357545808250',
    modeloVehiculo: 'Yaris',
    // The guarantor is another person than the applicant, with an income that covers the instalment.
    documentoAval: '40404040',
    ingresoMensualAval: 3000,
    ubigeo_negocio: '150101',
    ubigeoAval: '150122',
    anioFabricacion: 2020,
  };
}

type Schema = Record<string, unknown>;
const forms = new Map<string, { schema: Schema; uiSchema?: Schema }>();
function formFile(id: string): { schema: Schema; uiSchema?: Schema } {
  if (!forms.has(id)) {
    const raw = JSON.parse(readFileSync(join(ROOT, 'schemas', 'forms', `${id}.json`), 'utf8')) as Schema;
    forms.set(id, 'schema' in raw ? (raw as { schema: Schema; uiSchema?: Schema }) : { schema: raw });
  }
  return forms.get(id)!;
}
const formSchema = (id: string): Schema => formFile(id).schema;

/**
 * A field whose options come from a catalog the service answers by name (`"ui:widget": "catalog"`):
 * its choices are that catalog's codes, as the browser lists them.
 */
function withCatalog(formId: string, name: string, prop: Schema): Schema {
  const ui = asRecord(asRecord(formFile(formId).uiSchema)[name]);
  const catalogo = asRecord(ui['ui:options']).catalogo;
  if (ui['ui:widget'] !== 'catalog' || typeof catalogo !== 'string') return prop;
  return { ...prop, enum: (STEP_CATALOGS[catalogo] ?? []).map((i) => i.codigo) };
}

/** The choices a form field offers (its `oneOf` consts or `enum`), if it is a choice. */
export function choicesOf(prop: Schema): unknown[] | undefined {
  if (Array.isArray(prop.oneOf)) return prop.oneOf.map((o) => asRecord(o).const);
  if (Array.isArray(prop.enum)) return prop.enum as unknown[];
  return undefined;
}

/** A valid value of one property: a known one by name, else one its schema admits. */
function valueOf(name: string, prop: Schema, person: Person): unknown {
  const byName = known(person);
  if (prop.const !== undefined) return prop.const;
  const choices = choicesOf(prop);
  if (choices !== undefined)
    return prop.default !== undefined && choices.includes(prop.default) ? prop.default : choices[0];
  if (name in byName) return byName[name];
  switch (prop.type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number': {
      const min = typeof prop.minimum === 'number' ? prop.minimum : 1;
      return typeof prop.maximum === 'number' ? Math.round((min + prop.maximum) / 2) : Math.max(min, 1000);
    }
    default: {
      if (prop.format === 'celular') return person.celular;
      if (prop.format === 'email') return 'ana.perez@example.pe';
      if (prop.format === 'date') return '1990-05-04';
      if (prop.format === 'dni') return person.documento;
      if (prop.format === 'ruc') return rucOfDni(person.documento);
      const text = 'Referencia de prueba';
      return typeof prop.maxLength === 'number' ? text.slice(0, prop.maxLength) : text;
    }
  }
}

/** Valid data for a form: every property, with `overrides` for the fields being explored. */
export function formData(
  formId: string,
  person: Person,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const schema = formSchema(formId);
  const props = asRecord(schema.properties);
  const data: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(props))
    data[name] = valueOf(name, withCatalog(formId, name, asRecord(prop)), person);
  // An existing customer proves the credit with its vehicle's plate, the one on file.
  if (formId.startsWith('cliente-') && 'placa' in data) data.placa = CUSTOMER_PLATE;
  return { ...data, ...overrides };
}

/** The choice fields of a form, for the explorer to try each value of. */
export function formChoices(formId: string): [string, unknown[]][] {
  const props = asRecord(formSchema(formId).properties);
  return Object.entries(props).flatMap(([name, p]) => {
    const choices = choicesOf(withCatalog(formId, name, asRecord(p)));
    return choices && choices.length > 1 ? [[name, choices] as [string, unknown[]]] : [];
  });
}

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const first = (sources: Record<string, unknown>[], keys: string[]): unknown => {
  for (const s of sources)
    for (const k of keys) if (s[k] !== undefined && s[k] !== null && s[k] !== '') return s[k];
  return undefined;
};

/** The simulator's submission: the default amount and the longest term, priced as the view prices them. */
function simulatorData(step: CompiledStep, state: FlowState): Record<string, unknown> {
  const props = step.step.props ?? {};
  const sources = [state.context, props];
  const amount = asRecord(props.amount);
  const min = num(first(sources, ['montoMinimo', 'importeMinimoFinanciar'])) ?? num(amount.min) ?? 300;
  const max = num(first(sources, ['importeMaximoFinanciar', 'mafmax'])) ?? num(amount.max) ?? 10_000;
  const raw = first(sources, ['plazos', 'plazo', 'terms']);
  const list = (typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [])
    .map(num)
    .filter((n): n is number => n !== undefined && Number.isInteger(n) && n > 0);
  const months = list.length > 0 ? Math.max(...list) : 12;
  const value = Math.min(max, Math.max(min, num(amount.default) ?? max));
  const rawRate = num(first(sources, ['tasa', 'tea'])) ?? 0;
  const sim = simulate({
    amount: value,
    tea: rateFraction(rawRate),
    months,
    desgravamenMonthly: num(first(sources, ['desgravamenMonthly'])) ?? 0,
    rateCapTea: Number.POSITIVE_INFINITY,
  });
  return { importeFinanciar: value, cuotas: months, importeCuotas: money2(sim.instalment), tasa: rawRate };
}

/**
 * How many inputs a view offers the explorer: the right one (0) and, where the sandbox's real
 * rules answer a mistake with its own code, a wrong one (1): a wrong SMS code, wrong identity
 * answers ("01"), an upload without the photos it lets the applicant leave out (missing: "01").
 */
export function inputVariants(step: CompiledStep): number {
  const props = step.step.props ?? {};
  return step.step.view === 'token' ||
    step.step.view === 'questions' ||
    (step.step.view === 'documents' && props.withToken === true) ||
    (step.step.view === 'upload' && slotsOf(props.slots).some((s) => !s.required))
    ? 2
    : 1;
}

/** The latest SMS code sent to the applicant's phone, or (variant 1) one that is not it. */
async function smsCode(applicant: Applicant, person: Person, variant = 0): Promise<string> {
  if (variant === 1) {
    const right = await smsCode(applicant, person);
    return right === '000000' ? '111111' : '000000';
  }
  const res = await applicant.request('GET', `/__sandbox/outbox?celular=${person.celular}`);
  const list = Array.isArray(res.body) ? (res.body as { token?: string | null }[]) : [];
  return list.find((m) => typeof m.token === 'string')?.token ?? '000000';
}

/**
 * What the step's view sends on its main button, or `null` for a view with no button
 * (loading, phases: their calls and timers move on by themselves).
 */
export async function viewSubmit(
  step: CompiledStep,
  state: FlowState,
  person: Person,
  applicant: Applicant,
  overrides: Record<string, unknown>,
  variant = 0,
): Promise<Record<string, unknown> | null> {
  const props = step.step.props ?? {};
  switch (step.step.view) {
    case 'form':
      return formData(step.step.form!, person, overrides);
    case 'summary': {
      const values = formData(step.step.form ?? 'confirmacion-datos', person, overrides);
      const bank = props.bank === true ? formData('datos-bancarios', person) : {};
      // A loan paid out at an office (LD-Bancarizador): the first office of the catalog.
      const office = props.office === true ? { tipoDesembolso: 2, codigoOficina: 1 } : {};
      return { ...values, ubigeo: values.distrito, ...bank, ...office };
    }
    case 'bank-details':
      return formData(step.step.form ?? 'datos-bancarios', person, overrides);
    case 'simulator':
      return simulatorData(step, state);
    case 'questions': {
      const right = await applicant.request('GET', `/__sandbox/identity/${person.documento}`);
      const answers = asRecord(right.body).respuestas;
      // The wrong variant picks another option of each question (the right id plus one).
      return {
        respuestas: (Array.isArray(answers) ? answers : []).map((r) => ({
          codigoPregunta: asRecord(r).idPregunta,
          codigoRespuesta: variant === 1 ? Number(asRecord(r).idRespuesta) + 1 : asRecord(r).idRespuesta,
        })),
      };
    }
    case 'documents': {
      const key = typeof props.listKey === 'string' ? props.listKey : 'documentos';
      const docs = listFrom(state.context, props, key).map(
        (d, i) => pick(asRecord(d), ['codigo', 'codigoDocumento', 'tipo', 'id']) ?? String(i + 1),
      );
      return {
        documentosAceptados: docs,
        ...(props.withToken === true ? { token: await smsCode(applicant, person, variant) } : {}),
      };
    }
    case 'token':
      return {
        [typeof props.field === 'string' ? props.field : 'token']: await smsCode(applicant, person, variant),
      };
    case 'biometrics':
      return { [typeof props.field === 'string' ? props.field : 'imagen']: JPEG };
    case 'upload':
      // Variant 1: the applicant sends the step without the photos it lets them leave out.
      return Object.fromEntries(
        slotsOf(props.slots)
          .filter((s) => variant === 0 || s.required)
          .map((s) => [s.id, JPEG]),
      );
    case 'offers': {
      const offers = listFrom(
        state.context,
        props,
        typeof props.listKey === 'string' ? props.listKey : 'ofertas',
      );
      return { oferta: offers[0], indiceOferta: 0 };
    }
    case 'letter':
      return {};
    default:
      return null;
  }
}
