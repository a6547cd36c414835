import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
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

  it('says so when there is no offer', () => {
    renderView(OffersView, { view: 'offers' });
    expect(screen.getByText('Por ahora no tenemos una oferta disponible.')).toBeInTheDocument();
  });
});
