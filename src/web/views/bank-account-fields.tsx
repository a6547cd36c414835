/**
 * The bank-account block (spec 000 §3 "Bank details"): disbursement type, account type
 * (savings 1, current 2), the bank from the banks catalog, the account number and the CCI.
 * One component for every screen that asks where the loan is paid out: the `bank-details`
 * step and the bank panel of the confirmation screen, so both ask and check the same way.
 * The parent keeps the values, the touched state and the banks catalog; the block lays out
 * the fields and reports each change as a patch. Drawn without antd (`light-controls.tsx`).
 */
import type { ReactElement } from 'react';
import { cciProblemFor } from '../../engine/peru.ts';
import type { ViewProps } from './view-types.ts';
import { RequiredMark } from '../forms/required-mark.tsx';
import { Field } from './field.tsx';
import { formatMessage } from './form/form-messages.ts';
import { pick } from './step-props.ts';
import type { Option } from './catalog-fetch.ts';
import { useNamedCatalog } from './use-catalog.ts';
import { LightSelect, RadioRow } from './light-controls.tsx';

/** The banks catalog (spec 001 §7 "Catalogs and lookups"). */
export const BANKS_PATH = '/kong/externos/v2.0/bancos/info-banco';

/** The account fields, in the order they are asked and sent. */
export const BANK_FIELDS = [
  'tipoDesembolso',
  'tipoCuenta',
  'entidadBancariaDestino',
  'numeroCuentaBancaria',
  'numeroCuentaInterbancaria',
] as const;
export type BankField = (typeof BANK_FIELDS)[number];
/** The values as typed (text); {@link bankSubmitData} turns the two types into numbers. */
export type BankValues = Record<BankField, string>;

/** Values from what the applicant typed on this step, else from the context; disbursement type 1 by default. */
export function initialBankValues(
  kept: Record<string, unknown>,
  context: Record<string, unknown>,
): BankValues {
  const out = {} as BankValues;
  for (const f of BANK_FIELDS) out[f] = pick(kept, [f]) ?? pick(context, [f]) ?? '';
  if (out.tipoDesembolso === '') out.tipoDesembolso = '1';
  return out;
}

/**
 * What is wrong with each field: all are required, the account has 10 to 20 digits, the CCI's
 * check digits hold (`cciProblem`: the message names the check that failed) and its first three digits are the chosen bank's code when the
 * catalog gives numeric codes.
 */
export function bankErrors(v: BankValues, t: ViewProps['t']): Partial<Record<BankField, string>> {
  const errors: Partial<Record<BankField, string>> = {};
  for (const f of BANK_FIELDS) if (v[f].trim() === '') errors[f] = t('view.required');
  if (!errors.numeroCuentaBancaria && !/^\d{10,20}$/.test(v.numeroCuentaBancaria))
    errors.numeroCuentaBancaria = t('view.bank.accountInvalid');
  if (!errors.numeroCuentaInterbancaria) {
    const problem = cciProblemFor(v.numeroCuentaInterbancaria, v.entidadBancariaDestino);
    if (problem === 'length') errors.numeroCuentaInterbancaria = formatMessage('cci');
    else if (problem !== null) errors.numeroCuentaInterbancaria = t(`view.bank.cci.${problem}`);
  }
  return errors;
}

/** The account as the call takes it: disbursement and account types as numbers. */
export function bankSubmitData(
  v: BankValues,
): Omit<BankValues, 'tipoDesembolso' | 'tipoCuenta'> & { tipoDesembolso: number; tipoCuenta: number } {
  return { ...v, tipoDesembolso: Number(v.tipoDesembolso), tipoCuenta: Number(v.tipoCuenta) };
}

/** Focuses the first wrong field of the block (the first radio of a group); answers whether one was wrong. */
export function focusFirstBankError(idPrefix: string, errors: Partial<Record<BankField, string>>): boolean {
  const wrong = BANK_FIELDS.find((f) => errors[f] !== undefined);
  if (!wrong) return false;
  const el = document.getElementById(`${idPrefix}-${wrong}`);
  (el?.matches('input, select, [tabindex]') ? el : (el?.querySelector('input') ?? el))?.focus();
  return true;
}

export interface BankAccountFieldsProps {
  /** Prefix of the field ids (`{idPrefix}-{field}`): the step id. */
  idPrefix: string;
  values: BankValues;
  errors: Partial<Record<BankField, string>>;
  /** Whether a field's error is shown yet (left or submit tried). */
  shows: (name: string) => boolean;
  touch: (name: string) => void;
  busy: boolean;
  /** The banks catalog as select options. */
  banks: { options: Option[]; loading: boolean };
  onChange: (patch: Partial<BankValues>) => void;
  t: ViewProps['t'];
}

/** The account fields; errors show once a field was left or a submit was tried. */
export function BankAccountFields({
  idPrefix,
  values,
  errors,
  shows,
  touch,
  busy,
  banks,
  onChange,
  t,
}: BankAccountFieldsProps) {
  // The service's catalog, so the codes offered are the codes it accepts.
  const accountTypes = useNamedCatalog('TIPO_CUENTA');
  const field = (name: BankField, control: ReactElement<Record<string, unknown>>) => (
    <Field
      id={`${idPrefix}-${name}`}
      label={t(`view.bank.${name}`)}
      error={errors[name]}
      show={shows(name)}
      required
    >
      {control}
    </Field>
  );
  return (
    <>
      <fieldset className="view-fieldset">
        <legend>{t('view.bank.tipoDesembolso')}</legend>
        <RadioRow
          id={`${idPrefix}-tipoDesembolso`}
          name={`${idPrefix}-tipoDesembolso`}
          value={values.tipoDesembolso}
          disabled={busy}
          onChange={(v) => onChange({ tipoDesembolso: v })}
          options={[{ value: '1', label: t('view.bank.disbursement.1') }]}
        />
      </fieldset>
      <fieldset
        className="view-fieldset"
        aria-invalid={shows('tipoCuenta') && errors.tipoCuenta ? true : undefined}
      >
        <legend>
          <RequiredMark />
          {t('view.bank.tipoCuenta')}
        </legend>
        <RadioRow
          id={`${idPrefix}-tipoCuenta`}
          name={`${idPrefix}-tipoCuenta`}
          value={values.tipoCuenta}
          disabled={busy}
          invalid={shows('tipoCuenta') && errors.tipoCuenta !== undefined}
          onChange={(v) => onChange({ tipoCuenta: v })}
          options={accountTypes.options}
        />
        {accountTypes.failed ? (
          <p role="alert" className="view-field-error">
            {t('view.catalogFailed')}
          </p>
        ) : null}
        {shows('tipoCuenta') && errors.tipoCuenta ? (
          <div role="alert" className="view-field-error">
            {errors.tipoCuenta}
          </div>
        ) : null}
      </fieldset>
      {field(
        'entidadBancariaDestino',
        <LightSelect
          value={values.entidadBancariaDestino}
          options={banks.options}
          loading={banks.loading}
          disabled={busy}
          placeholder={t('view.choose')}
          onBlur={() => touch('entidadBancariaDestino')}
          onChange={(v) => onChange({ entidadBancariaDestino: v })}
        />,
      )}
      {field(
        'numeroCuentaBancaria',
        <input
          className="lf-input"
          inputMode="numeric"
          autoComplete="off"
          value={values.numeroCuentaBancaria}
          disabled={busy}
          maxLength={20}
          onBlur={() => touch('numeroCuentaBancaria')}
          onChange={(e) => onChange({ numeroCuentaBancaria: e.target.value.replace(/\D/g, '') })}
        />,
      )}
      {field(
        'numeroCuentaInterbancaria',
        <input
          className="lf-input"
          inputMode="numeric"
          autoComplete="off"
          value={values.numeroCuentaInterbancaria}
          disabled={busy}
          maxLength={20}
          placeholder={t('view.bank.cciPlaceholder')}
          onBlur={() => touch('numeroCuentaInterbancaria')}
          onChange={(e) => onChange({ numeroCuentaInterbancaria: e.target.value.replace(/\D/g, '') })}
        />,
      )}
    </>
  );
}
