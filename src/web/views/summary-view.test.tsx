import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import SummaryView from './summary-view.tsx';
import { makeState, NAMED_CATALOGS, namedCatalogAsked, ofType, renderView } from './view-test-utils.tsx';

const CATALOGS: Record<string, unknown> = {
  '/kong/ubigeo/depar': {
    codRes: '00',
    data: [
      { codigo: '15', descripcion: 'Lima' },
      { codigo: '04', descripcion: 'Arequipa' },
    ],
  },
  '/kong/ubigeo/prov/15': {
    codRes: '00',
    data: [
      { codigo: '1501', descripcion: 'Lima' },
      { codigo: '1506', descripcion: 'Huaral' },
    ],
  },
  '/kong/ubigeo/dist/1501': {
    codRes: '00',
    data: [
      { codigo: '150101', descripcion: 'Lima' },
      { codigo: '150122', descripcion: 'Miraflores' },
    ],
  },
  '/kong/utilsJS/v1.0/lugares': {
    codRes: '00',
    data: [
      { codigo: 1, nombre: 'Oficina Principal - San Isidro' },
      { codigo: 2, nombre: 'Oficina Lima Cercado' },
    ],
  },
  '/kong/externos/v2.0/bancos/info-banco': {
    codRes: '00',
    data: [
      { codigo: '011', nombre: 'BBVA' },
      { codigo: '002', nombre: 'BCP' },
    ],
  },
};

/** Named catalogs (`consulta/catalogo`), by the name posted. */
const NAMED: Record<string, unknown> = {
  ...NAMED_CATALOGS,
  SECTOR_ECONOMICO: {
    codRes: '00',
    data: [{ codigo: 28, descripcion: 'Transporte, almacenamiento y comunicaciones' }],
  },
  PROFESION: { codRes: '00', data: [{ codigo: 37, descripcion: 'Conductor' }] },
};

let requested: string[] = [];

function stubCatalogs() {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      requested.push(url);
      const named = namedCatalogAsked(init);
      const body = (named ? NAMED[named] : CATALOGS[url]) ?? { codRes: '00', data: [] };
      return Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
}

/** Picks the option with this text in the list labelled `label`, once its catalog has come. */
async function choose(label: RegExp, option: string) {
  const list = screen.getByLabelText(label);
  const item = await waitFor(() => {
    const found = within(list).getByRole('option', { name: option });
    expect(list).toBeEnabled();
    return found as HTMLOptionElement;
  });
  fireEvent.change(list, { target: { value: item.value } });
}

describe('summary view', { timeout: 60_000 }, () => {
  beforeEach(stubCatalogs);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows coded values by their names (sector and profession), never as bare codes', async () => {
    renderView(
      SummaryView,
      { view: 'summary' },
      { state: makeState({ sectorEconomico: 28, profesion: 37 }) },
    );
    expect(
      await screen.findByDisplayValue('Transporte, almacenamiento y comunicaciones'),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Conductor')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('28')).toBeNull();
  });

  it('lists residence and account types from the service catalogs, so "Otra" is the code the service knows', async () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary', props: { bank: true } },
      { state: makeState({ email: 'rosa@correo.pe' }) },
    );
    await choose(/Tipo de residencia/, 'Otra');
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({ tipoResidencia: '4' });
    fireEvent.click(screen.getByRole('button', { name: /Datos para el desembolso/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Corriente' }));
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({ tipoCuenta: '2' });
    expect(requested.filter((u) => u.endsWith('consulta/catalogo')).length).toBeGreaterThanOrEqual(2);
  });

  it('a phone product asks for phone brands and models (its product code goes with the catalog call)', async () => {
    renderView(SummaryView, { view: 'summary' }, { state: makeState({ codigoProducto: 58, marca: '501' }) });
    await waitFor(() => expect(requested).toContain('/kong/vehiculos/info-marca?codigoProducto=58'));
    await waitFor(() =>
      expect(requested).toContain('/kong/vehiculos/info-modelo/?marca=501&codigoProducto=58'),
    );
  });

  it('cascades department → province → district from the ubigeo catalogs and submits the ubigeo', async () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary' },
      {
        state: makeState({
          nombreTitular: 'ROSA MARÍA',
          email: 'rosa@correo.pe',
          direccion: 'Av. Arequipa 1234',
        }),
      },
    );
    expect(screen.getByText('Rosa, confirma tus datos')).toBeInTheDocument();
    expect(screen.queryByText(/María/)).toBeNull();
    expect(screen.getByLabelText(/Provincia/)).toBeDisabled();

    await choose(/Tipo de residencia/, 'Propia');
    await choose(/Departamento/, 'Lima');
    await waitFor(() => expect(requested).toContain('/kong/ubigeo/prov/15'));
    await choose(/Provincia/, 'Lima');
    await waitFor(() => expect(requested).toContain('/kong/ubigeo/dist/1501'));
    await choose(/Distrito/, 'Miraflores');

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    const submit = ofType(events, 'submit')[0];
    expect(submit?.data).toMatchObject({
      tipoResidencia: '1',
      departamento: '15',
      provincia: '1501',
      distrito: '150122',
      ubigeo: '150122',
      direccion: 'Av. Arequipa 1234',
      email: 'rosa@correo.pe',
    });
  });

  it('clears the province and district when the department changes', async () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary' },
      { state: makeState({ departamento: '15', provincia: '1501', distrito: '150101' }) },
    );
    await choose(/Departamento/, 'Arequipa');
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({
      departamento: '04',
      provincia: '',
      distrito: '',
    });
  });

  it('opens the panel holding a wrong field on submit and says what is wrong', () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary' },
      { state: makeState({ email: 'no-es-correo' }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
    const contact = screen.getByRole('button', { name: /Datos de contacto/ });
    expect(contact).toHaveAttribute('aria-expanded', 'true');
    const email = screen.getByLabelText(/Correo electrónico/);
    expect(within(email.closest<HTMLElement>('.view-field')!).getByRole('alert')).toHaveTextContent(
      'Ingresa un correo electrónico válido',
    );
  });

  it('shows no bank details unless the step asks for them (the mobile-phone screen does)', () => {
    renderView(SummaryView, { view: 'summary' }, { state: makeState({}) });
    expect(screen.queryByRole('button', { name: /Datos para el desembolso/ })).toBeNull();
    expect(requested).not.toContain('/kong/externos/v2.0/bancos/info-banco');
  });

  it('with props.bank, checks the account data and sends it with the confirmed data', async () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary', props: { bank: true } },
      {
        state: makeState({
          tipoResidencia: '1',
          departamento: '15',
          provincia: '1501',
          distrito: '150101',
          direccion: 'Av. Arequipa 1234',
          email: 'rosa@correo.pe',
        }),
      },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Datos para el desembolso/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'Abono en cuenta bancaria' })).toBeChecked();

    fireEvent.click(await screen.findByRole('radio', { name: 'Ahorros' }));
    await choose(/Entidad bancaria/, 'BBVA');
    fireEvent.change(screen.getByLabelText(/Número de cuenta/), {
      target: { value: '0011-0366-0100032542' },
    });
    fireEvent.change(screen.getByLabelText(/Código de cuenta interbancario/), {
      target: { value: '00219111357545808251' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
    const cci = screen.getByLabelText(/Código de cuenta interbancario/);
    expect(within(cci.closest<HTMLElement>('.view-field')!).getByRole('alert')).toBeInTheDocument();

    fireEvent.change(cci, { target: { value: '01136600010003254221' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')[0]?.data).toMatchObject({
      ubigeo: '150101',
      tipoDesembolso: 1,
      tipoCuenta: 1,
      entidadBancariaDestino: '011',
      numeroCuentaBancaria: '001103660100032542',
      numeroCuentaInterbancaria: '01136600010003254221',
    });
  });

  it('with props.office (LD-Bancarizador), asks the office from the catalog instead of an account', async () => {
    const { events } = renderView(
      SummaryView,
      { view: 'summary', props: { office: true } },
      {
        state: makeState({
          tipoResidencia: '1',
          departamento: '15',
          provincia: '1501',
          distrito: '150101',
          direccion: 'Av. Arequipa 1234',
          email: 'rosa@correo.pe',
        }),
      },
    );
    expect(screen.queryByRole('button', { name: /Datos para el desembolso/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Oficina de desembolso/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await choose(/Oficina donde recibirás tu dinero/, 'Oficina Lima Cercado');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar datos' }));
    expect(ofType(events, 'submit')[0]?.data).toMatchObject({
      ubigeo: '150101',
      tipoDesembolso: 2,
      codigoOficina: 2,
    });
    expect(ofType(events, 'submit')[0]?.data).not.toHaveProperty('numeroCuentaBancaria');
  });

  it('says the offices could not be loaded and loads them again on "Reintentar"', async () => {
    const stub = vi.mocked(fetch);
    const serve = stub.getMockImplementation()!;
    let down = true;
    stub.mockImplementation((url, init) =>
      down && url === '/kong/utilsJS/v1.0/lugares'
        ? Promise.resolve(new Response('{}', { status: 503 }))
        : serve(url, init),
    );
    renderView(SummaryView, { view: 'summary', props: { office: true } });
    const alert = await screen.findByText(
      'En estos momentos no podemos obtener la lista de oficinas. Inténtalo más tarde.',
    );
    down = false;
    fireEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reintentar' }),
    );
    await waitFor(() => expect(screen.queryByText(/no podemos obtener la lista de oficinas/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Oficina de desembolso/ }));
    await choose(/Oficina donde recibirás tu dinero/, 'Oficina Lima Cercado');
  });
});
