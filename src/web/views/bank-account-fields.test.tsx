import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { t } from '../lib/i18n.ts';
import {
  BankAccountFields,
  bankErrors,
  bankSubmitData,
  initialBankValues,
  type BankValues,
} from './bank-account-fields.tsx';
import BankDetailsView from './bank-details-view.tsx';
import SummaryView from './summary-view.tsx';
import { NAMED_CATALOGS, namedCatalogAsked, renderView } from './view-test-utils.tsx';

const VALID: BankValues = {
  tipoDesembolso: '1',
  tipoCuenta: '1',
  entidadBancariaDestino: '002',
  numeroCuentaBancaria: '1913575458082',
  numeroCuentaInterbancaria: '00219111357545808250',
};

/** The block inside a parent that keeps its values, as both views do. */
function Harness({ onPatch, shown = false }: { onPatch: (p: Partial<BankValues>) => void; shown?: boolean }) {
  const [values, setValues] = useState<BankValues>(() => initialBankValues({}, { tipoCuenta: 2 }));
  return (
    <BankAccountFields
      idPrefix="banco"
      values={values}
      errors={bankErrors(values, t)}
      shows={() => shown}
      touch={() => undefined}
      busy={false}
      banks={{ options: [{ value: '002', label: 'BCP' }], loading: false }}
      onChange={(p) => {
        onPatch(p);
        setValues((v) => ({ ...v, ...p }));
      }}
      t={t}
    />
  );
}

/** Answers every catalog empty but the named ones the block lists. */
function stubCatalogs() {
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify(NAMED_CATALOGS[namedCatalogAsked(init) ?? ''] ?? { codRes: '00', data: [] }),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
      ),
    ),
  );
}

describe('the bank-account block', () => {
  beforeEach(stubCatalogs);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts with disbursement type 1 and the account type of the context, from the service catalog', async () => {
    render(<Harness onPatch={() => undefined} />);
    expect(await screen.findByLabelText('Corriente')).toBeChecked();
    expect(screen.getByLabelText('Ahorros')).not.toBeChecked();
  });

  it('keeps only digits in the account number and the CCI, and reports each change', () => {
    const onPatch = vi.fn();
    render(<Harness onPatch={onPatch} />);
    fireEvent.change(screen.getByLabelText(/Número de cuenta/), { target: { value: '19-1357 5458' } });
    expect(onPatch).toHaveBeenLastCalledWith({ numeroCuentaBancaria: '1913575458' });
    expect(screen.getByLabelText(/Número de cuenta/)).toHaveValue('1913575458');
    fireEvent.change(screen.getByLabelText(/CCI/), { target: { value: '002 191 113' } });
    expect(onPatch).toHaveBeenLastCalledWith({ numeroCuentaInterbancaria: '002191113' });
  });

  it('shows each field error only once asked to', () => {
    const { unmount } = render(<Harness onPatch={() => undefined} />);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    unmount();
    render(<Harness onPatch={() => undefined} shown />);
    expect(screen.getAllByText('Este campo es obligatorio').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByLabelText(/CCI/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each<[string, Partial<BankValues>, string | undefined]>([
    ['a valid account of the chosen bank', {}, undefined],
    ['an account number too short', { numeroCuentaBancaria: '123' }, 'numeroCuentaBancaria'],
    [
      'a CCI with wrong check digits',
      { numeroCuentaInterbancaria: '00219111357545808251' },
      'numeroCuentaInterbancaria',
    ],
    ['a CCI of another bank', { entidadBancariaDestino: '011' }, 'numeroCuentaInterbancaria'],
    ['no account type', { tipoCuenta: '' }, 'tipoCuenta'],
  ])('checks %s', (_name, patch, wrong) => {
    const errors = bankErrors({ ...VALID, ...patch }, t);
    expect(Object.keys(errors)).toEqual(wrong === undefined ? [] : [wrong]);
  });

  it.each([
    ['00219111357545808260', 'El dígito de control 19 del CCI no corresponde al banco y la oficina'],
    ['00219111357545808251', 'El dígito de control 20 del CCI no corresponde al número de cuenta'],
    ['00219111357545808261', 'Los dos dígitos de control del CCI (19 y 20) no corresponden'],
    ['0021911135754580825', 'Ingresa un CCI válido de 20 dígitos'],
  ])('says which check of CCI %s failed', (cci, message) => {
    expect(bankErrors({ ...VALID, numeroCuentaInterbancaria: cci }, t).numeroCuentaInterbancaria).toContain(
      message,
    );
  });

  it('sends the two types as numbers', () => {
    expect(bankSubmitData(VALID)).toEqual({ ...VALID, tipoDesembolso: 1, tipoCuenta: 1 });
  });
});

describe('one block on both screens', () => {
  beforeEach(stubCatalogs);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const labels = () =>
    [...document.querySelectorAll('.step-view label, .step-view legend')]
      .map((l) => l.textContent?.trim() ?? '')
      .filter((l) => /cuenta|banc|CCI|desembolso|Ahorros|Corriente/i.test(l));

  it('the bank-details step and the confirmation screen ask the same fields with the same labels', async () => {
    renderView(BankDetailsView, { view: 'bank-details' });
    await screen.findByLabelText('Ahorros');
    const onStep = labels();
    document.body.innerHTML = '';
    renderView(SummaryView, { view: 'summary', props: { bank: true } });
    await screen.findByLabelText('Ahorros');
    expect(onStep.length).toBeGreaterThanOrEqual(6);
    expect(labels().filter((l) => onStep.includes(l))).toEqual(onStep);
  });
});
