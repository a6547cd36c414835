import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import BiometricsView from './biometrics-view.tsx';
import { ofType, renderView } from './view-test-utils.tsx';

describe('biometrics view', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for explicit consent before anything can be captured', () => {
    renderView(BiometricsView, { view: 'biometrics' });
    expect(screen.getByRole('checkbox', { name: /datos biométricos.*Ley N\.° 29733/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Activar cámara' })).toBeNull();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('falls back to the front-camera file input when the browser has no getUserMedia', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderView(BiometricsView, { view: 'biometrics' });
    fireEvent.click(screen.getByRole('checkbox', { name: /datos biométricos/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara' }));
    const input = await screen.findByLabelText('Toma o elige una foto de tu rostro');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'user');
  });

  it('falls back to the file input when camera permission is denied, and submits the photo as base64 JPEG', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const { events } = renderView(BiometricsView, { view: 'biometrics' });
    fireEvent.click(screen.getByRole('checkbox', { name: /datos biométricos/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara' }));
    const input = await screen.findByLabelText('Toma o elige una foto de tu rostro');
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'user' }, audio: false });
    expect(screen.getByText(/No pudimos usar la cámara/)).toBeInTheDocument();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'selfie.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [jpeg] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(ofType(events, 'submit')).toEqual([{ type: 'submit', data: { imagen: '/9j/4A==' } }]),
    );
  });

  it('takes the photo only once the camera shows a picture (no photo of nothing)', async () => {
    const stream = { getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream;
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.resolve(stream) },
    });
    // jsdom plays nothing: the element is there, without frames until it says it has one.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderView(BiometricsView, { view: 'biometrics' });
    fireEvent.click(screen.getByRole('checkbox', { name: /datos biométricos/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Activar cámara' }));
    const take = await screen.findByRole('button', { name: 'Tomar foto' });
    expect(take).toBeDisabled();
    fireEvent(screen.getByLabelText('Vista previa de la cámara'), new Event('loadeddata'));
    expect(take).toBeEnabled();
  });
});
