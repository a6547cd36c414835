/**
 * The `bank-details` step view: where the loan is paid out. Disbursement type, account
 * type (savings 1, current 2), the bank (from the banks catalog), the account number and
 * the CCI, whose check digits are verified with `isCci` and whose first three digits must
 * be the chosen bank's code when the catalog gives numeric codes. Submits
 * `{ tipoDesembolso, tipoCuenta, entidadBancariaDestino, numeroCuentaBancaria, numeroCuentaInterbancaria }`.
 */
import { useState, type FormEvent, type ReactElement } from 'react';
import { Button, Input, Radio, Select } from 'antd';
import { isCci } from '../../engine/peru.ts';
import type { ViewProps } from './view-types.ts';
import { Field, useTouched } from './field.tsx';
import { PERU_FORMATS } from './form/format-messages.ts';
import { StepTitle } from './step-title.tsx';
import { pick } from './step-props.ts';
import { useCatalog } from './use-catalog.ts';

const FIELDS = ['tipoDesembolso', 'tipoCuenta', 'entidadBancariaDestino', 'numeroCuentaBancaria', 'numeroCuentaInterbancaria'] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

export const BANKS_PATH = '/kong/externos/v2.0/bancos/info-banco';

/** What is wrong with each field. */
export function bankErrors(v: Values, t: ViewProps['t']): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const f of FIELDS) if (v[f].trim() === '') errors[f] = t('view.required');
  if (!errors.numeroCuentaBancaria && !/^\d{10,20}$/.test(v.numeroCuentaBancaria)) errors.numeroCuentaBancaria = t('view.bank.accountInvalid');
  if (!errors.numeroCuentaInterbancaria) {
    if (!isCci(v.numeroCuentaInterbancaria)) errors.numeroCuentaInterbancaria = PERU_FORMATS.cci.message;
    else if (/^\d{3}$/.test(v.entidadBancariaDestino) && !v.numeroCuentaInterbancaria.startsWith(v.entidadBancariaDestino)) {
      errors.numeroCuentaInterbancaria = t('view.bank.cciOtherBank');
    }
  }
  return errors;
}

export default function BankDetailsView({ step, stepId, state, send, busy, t }: ViewProps) {
  const kept = state.forms[stepId] ?? {};
  const [values, setValues] = useState<Values>(() => {
    const v = {} as Values;
    for (const f of FIELDS) v[f] = pick(kept, [f]) ?? pick(state.context, [f]) ?? '';
    if (v.tipoDesembolso === '') v.tipoDesembolso = '1';
    return v;
  });
  const { touch, shows, setSubmitted } = useTouched();
  const banks = useCatalog(BANKS_PATH);
  const errors = bankErrors(values, t);

  function update(patch: Partial<Values>) {
    const next = { ...values, ...patch };
    setValues(next);
    send({ type: 'change', data: { ...next } });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const wrong = FIELDS.find((f) => errors[f] !== undefined);
    if (wrong) {
      const el = document.getElementById(`${stepId}-${wrong}`);
      (el?.matches('input, [tabindex]') ? el : (el?.querySelector('input') ?? el))?.focus();
      return;
    }
    if (busy) return;
    send({
      type: 'submit',
      data: { ...values, tipoDesembolso: Number(values.tipoDesembolso), tipoCuenta: Number(values.tipoCuenta) },
    });
  }

  const field = (name: FieldName, control: ReactElement<Record<string, unknown>>) => (
    <Field id={`${stepId}-${name}`} label={t(`view.bank.${name}`)} error={errors[name]} show={shows(name)} required>
      {control}
    </Field>
  );

  return (
    <section className="step-view step-bank">
      <StepTitle step={step} t={t} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="view-fieldset">
          <legend>{t('view.bank.tipoDesembolso')}</legend>
          <Radio.Group
            id={`${stepId}-tipoDesembolso`}
            value={values.tipoDesembolso}
            disabled={busy}
            onChange={(e) => update({ tipoDesembolso: e.target.value as string })}
            options={[{ value: '1', label: t('view.bank.disbursement.1') }]}
          />
        </fieldset>
        <fieldset className="view-fieldset" aria-invalid={shows('tipoCuenta') && errors.tipoCuenta ? true : undefined}>
          <legend>
            {t('view.bank.tipoCuenta')}
            <span aria-hidden="true"> *</span>
          </legend>
          <Radio.Group
            id={`${stepId}-tipoCuenta`}
            value={values.tipoCuenta}
            disabled={busy}
            onChange={(e) => update({ tipoCuenta: e.target.value as string })}
            options={[
              { value: '1', label: t('view.bank.account.1') },
              { value: '2', label: t('view.bank.account.2') },
            ]}
          />
          {shows('tipoCuenta') && errors.tipoCuenta ? (
            <div role="alert" className="view-field-error">
              {errors.tipoCuenta}
            </div>
          ) : null}
        </fieldset>
        {field(
          'entidadBancariaDestino',
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            value={values.entidadBancariaDestino || undefined}
            options={banks.options}
            loading={banks.loading}
            disabled={busy}
            placeholder={t('view.choose')}
            style={{ width: '100%' }}
            onBlur={() => touch('entidadBancariaDestino')}
            onChange={(v: string) => update({ entidadBancariaDestino: v })}
          />,
        )}
        {field(
          'numeroCuentaBancaria',
          <Input
            inputMode="numeric"
            value={values.numeroCuentaBancaria}
            disabled={busy}
            maxLength={20}
            onBlur={() => touch('numeroCuentaBancaria')}
            onChange={(e) => update({ numeroCuentaBancaria: e.target.value.replace(/\D/g, '') })}
          />,
        )}
        {field(
          'numeroCuentaInterbancaria',
          <Input
            inputMode="numeric"
            value={values.numeroCuentaInterbancaria}
            disabled={busy}
            maxLength={20}
            placeholder={t('view.bank.cciPlaceholder')}
            onBlur={() => touch('numeroCuentaInterbancaria')}
            onChange={(e) => update({ numeroCuentaInterbancaria: e.target.value.replace(/\D/g, '') })}
          />,
        )}
        {banks.failed ? (
          <p role="alert" className="view-field-error">
            {t('error.banks')}
          </p>
        ) : null}
        <Button type="primary" htmlType="submit" block disabled={busy}>
          {t('app.continue')}
        </Button>
      </form>
    </section>
  );
}
