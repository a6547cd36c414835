/**
 * The `bank-details` step view: where the loan is paid out. The account block
 * ({@link BankAccountFields}) asks the disbursement type, the account type (savings 1,
 * current 2), the bank (from the banks catalog), the account number and the CCI, checked by
 * {@link bankErrors}. Submits
 * `{ tipoDesembolso, tipoCuenta, entidadBancariaDestino, numeroCuentaBancaria, numeroCuentaInterbancaria }`.
 */
import { useState, type FormEvent } from 'react';
import '../forms/light-form.css';
import type { ViewProps } from './view-types.ts';
import { RequiredLegend } from '../forms/required-mark.tsx';
import { useTouched } from './field.tsx';
import { StepTitle } from './step-title.tsx';
import { useCatalog } from './use-catalog.ts';
import {
  BANKS_PATH,
  BankAccountFields,
  bankErrors,
  bankSubmitData,
  focusFirstBankError,
  initialBankValues,
  type BankValues,
} from './bank-account-fields.tsx';

// Kept for the views and tests that import them from here.
export { BANKS_PATH, bankErrors };

export default function BankDetailsView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const [values, setValues] = useState<BankValues>(() =>
    initialBankValues(state.forms[stepId] ?? {}, state.context),
  );
  const { touch, shows, setSubmitted } = useTouched();
  const banks = useCatalog(BANKS_PATH);
  const errors = bankErrors(values, t);

  function update(patch: Partial<BankValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    send({ type: 'change', data: { ...next } });
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (focusFirstBankError(stepId, errors)) return;
    if (busy) return;
    send({ type: 'submit', data: bankSubmitData(values) });
  }

  return (
    <section className="step-view step-bank lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      <form onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <BankAccountFields
          idPrefix={stepId}
          values={values}
          errors={errors}
          shows={shows}
          touch={touch}
          busy={busy}
          banks={banks}
          onChange={update}
          t={t}
        />
        {banks.failed ? (
          <p role="alert" className="view-field-error">
            {t('error.banks')}
          </p>
        ) : null}
        <button type="submit" className="lf-submit" disabled={busy}>
          {t('app.continue')}
        </button>
      </form>
    </section>
  );
}
