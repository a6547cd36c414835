import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import BankDetailsView from './bank-details-view.tsx';
import { NAMED_CATALOGS, namedCatalogAsked, ofType, renderView } from './view-test-utils.tsx';

function stubBanks() {
  const fetch = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          NAMED_CATALOGS[namedCatalogAsked(init) ?? ''] ??
            (url.includes('info-banco')
              ? {
                  codRes: '00',
                  arrayBancos: [
                    { codigo: '002', descripcion: 'BCP' },
                    { codigo: '011', descripcion: 'BBVA' },
                  ],
                }
              : {}),
        ),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function chooseBank(name: string) {
  const list = screen.getByLabelText(/Entidad bancaria/);
  const option = await within(list).findByRole<HTMLOptionElement>('option', { name });
  await waitFor(() => expect(list).toBeEnabled());
  fireEvent.change(list, { target: { value: option.value } });
}

describe('bank details view', () => {
  beforeEach(() => {
    stubBanks();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rejects a CCI whose check digits are wrong once the field is left', () => {
    const { events } = renderView(BankDetailsView, { view: 'bank-details' });
    const cci = screen.getByLabelText(/CCI/);
    fireEvent.change(cci, { target: { value: '00219111357545808251' } });
    const digit20 = /El dígito de control 20 del CCI no corresponde al número de cuenta/;
    expect(screen.queryByText(digit20)).toBeNull();
    fireEvent.blur(cci);
    expect(screen.getByText(digit20)).toBeInTheDocument();
    expect(cci).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
  });

  it('submits the account with a valid CCI of the chosen bank', async () => {
    const { events } = renderView(BankDetailsView, { view: 'bank-details' });
    fireEvent.click(await screen.findByLabelText('Ahorros'));
    await chooseBank('BCP');
    fireEvent.change(screen.getByLabelText(/Número de cuenta/), { target: { value: '1913575458082' } });
    fireEvent.change(screen.getByLabelText(/CCI/), { target: { value: '00219111357545808250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(ofType(events, 'submit')).toEqual([
        {
          type: 'submit',
          data: {
            tipoDesembolso: 1,
            tipoCuenta: 1,
            entidadBancariaDestino: '002',
            numeroCuentaBancaria: '1913575458082',
            numeroCuentaInterbancaria: '00219111357545808250',
          },
        },
      ]),
    );
  });

  it('refuses a valid CCI that belongs to another bank', async () => {
    renderView(BankDetailsView, { view: 'bank-details' });
    await chooseBank('BBVA');
    const cci = screen.getByLabelText(/CCI/);
    fireEvent.change(cci, { target: { value: '00219111357545808250' } });
    fireEvent.blur(cci);
    expect(screen.getByText('El CCI no corresponde al banco elegido')).toBeInTheDocument();
  });
});
