import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import OffersView from './offers-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

const OFERTAS = [
  { importeFinanciar: 3000, cuotas: 12, importeCuotas: 319.55, tasa: 60 },
  { importeFinanciar: 5000, cuotas: 18, importeCuotas: 390.1, tasa: 60 },
];

describe('offers view', () => {
  it('shows each offer from the context and submits the chosen one', () => {
    const { events } = renderView(
      OffersView,
      { view: 'offers' },
      { state: makeState({ ofertas: OFERTAS, nombreTitular: 'LUIS ALBERTO' }) },
    );
    expect(screen.getByText('Luis, tenemos estas ofertas para ti')).toBeInTheDocument();
    expect(screen.getByText('S/ 3,000.00')).toBeInTheDocument();
    expect(screen.getByText('18 meses')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Elegir esta oferta' });
    expect(submit).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'S/ 5,000.00' }));
    fireEvent.click(submit);
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { oferta: OFERTAS[1], indiceOferta: 1 } },
    ]);
  });

  it('chooses a single offer that comes after the first render, as one known from the start', () => {
    const { events, rerender } = renderView(OffersView, { view: 'offers' }, { state: makeState({}) });
    rerender({ state: makeState({ ofertas: [OFERTAS[0]] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Elegir esta oferta' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { oferta: OFERTAS[0], indiceOferta: 0 } },
    ]);
  });

  it('says so when there is no offer, under the step title, and only once the offers were asked for', () => {
    const step = { view: 'offers', title: 'conversion.step.oferta' };
    const asking = {
      ...makeState({}),
      pending: { requestId: 'r1', step: 'paso', trigger: 'enter', endpoint: 'conversion.offers' },
    };
    renderView(OffersView, step, { state: asking });
    expect(screen.getByRole('status')).toHaveTextContent('Cargando…');
    expect(screen.queryByText('Por ahora no tenemos una oferta disponible.')).toBeNull();
    cleanup();
    renderView(OffersView, step, { state: makeState({}) });
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Por ahora no tenemos una oferta disponible.')).toBeInTheDocument();
  });
});
