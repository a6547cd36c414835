import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BarcodeModal, MarriedModal, TermsModal, TokenDialog, UploadDialog } from './special-modals.tsx';

afterEach(() => {
  cleanup();
});

const base = { title: 'Estimado cliente', onClose: () => undefined };

describe('the special modals', () => {
  it('token dialog: a labelled numeric field the phone can fill from the SMS, reported as typed', async () => {
    const onData = vi.fn();
    render(<TokenDialog {...base} message="Ingresa el código" onData={onData} />);
    const field = await screen.findByLabelText('Código enviado por SMS');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(field, '1234567');
    // Six digits at most.
    expect(field).toHaveValue('123456');
    expect(onData).toHaveBeenLastCalledWith({ token: '123456' });
  });

  it("married-status modal: asks for the spouse's DNI and reports it", async () => {
    const onData = vi.fn();
    render(<MarriedModal {...base} message="Tu estado civil es casado(a)" onData={onData} />);
    await userEvent.type(await screen.findByLabelText('DNI del cónyuge'), '12345678');
    expect(onData).toHaveBeenLastCalledWith({ documentoConyuge: '12345678' });
  });

  it('terms modal: the whole text in a wider dialog, accepted with its button', async () => {
    const onClose = vi.fn();
    render(
      <TermsModal
        {...base}
        onClose={onClose}
        message="Autorizo el tratamiento de mis datos personales."
        onData={vi.fn()}
      />,
    );
    expect(await screen.findByText('Autorizo el tratamiento de mis datos personales.')).toBeVisible();
    // Wider than an alert (350): long text reads in lines, not a narrow column.
    expect(screen.getByRole('dialog').style.maxWidth).toBe('560px');
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('barcode modal: shows the payment code under its label', async () => {
    render(<BarcodeModal {...base} code="0012 3456 7890" onData={vi.fn()} />);
    expect(await screen.findByLabelText('Código de pago')).toHaveTextContent('0012 3456 7890');
  });

  it('upload dialog: the chosen file reaches the flow as a data URL with its name', async () => {
    const onData = vi.fn();
    render(<UploadDialog {...base} onData={onData} />);
    const input = await screen.findByLabelText('Archivo (imagen o PDF)');
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'dni.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(onData).toHaveBeenCalledTimes(1));
    const data = onData.mock.calls[0]![0] as { archivo: string; nombreArchivo: string };
    expect(data.nombreArchivo).toBe('dni.pdf');
    expect(data.archivo).toMatch(/^data:application\/pdf;base64,/);
    expect(screen.getByText('dni.pdf')).toBeInTheDocument();
  });
});
