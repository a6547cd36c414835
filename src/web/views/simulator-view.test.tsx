import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import SimulatorView from './simulator-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

describe('simulator view', () => {
  it('shows the DOMAIN vector: S/ 10,000 at TEA 60% over 12 months is an instalment of 1,065.18', () => {
    const { events } = renderView(
      SimulatorView,
      { view: 'simulator', props: { amount: { min: 1000, max: 20000, step: 100 } } },
      { state: makeState({ tasa: 0.6, plazos: '6,12', importeMaximoFinanciar: 10000, rateCapTea: 1.1316 }) },
    );
    expect(screen.getByTestId('instalment').textContent).toMatch(/^S\/\s1,065\.18$/);
    expect(screen.getByText(/TEA: 60\.00 %/)).toHaveTextContent('TCEA: 60.00 %');
    fireEvent.click(screen.getByRole('button', { name: 'Lo quiero' }));
    expect(ofType(events, 'submit')).toEqual([
      { type: 'submit', data: { importeFinanciar: 10000, cuotas: 12, importeCuotas: 1065.18, tasa: 0.6 } },
    ]);
  });

  it("shows no figures until the offer's rate has come, and then the offer's", () => {
    const { events, rerender } = renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ plazos: '6,12' }), busy: true },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Calculando tu cuota…');
    expect(screen.queryByTestId('instalment')).toBeNull();
    expect(screen.queryByText(/TCEA/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Lo quiero' })).toBeDisabled();
    rerender({ state: makeState({ tasa: 0.6, plazos: '6,12', importeMaximoFinanciar: 10000 }), busy: false });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('instalment').textContent).toMatch(/^S\/\s1,065\.18$/);
    fireEvent.click(screen.getByRole('button', { name: 'Lo quiero' }));
    expect(ofType(events, 'submit')[0]!.data).toMatchObject({ importeFinanciar: 10000, tasa: 0.6 });
  });

  it('a rate of 0 % given by the offer is simulated, and its TCEA reads 0.00 %, not -0.00 %', () => {
    renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tasa: 0, plazos: '12', importeMaximoFinanciar: 1200 }) },
    );
    expect(screen.getByTestId('instalment').textContent).toMatch(/^S\/\s100\.00$/);
    expect(screen.getByText(/TEA: 0\.00 %/)).toHaveTextContent('TCEA: 0.00 %');
  });

  it('fits the offer that reaches the screen after its first render: "Lo quiero" never sends the default range', () => {
    const { events, rerender } = renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tasa: 60 }) },
    );
    rerender({ state: makeState({ tasa: 60, plazos: '6,9', importeMaximoFinanciar: 2000 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Lo quiero' }));
    expect(ofType(events, 'submit')[0]!.data).toMatchObject({ importeFinanciar: 2000, cuotas: 9 });
  });

  it("takes the offer's maximum and longest term when the offer comes after the first render, not the placeholders", () => {
    const { events, rerender } = renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tasa: 45 }) },
    );
    // Before the offer: a 12-month placeholder term and a S/ 10,000 placeholder maximum.
    rerender({ state: makeState({ tasa: 45, plazos: '6,12,18,24,36', mafmax: 27100, montoMinimo: 1000 }) });
    expect(screen.getByText(/Desde S\/ 1,000\.00 hasta S\/ 27,100\.00/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lo quiero' }));
    expect(ofType(events, 'submit')[0]!.data).toMatchObject({ importeFinanciar: 27100, cuotas: 36 });
  });

  it('names every control in Spanish: the amount has no English "Increase Value" / "Decrease Value" buttons', () => {
    renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tasa: 60, plazos: [12], importeMaximoFinanciar: 10000 }) },
    );
    expect(document.querySelector('[aria-label$="Value"]')).toBeNull();
    expect(screen.getByRole('spinbutton', { name: 'Monto a solicitar' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Desliza para elegir el monto' })).toBeInTheDocument();
  });

  it('recomputes when the amount changes, never above the approved maximum, and shows the schedule', async () => {
    const { events } = renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tasa: 60, plazos: [12], importeMaximoFinanciar: 10000 }) },
    );
    const amount = screen.getByLabelText('Monto a solicitar', { selector: 'input' });
    fireEvent.change(amount, { target: { value: '5000' } });
    expect(screen.getByTestId('instalment').textContent).toMatch(/532\.59/);
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ importeFinanciar: 5000, cuotas: 12 });
    fireEvent.change(amount, { target: { value: '50000' } });
    fireEvent.blur(amount);
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ importeFinanciar: 10000, cuotas: 12 });
    // The schedule's rows are drawn once it is opened (the browser says so in a "toggle" event).
    expect(screen.queryAllByRole('row')).toHaveLength(0);
    fireEvent.click(screen.getByText('Ver cronograma de pagos'));
    expect(await screen.findAllByRole('row')).toHaveLength(13);
  });

  it('reads the service terms (TEA in percent, comma-separated terms, minimum) and lets the applicant decline', () => {
    const { events } = renderView(
      SimulatorView,
      { view: 'simulator', calls: { rechazar: { endpoint: 'lde.rejectLoan', outcome: { else: {} } } } },
      {
        state: makeState({ tea: 60, plazos: '6,12', montoMinimo: 500, mafmax: 10000, desgravamenMonthly: 0 }),
      },
    );
    expect(screen.getByText(/Desde S\/ 500\.00 hasta S\/ 10,000\.00/)).toBeInTheDocument();
    expect(screen.getByTestId('instalment').textContent).toMatch(/1,065\.18/);
    fireEvent.click(screen.getByRole('button', { name: 'No me interesa' }));
    expect(ofType(events, 'action')).toEqual([]);
    const dialog = screen.getByRole('dialog', { name: '¿Por qué no te interesa?' });
    // The reason is asked for before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Elige un motivo para continuar.');
    expect(ofType(events, 'action')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'La cuota es muy alta' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comentario' }), {
      target: { value: '  Prefiero pagar menos  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(ofType(events, 'action')).toEqual([
      {
        type: 'action',
        name: 'rechazar',
        data: { importeFinanciar: 10000, cuotas: 12, motivo: 1, comentario: 'Prefiero pagar menos' },
      },
    ]);
  });

  it('sends the reason without a comment, and sends nothing when the applicant goes back', () => {
    const { events } = renderView(
      SimulatorView,
      { view: 'simulator', props: { rejectAction: 'rechazar' } },
      { state: makeState({ tea: 60, plazos: '12', mafmax: 10000 }) },
    );
    fireEvent.click(screen.getByRole('button', { name: 'No me interesa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(ofType(events, 'action')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'No me interesa' }));
    const dialog = screen.getByRole('dialog', { name: '¿Por qué no te interesa?' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Ya no necesito el crédito' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(ofType(events, 'action')).toEqual([
      { type: 'action', name: 'rechazar', data: { importeFinanciar: 10000, cuotas: 12, motivo: 4 } },
    ]);
  });

  it("shows the consumer's current and new annual rates from the credit conditions, and only when both are known", () => {
    renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tea: 45, plazos: '12', mafmax: 5000, pr_teaact: 55, pr_teanue: 45 }) },
    );
    expect(screen.getByText(/TEA actual/)).toHaveTextContent('TEA actual: 55.00 % · TEA nueva: 45.00 %');
  });

  it('shows no rate comparison without the credit conditions', () => {
    renderView(
      SimulatorView,
      { view: 'simulator' },
      { state: makeState({ tea: 45, plazos: '12', mafmax: 5000, pr_teanue: 45 }) },
    );
    expect(screen.queryByText(/TEA actual/)).toBeNull();
  });

  it('keeps what is typed in the amount while the field has the focus, and moves the term and the slider', () => {
    const { events } = renderView(
      SimulatorView,
      { view: 'simulator', props: { amount: { step: 100 } } },
      { state: makeState({ tasa: 60, plazos: '6,12', montoMinimo: 1000, importeMaximoFinanciar: 10000 }) },
    );
    const amount = screen.getByRole('spinbutton', { name: 'Monto a solicitar' });
    // On the way to 5000: "5" is below the minimum, simulated at the minimum, and stays as typed.
    fireEvent.change(amount, { target: { value: '5' } });
    expect(amount).toHaveValue(5);
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ importeFinanciar: 1000, cuotas: 12 });
    fireEvent.change(amount, { target: { value: '5000' } });
    expect(screen.getByTestId('instalment').textContent).toMatch(/532\.59/);
    fireEvent.change(amount, { target: { value: '' } });
    fireEvent.blur(amount);
    expect(amount).toHaveValue(5000);
    fireEvent.change(screen.getByRole('combobox', { name: 'Plazo' }), { target: { value: '6' } });
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ importeFinanciar: 5000, cuotas: 6 });
    const slider = screen.getByRole('slider', { name: 'Desliza para elegir el monto' });
    expect(slider).toHaveAttribute('aria-valuetext', 'S/ 5,000.00');
    fireEvent.change(slider, { target: { value: '2500' } });
    expect(amount).toHaveValue(2500);
    expect(ofType(events, 'change').at(-1)?.data).toEqual({ importeFinanciar: 2500, cuotas: 6 });
  });

  it('refuses to simulate a rate over the legal cap', () => {
    renderView(SimulatorView, { view: 'simulator' }, { state: makeState({ tasa: 1.2, rateCapTea: 1.1316 }) });
    expect(screen.getByText(/No podemos simular/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lo quiero' })).toBeDisabled();
  });

  it('shows the collection factor of a product collected at the pump (the fraction × 100)', () => {
    renderView(
      SimulatorView,
      { view: 'simulator' },
      {
        state: makeState({ tasa: 79, plazos: '6,12', mafmax: 1990, montoMinimo: 300, factorRecaudo: 0.015 }),
      },
    );
    expect(screen.getByText('Factor de Recaudo: 1.50 % de cada carga de GNV')).toBeInTheDocument();
  });

  it('shows no collection factor when the context has none', () => {
    renderView(SimulatorView, { view: 'simulator' }, { state: makeState({ tasa: 79, plazos: '12' }) });
    expect(screen.queryByText(/Factor de Recaudo/)).toBeNull();
  });
});
