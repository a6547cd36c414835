/**
 * The `summary` step view: the confirmation screen (spec 000 §2, "Mobile-phone
 * confirmation screen") as expandable panels: home (residence type, department → province
 * → district cascades from the ubigeo catalogs, address), contact (email, additional
 * phone), phone (brand → model), work (economic sector, activity, profession). Values start
 * from what the applicant typed, else from the context; every field is editable. Submits
 * the confirmation data with `ubigeo` = the chosen district. With `step.props.bank` (the
 * mobile-phone screen) a bank-details panel follows: the same account block as the
 * bank-details step ({@link BankAccountFields}, checked by {@link bankErrors}), sent with the rest.
 * With `step.props.office` (a loan paid out in cash, LD-Bancarizador) an office panel asks
 * instead where the applicant collects it, from the offices catalog (`lugares`), sent as
 * `{ tipoDesembolso: 2, codigoOficina }`.
 *
 * Drawn without antd: each panel opens under a button that says whether it is open
 * (`aria-expanded`, the accordion pattern), each choice the phone's own list
 * (`light-controls.tsx`), each text a light input.
 */
import { CONFIRMATION_FIELDS } from '../../engine/confirmation-fields.ts';
import { useDeferredValue, useState, type FormEvent, type ReactNode } from 'react';
import '../forms/light-form.css';
import type { ViewProps } from './view-types.ts';
import { RequiredLegend } from '../forms/required-mark.tsx';
import { Field, useTouched } from './field.tsx';
import { PERU_FORMATS } from './form/format-messages.ts';
import { formatMessage } from './form/form-messages.ts';
import { holderFirstName } from './first-word.ts';
import { StepTitle } from './step-title.tsx';
import { listFrom, pick, asRecord, boolProp } from './step-props.ts';
import {
  BANKS_PATH,
  BankAccountFields,
  bankErrors,
  bankSubmitData,
  focusFirstBankError,
  initialBankValues,
  type BankField,
  type BankValues,
} from './bank-account-fields.tsx';
import { useCatalog, useNamedCatalog } from './use-catalog.ts';
import type { Option } from './catalog-fetch.ts';
import { LightSelect } from './light-controls.tsx';

/** The offices catalog (spec 001 §7 "Catalogs and lookups": `lugares`). */
export const OFFICES_PATH = '/kong/utilsJS/v1.0/lugares';
/** Disbursement type of a loan collected in cash at an office (1 is a bank account). */
const OFFICE_DISBURSEMENT = 2;

/** The confirmation form's fields (`schemas/forms/confirmacion-datos.json`). */
export const SUMMARY_FIELDS = CONFIRMATION_FIELDS;
type FieldName = (typeof SUMMARY_FIELDS)[number];
type Values = Record<FieldName, string>;

const REQUIRED: readonly FieldName[] = [
  'tipoResidencia',
  'departamento',
  'provincia',
  'distrito',
  'direccion',
  'email',
];

const PANELS: { key: string; label: string; fields: readonly FieldName[] }[] = [
  {
    key: 'home',
    label: 'view.summary.panel.home',
    fields: ['tipoResidencia', 'departamento', 'provincia', 'distrito', 'direccion'],
  },
  { key: 'contact', label: 'view.summary.panel.contact', fields: ['email', 'telefonoAdicional'] },
  { key: 'phone', label: 'view.summary.panel.phone', fields: ['marca', 'modelo'] },
  {
    key: 'work',
    label: 'view.summary.panel.work',
    fields: ['sectorEconomico', 'actividadEconomica', 'profesion'],
  },
];

/** What is wrong with each field, in the applicant's words. */
export function summaryErrors(v: Values, t: ViewProps['t']): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const f of REQUIRED) if (v[f].trim() === '') errors[f] = t('view.required');
  if (!errors.direccion && v.direccion.trim().length < 5) errors.direccion = t('view.summary.shortAddress');
  if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(v.email.trim()))
    errors.email = t('view.invalidEmail');
  if (v.telefonoAdicional !== '' && !PERU_FORMATS.celular.check(v.telefonoAdicional))
    errors.telefonoAdicional = formatMessage('celular');
  return errors;
}

function initialValues(kept: Record<string, unknown>, context: Record<string, unknown>): Values {
  const out = {} as Values;
  for (const f of SUMMARY_FIELDS) out[f] = pick(kept, [f]) ?? pick(context, [f]) ?? '';
  return out;
}

/** Options given as data in the context or props (`key`), e.g. economic sectors. */
function listOptions(raw: unknown[]): Option[] {
  return raw.flatMap((item) => {
    const rec = asRecord(item);
    const value = pick(rec, ['codigo', 'id', 'value']);
    const label = pick(rec, ['descripcion', 'nombre', 'label']) ?? value;
    return value !== undefined && label !== undefined ? [{ value, label }] : [];
  });
}

export default function SummaryView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const [values, setValues] = useState<Values>(() => initialValues(state.forms[stepId] ?? {}, state.context));
  const withBank = boolProp(step.props, 'bank');
  const [bank, setBank] = useState<BankValues>(() =>
    initialBankValues(state.forms[stepId] ?? {}, state.context),
  );
  const [open, setOpen] = useState<string[]>(['home']);
  // The open panel comes with the step; the closed ones (a dozen lists) right after it,
  // in a render React can interrupt, so the step is on screen sooner and they are in the page
  // before the applicant opens them.
  const drawClosed = useDeferredValue(true, false);
  const { touch, shows, setSubmitted } = useTouched();
  const errors = summaryErrors(values, t);
  const bankWrong: Partial<Record<BankField, string>> = withBank ? bankErrors(bank, t) : {};
  const banks = useCatalog(withBank ? BANKS_PATH : null);
  const withOffice = boolProp(step.props, 'office');
  const [office, setOffice] = useState<string>(
    () => pick(state.forms[stepId] ?? {}, ['codigoOficina']) ?? '',
  );
  const offices = useCatalog(withOffice ? OFFICES_PATH : null);
  const officeWrong = withOffice && office === '' ? t('view.required') : undefined;

  const departments = useCatalog('/kong/ubigeo/depar');
  const provinces = useCatalog(
    values.departamento ? `/kong/ubigeo/prov/${encodeURIComponent(values.departamento)}` : null,
  );
  const districts = useCatalog(
    values.provincia ? `/kong/ubigeo/dist/${encodeURIComponent(values.provincia)}` : null,
  );
  // The product says what the equipment is: a phone for celulares, a vehicle otherwise.
  const product = pick(state.context, ['codigoProducto']);
  const forProduct = product === undefined ? '' : `codigoProducto=${encodeURIComponent(product)}`;
  const brands = useCatalog(`/kong/vehiculos/info-marca${forProduct ? `?${forProduct}` : ''}`);
  const models = useCatalog(
    values.marca
      ? `/kong/vehiculos/info-modelo/?marca=${encodeURIComponent(values.marca)}${forProduct ? `&${forProduct}` : ''}`
      : null,
  );
  const activities = useCatalog(
    `/api/private/v1.0/catalogoActividadecomomica${values.sectorEconomico ? `?sector=${encodeURIComponent(values.sectorEconomico)}` : ''}`,
  );
  // Every coded value is shown by its name: sectors given by the flow, else the service's catalog.
  const givenSectors = listOptions(listFrom(state.context, step.props, 'sectores'));
  const sectorCatalog = useNamedCatalog(givenSectors.length > 0 ? null : 'SECTOR_ECONOMICO');
  const sectors = givenSectors.length > 0 ? givenSectors : sectorCatalog.options;
  const professions = useNamedCatalog('PROFESION');
  const residences = useNamedCatalog('TIPO_RESIDENCIA');

  /** Set fields; a parent's change clears what depended on it. */
  function update(patch: Partial<Values>) {
    const next = { ...values, ...patch };
    if (patch.departamento !== undefined && patch.departamento !== values.departamento)
      Object.assign(next, { provincia: '', distrito: '' });
    if (patch.provincia !== undefined && patch.provincia !== values.provincia) next.distrito = '';
    if (patch.marca !== undefined && patch.marca !== values.marca) next.modelo = '';
    if (patch.sectorEconomico !== undefined && patch.sectorEconomico !== values.sectorEconomico)
      next.actividadEconomica = '';
    setValues(next);
    send({ type: 'change', data: { ...next, ...(withBank ? bank : {}) } });
  }

  function updateBank(patch: Partial<BankValues>) {
    const next = { ...bank, ...patch };
    setBank(next);
    send({ type: 'change', data: { ...values, ...next } });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const wrong = SUMMARY_FIELDS.filter((f) => errors[f] !== undefined);
    if (wrong.length > 0) {
      const panels = PANELS.filter((p) => p.fields.some((f) => wrong.includes(f))).map((p) => p.key);
      setOpen((prev) => [...new Set([...prev, ...panels])]);
      setTimeout(() => document.getElementById(`${stepId}-${wrong[0]!}`)?.focus(), 0);
      return;
    }
    if (Object.keys(bankWrong).length > 0) {
      // The panel opens first, so its field exists to take the focus.
      setOpen((prev) => [...new Set([...prev, 'bank'])]);
      setTimeout(() => focusFirstBankError(stepId, bankWrong), 0);
      return;
    }
    if (officeWrong) {
      setOpen((prev) => [...new Set([...prev, 'office'])]);
      setTimeout(() => document.getElementById(`${stepId}-codigoOficina`)?.focus(), 0);
      return;
    }
    if (busy) return;
    const bankData = withBank ? bankSubmitData(bank) : {};
    const officeData = withOffice
      ? { tipoDesembolso: OFFICE_DISBURSEMENT, codigoOficina: Number(office) }
      : {};
    send({ type: 'submit', data: { ...values, ubigeo: values.distrito, ...bankData, ...officeData } });
  }

  const select = (name: FieldName, options: Option[], loading = false, disabled = false) => (
    <Field
      id={`${stepId}-${name}`}
      label={t(`view.summary.${name}`)}
      error={errors[name]}
      show={shows(name)}
      required={REQUIRED.includes(name)}
    >
      <LightSelect
        value={values[name]}
        options={options}
        loading={loading}
        disabled={busy || disabled}
        placeholder={t('view.choose')}
        onBlur={() => touch(name)}
        onChange={(v) => update({ [name]: v })}
      />
    </Field>
  );
  const text = (name: FieldName, type = 'text', autoComplete?: string) => (
    <Field
      id={`${stepId}-${name}`}
      label={t(`view.summary.${name}`)}
      error={errors[name]}
      show={shows(name)}
      required={REQUIRED.includes(name)}
    >
      <input
        className="lf-input"
        type={type}
        value={values[name]}
        disabled={busy}
        autoComplete={autoComplete}
        onBlur={() => touch(name)}
        onChange={(e) => update({ [name]: e.target.value })}
      />
    </Field>
  );

  const body: Record<string, ReactNode> = {
    home: (
      <>
        {select('tipoResidencia', residences.options, residences.loading)}
        {select('departamento', departments.options, departments.loading)}
        {select('provincia', provinces.options, provinces.loading, !values.departamento)}
        {select('distrito', districts.options, districts.loading, !values.provincia)}
        {text('direccion', 'text', 'street-address')}
      </>
    ),
    contact: (
      <>
        {text('email', 'email', 'email')}
        {text('telefonoAdicional', 'tel', 'tel-national')}
      </>
    ),
    phone: (
      <>
        {select('marca', brands.options, brands.loading)}
        {select('modelo', models.options, models.loading, !values.marca)}
      </>
    ),
    work: (
      <>
        {select('sectorEconomico', sectors, sectorCatalog.loading)}
        {select('actividadEconomica', activities.options, activities.loading)}
        {select('profesion', professions.options, professions.loading)}
      </>
    ),
  };

  const bankPanel = (
    <BankAccountFields
      idPrefix={stepId}
      values={bank}
      errors={bankWrong}
      shows={shows}
      touch={touch}
      busy={busy}
      banks={banks}
      onChange={updateBank}
      t={t}
    />
  );
  const officePanel = (
    <Field
      id={`${stepId}-codigoOficina`}
      label={t('view.summary.codigoOficina')}
      error={officeWrong}
      show={shows('codigoOficina')}
      required
    >
      <LightSelect
        value={office}
        options={offices.options}
        loading={offices.loading}
        disabled={busy}
        placeholder={t('view.choose')}
        onBlur={() => touch('codigoOficina')}
        onChange={(v) => {
          setOffice(v);
          send({ type: 'change', data: { ...values, codigoOficina: v } });
        }}
      />
    </Field>
  );
  const panels = [
    ...PANELS.map((p) => ({ key: p.key, label: p.label })),
    ...(withBank ? [{ key: 'bank', label: 'view.summary.panel.bank' }] : []),
    ...(withOffice ? [{ key: 'office', label: 'view.summary.panel.office' }] : []),
  ];
  const bodies: Record<string, ReactNode> = {
    ...body,
    ...(withBank ? { bank: bankPanel } : {}),
    ...(withOffice ? { office: officePanel } : {}),
  };

  const name = holderFirstName(state.context);
  const failed = [
    departments,
    provinces,
    districts,
    brands,
    models,
    activities,
    sectorCatalog,
    professions,
    residences,
    banks,
  ].some((c) => c.failed);
  return (
    <section className="step-view step-summary lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {name ? <p className="step-greeting">{t('view.summary.greeting', { nombre: name })}</p> : null}
      {failed ? (
        <p role="alert" className="view-field-error">
          {t('view.catalogFailed')}
        </p>
      ) : null}
      {offices.failed ? (
        <div role="alert" className="view-field-error">
          <p>{t('error.offices')}</p>
          <button type="button" className="view-button" onClick={offices.retry} disabled={offices.loading}>
            {t('app.retry')}
          </button>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <div className="summary-panels">
          {panels.map((p) => {
            const isOpen = open.includes(p.key);
            const bodyId = `${stepId}-panel-${p.key}`;
            return (
              <div key={p.key} className="summary-panel">
                <button
                  type="button"
                  className="summary-panel__header"
                  aria-expanded={isOpen}
                  aria-controls={bodyId}
                  onClick={() =>
                    setOpen((prev) => (isOpen ? prev.filter((k) => k !== p.key) : [...prev, p.key]))
                  }
                >
                  {t(p.label)}
                </button>
                {isOpen || drawClosed ? (
                  <div id={bodyId} className="summary-panel__body" hidden={!isOpen}>
                    {bodies[p.key]}
                  </div>
                ) : null}
              </div>
            );
          })}
        </div>
        <button type="submit" className="lf-submit" disabled={busy}>
          {t('view.summary.submit')}
        </button>
      </form>
    </section>
  );
}
