import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import FormView from './form-view.tsx';
import { makeState, ofType, renderView } from './view-test-utils.tsx';

// Typing into rjsf fields re-validates the whole form on every key: slow on a busy machine.
describe('form view', { timeout: 60_000 }, () => {
  it('shows the Spanish DNI message only after the field is left', async () => {
    const user = userEvent.setup({ delay: null });
    renderView(FormView, { view: 'form', form: 'lead-credinstante' });
    const dni = await screen.findByLabelText(/Número de documento/);
    await user.type(dni, '1234');
    expect(screen.queryByText('Ingresa un DNI válido de 8 dígitos')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Ingresa un DNI válido de 8 dígitos')).toBeInTheDocument();
  });

  it('reports every change so a reload keeps what was typed, and starts from the kept data', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(
      FormView,
      { view: 'form', form: 'lead-credinstante' },
      { state: makeState({}, { paso: { email: 'ana@correo.pe' } }) },
    );
    expect(await screen.findByLabelText(/Correo electrónico/)).toHaveValue('ana@correo.pe');
    await user.type(screen.getByLabelText(/Celular/), '9');
    const last = ofType(events, 'change').at(-1);
    expect(last?.data).toMatchObject({ telefono: '9', email: 'ana@correo.pe' });
  });

  it('raises no change while it builds the form: its defaults travel with the first change', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(FormView, { view: 'form', form: 'lead-credinstante' });
    await user.click(await screen.findByLabelText(/Celular/));
    expect(ofType(events, 'change')).toHaveLength(0);
    await user.paste('9');
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({ tipoDocumento: 1, telefono: '9' });
  });

  it('on an invalid submit shows the errors, focuses the first and raises nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(FormView, { view: 'form', form: 'lead-credinstante' });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect((await screen.findAllByText('Este campo es obligatorio')).length).toBeGreaterThan(0);
    expect(ofType(events, 'submit')).toHaveLength(0);
    await waitFor(() => expect(screen.getByLabelText(/Número de documento/)).toHaveFocus());
  });

  it('submits valid data once, even on a double click', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(FormView, { view: 'form', form: 'lead-credinstante' });
    // One change per field (as a paste or the phone's autofill does): every key would re-validate the form.
    const fill = async (label: RegExp, value: string) => {
      await user.click(await screen.findByLabelText(label));
      await user.paste(value);
    };
    await fill(/Número de documento/, '10117410');
    await fill(/Fecha de nacimiento/, '1990-05-04');
    await fill(/Placa/, 'ABC-123');
    await fill(/Celular/, '987654321');
    await fill(/Correo electrónico/, 'ana@correo.pe');
    const terms = screen.getByRole('checkbox', { name: /términos/ });
    expect(terms).not.toBeChecked();
    await user.click(terms);
    await user.dblClick(screen.getByRole('button', { name: 'Continuar' }));
    const submits = ofType(events, 'submit');
    expect(submits).toHaveLength(1);
    expect(submits[0]?.data).toEqual({
      tipoDocumento: 1,
      documento: '10117410',
      fechaNacimiento: '1990-05-04',
      placa: 'ABC-123',
      recorridoxDia: 3,
      telefono: '987654321',
      email: 'ana@correo.pe',
      terms: true,
    });
  });

  it('ties the error to the field for assistive technology once it shows, and asks for the digit keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    renderView(FormView, { view: 'form', form: 'lead-credinstante' });
    const dni = await screen.findByLabelText(/Número de documento/);
    expect(dni).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/Celular/)).toHaveAttribute('autocomplete', 'tel-national');
    await user.type(dni, '12');
    expect(dni).not.toHaveAttribute('aria-invalid');
    await user.tab();
    await waitFor(() => expect(dni).toHaveAttribute('aria-invalid', 'true'));
    expect(dni).toHaveAccessibleDescription('Ingresa un DNI válido de 8 dígitos');
  });

  it('shows the engine data again after a reset, not what was typed before', async () => {
    const typed = { tipoDocumento: 1, documento: '10117410', email: 'ana@correo.pe', terms: true };
    const { rerender } = renderView(
      FormView,
      { view: 'form', form: 'lead-credinstante' },
      { state: makeState({}, { paso: typed }) },
    );
    expect(await screen.findByLabelText(/Correo electrónico/)).toHaveValue('ana@correo.pe');
    expect(screen.getByRole('checkbox', { name: /términos/ })).toBeChecked();
    // A status modal reset the flow: the engine dropped the step's data.
    rerender({ state: makeState({}, {}) });
    await waitFor(() => expect(screen.getByLabelText(/Correo electrónico/)).toHaveValue(''));
    expect(screen.getByLabelText(/Número de documento/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /términos/ })).not.toBeChecked();
  });

  it('names a radio group by its title and picks an option by its label', async () => {
    const user = userEvent.setup({ delay: null });
    const { events } = renderView(FormView, { view: 'form', form: 'datos-bancarios' });
    const group = await screen.findByRole('group', { name: /Tipo de cuenta/ });
    await user.click(within(group).getByRole('radio', { name: 'Corriente' }));
    expect(ofType(events, 'change').at(-1)?.data).toMatchObject({ tipoCuenta: 2 });
  });

  it('the lead forms of Credinstante and celulares ask for a DNI only (no carné de extranjería) and link the consent to the terms and the data notice', async () => {
    for (const form of ['lead-credinstante', 'lead-celulares']) {
      renderView(FormView, { view: 'form', form });
      expect(await screen.findByLabelText(/Número de documento/), form).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: /Tipo de documento/ }), form).toBeNull();
      expect(screen.queryByText(/extranjería/), form).toBeNull();
      // The consent links to what it accepts, in a new tab so the form stays as typed.
      expect(screen.getByRole('link', { name: /términos y condiciones/ }), form).toHaveAttribute(
        'href',
        '/terminos-y-condiciones',
      );
      expect(screen.getByRole('link', { name: /tratamiento de datos personales/ }), form).toHaveAttribute(
        'href',
        '/proteccion-de-datos-personales',
      );
      cleanup();
    }
  });

  it('the consumer and vehicle lead forms tell an applicant under 18 so, and send nothing', async () => {
    const under18 = new Date();
    under18.setFullYear(under18.getFullYear() - 17);
    for (const form of ['lead-consumo', 'lead-vehiculo', 'lead-seminuevo']) {
      const user = userEvent.setup({ delay: null });
      const { events } = renderView(FormView, { view: 'form', form });
      await user.click(await screen.findByLabelText(/Fecha de nacimiento/));
      await user.paste(under18.toISOString().slice(0, 10));
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(
        await screen.findByText(
          'Debes tener 18 años o más para solicitar un crédito. Revisa tu fecha de nacimiento.',
        ),
        form,
      ).toBeInTheDocument();
      expect(ofType(events, 'submit'), form).toHaveLength(0);
      cleanup();
    }
  });

  it('disables the submit button while a call is in flight', async () => {
    renderView(FormView, { view: 'form', form: 'lead-celulares' }, { busy: true });
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeDisabled();
  });

  it('names the step and the known forms when the form id is unknown', async () => {
    const { loadForm } = await import('./form/load-form.ts');
    await expect(loadForm('lead-credinstant', 'steps.inicio.form')).rejects.toThrow(
      /"lead-credinstant" pedido en steps\.inicio\.form.*lead-credinstante/,
    );
  });
});
