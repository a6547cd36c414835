import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import UploadView from './upload-view.tsx';
import { ofType, renderView } from './view-test-utils.tsx';

const png = (bytes: number) => new File([new Uint8Array(bytes)], 'foto.png', { type: 'image/png' });

describe('upload view', () => {
  it('checks type and size before upload, previews the picture and submits every slot', async () => {
    const { events } = renderView(UploadView, {
      view: 'upload',
      props: { slots: ['imagenDocumento', { id: 'imagenSoat', required: false }], maxBytes: 1000 },
    });
    const dni = screen.getByLabelText(/DNI \(ambas caras\)/);
    expect(screen.getByLabelText('SOAT')).toBeInTheDocument();
    fireEvent.change(dni, { target: { files: [new File(['x'], 'dni.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo debe ser una imagen JPG o PNG');
    fireEvent.change(dni, { target: { files: [png(2000)] } });
    expect(await screen.findByText('La imagen pesa más de 1 KB')).toBeInTheDocument();
    fireEvent.change(dni, { target: { files: [png(3)] } });
    expect(await screen.findByRole('img', { name: 'Vista previa: DNI (ambas caras)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: { imagenDocumento: 'AAAA' } }]),
    );
  });

  it('shows the picker in Spanish, named by its slot, with the photo chosen beside it', async () => {
    renderView(UploadView, { view: 'upload', props: { slots: ['imagenDocumento'] } });
    const input = screen.getByLabelText(/DNI \(ambas caras\)/);
    // The input keeps the slot's name; the visible button and status are not read twice.
    expect(input).toHaveAccessibleName('DNI (ambas caras)');
    const picker = input.closest('.upload-picker')!;
    expect(picker).toHaveTextContent('Elegir foto');
    expect(picker).toHaveTextContent('Ninguna foto elegida');
    fireEvent.change(input, { target: { files: [png(3)] } });
    await waitFor(() => expect(picker).toHaveTextContent('foto.png'));
    expect(picker).toHaveTextContent('Cambiar foto');
  });

  it('names the required photo that is missing', () => {
    const { events } = renderView(UploadView, {
      view: 'upload',
      props: { slots: ['imagenTarjetaPropiedad'] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sube este documento');
    expect(screen.getByLabelText(/Tarjeta de propiedad/)).toHaveFocus();
    expect(ofType(events, 'submit')).toHaveLength(0);
  });

  it('says the photo could not be uploaded when the phone cannot read it, and keeps nothing of it', async () => {
    const read = vi.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (
      this: FileReader,
    ) {
      setTimeout(() => {
        this.dispatchEvent(new ProgressEvent('error'));
      });
    });
    try {
      const { events } = renderView(UploadView, { view: 'upload', props: { slots: ['imagenDocumento'] } });
      fireEvent.change(screen.getByLabelText(/DNI \(ambas caras\)/), { target: { files: [png(3)] } });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'No pudimos subir el archivo. Inténtalo de nuevo.',
      );
      expect(screen.queryByRole('img')).toBeNull();
      expect(ofType(events, 'submit')).toHaveLength(0);
    } finally {
      read.mockRestore();
    }
  });

  it('marks the required photos as every form does, with the legend once', () => {
    renderView(UploadView, {
      view: 'upload',
      props: { slots: ['imagenDocumento', { id: 'imagenSoat', required: false }] },
    });
    expect(screen.getAllByText(/Los campos marcados con/)).toHaveLength(1);
    expect(document.querySelectorAll('.required-mark[aria-hidden="true"]')).toHaveLength(1);
  });
});
