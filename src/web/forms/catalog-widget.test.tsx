import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import FormView from '../views/form-view.tsx';
import { renderView } from '../views/view-test-utils.tsx';

/** The service's education catalog (`consulta/catalogo` NIVEL_EDUCACION), codes the form never lists itself. */
const NIVEL_EDUCACION = {
  codRes: '00',
  data: [
    { codigo: 'SC', descripcion: 'Secundaria completa' },
    { codigo: 'TC', descripcion: 'Técnico completo' },
    { codigo: 'UC', descripcion: 'Universitario completo' },
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
      const answer = body.catalogo === 'NIVEL_EDUCACION' ? NIVEL_EDUCACION : { codRes: '00', data: [] };
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
});
