import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormView from '../views/form-view.tsx';
import { ofType, renderView } from '../views/view-test-utils.tsx';

/** The service's education catalog (`consulta/catalogo` NIVEL_EDUCACION), codes the form never lists itself. */
const NIVEL_EDUCACION = {
  codRes: '00',
  data: [
    { codigo: 'SC', descripcion: 'Secundaria completa' },
    { codigo: 'TC', descripcion: 'Técnico completo' },
    { codigo: 'UC', descripcion: 'Universitario completo' },
  ],
};

/** The other catalogs the consumer forms read (codes as the service accepts them, spec 000 §3). */
const CATALOGS: Record<string, { codigo: string; descripcion: string }[]> = {
  ESTADO_CIVIL: [
    { codigo: 'SO', descripcion: 'Soltero(a)' },
    { codigo: 'CA', descripcion: 'Casado(a)' },
    { codigo: 'CO', descripcion: 'Conviviente' },
  ],
  GENERO: [
    { codigo: 'M', descripcion: 'Masculino' },
    { codigo: 'F', descripcion: 'Femenino' },
  ],
  TIPO_RESIDENCIA: [
    { codigo: '1', descripcion: 'Propia' },
    { codigo: '2', descripcion: 'Alquilada' },
  ],
};

let posted: unknown[] = [];

beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { catalogo?: string }) : {};
      posted.push(body);
      const answer =
        body.catalogo === 'NIVEL_EDUCACION'
          ? NIVEL_EDUCACION
          : { codRes: '00', data: CATALOGS[body.catalogo ?? ''] ?? [] };
      return Promise.resolve(
        new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('catalog widget (issue 19: options from the service, names shown)', { timeout: 60_000 }, () => {
  it("the personal data's education level lists the service's names and keeps the code as the value", async () => {
    renderView(FormView, { view: 'form', form: 'datos-personales-vehiculo' });
    const select = await screen.findByLabelText(/Nivel de educación/);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Técnico completo' })).toBeTruthy(),
    );
    expect(posted).toContainEqual({ catalogo: 'NIVEL_EDUCACION' });
    const names = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      'Selecciona',
      'Secundaria completa',
      'Técnico completo',
      'Universitario completo',
    ]);
    // The default the form starts from is one of the service's codes, shown by its name.
    expect(select).toHaveValue('SC');
    expect(names.some((n) => /^[A-Z]{2}$/.test(n ?? ''))).toBe(false);
  });

  it('marital status and gender come from the service too; a married applicant is asked for the spouse', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(FormView, { view: 'form', form: 'datos-personales-vehiculo' });
    const civil = await screen.findByRole('combobox', { name: /Estado civil/ });
    await waitFor(() => expect(within(civil).getByRole('option', { name: 'Casado(a)' })).toBeTruthy());
    expect(posted).toContainEqual({ catalogo: 'ESTADO_CIVIL' });
    expect(posted).toContainEqual({ catalogo: 'GENERO' });
    const gender = screen.getByRole('combobox', { name: /Género/ });
    await waitFor(() => expect(gender).toHaveValue('M'));
    expect(within(gender).getByRole('option', { name: 'Masculino' })).toBeTruthy();
    await user.selectOptions(gender, 'Femenino');
    await user.selectOptions(civil, 'Casado(a)');
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({ estadoCivil: 'CA', genero: 'F' });
    // The analysts' notes on where a list comes from are no text for the applicant.
    expect(screen.queryByText(/catálogo/)).toBeNull();
    // The spouse fields appear for a married applicant (the schema's if/then).
    expect(await screen.findByLabelText(/Documento del cónyuge/)).toBeInTheDocument();
  });

  it("the consumer's final data asks the residence type by the service's names", async () => {
    for (const form of ['datos-finales-consumo', 'datos-finales-consumo-alfin']) {
      renderView(FormView, { view: 'form', form });
      const select = await screen.findByRole('combobox', { name: /Tipo de residencia/ });
      await waitFor(() => expect(within(select).getByRole('option', { name: 'Alquilada' })).toBeTruthy());
      expect(within(select).queryByRole('option', { name: '2' })).toBeNull();
      cleanup();
    }
    expect(posted).toContainEqual({ catalogo: 'TIPO_RESIDENCIA' });
  });
});
