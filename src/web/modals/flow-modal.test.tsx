import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Flow } from '../../engine/flow-types.ts';
import type { FlowState } from '../../engine/engine-types.ts';
import { FlowModal } from './flow-modal.tsx';

// The build names the provider's office-site renewal page (read once, when a modal first needs it).
vi.hoisted(() => {
  vi.stubEnv('VITE_EXTERNAL_RENEWAL_URL', 'https://oficina.ejemplo.pe/renovar');
});

const flow: Flow = {
  id: 'demo',
  title: 'product.credinstante',
  routes: ['/demo'],
  layout: 'credinstante',
  start: 'datos',
  steps: { datos: { number: 1, view: 'form' } },
  modals: {
    enProceso: { kind: 'alert', title: 'modal.title.estimadoCliente', message: 'status.solicitudEnProceso' },
    prestamo: {
      kind: 'confirm',
      title: 'modal.title.felicidades',
      message: 'status.prestamoAprobado',
      buttons: [
        { label: 'status.irARenovacion', action: { home: true } },
        { label: 'app.close', action: { reset: true } },
      ],
    },
    noCalificado: {
      kind: 'alert',
      title: 'modal.title.estimadoCliente',
      message: 'status.noCalificado',
      externalLink: { to: 'renewal', label: 'renovacion.irARenovacionExterna' },
    },
    renovacionNoDisponible: {
      kind: 'error',
      message: 'error.badCodeResponse',
      externalLink: { to: 'renewal', label: 'renovacion.irARenovacionExterna' },
    },
  },
};

function state(modal: FlowState['modal']): FlowState {
  return {
    flowId: 'demo',
    session: 's',
    seq: 1,
    step: 'datos',
    history: [],
    context: {},
    forms: { datos: { documento: '45678912' } },
    params: {},
    modal,
    pending: null,
    waiting: null,
    error: null,
    done: false,
  };
}

describe('FlowModal', () => {
  afterEach(() => {
    cleanup();
  });

  it('shows the engine error modal as the error dialog with the failure message', async () => {
    const send = vi.fn();
    render(
      <FlowModal
        flow={flow}
        state={state({
          id: '$error',
          then: null,
          vars: { message: 'Ocurrió un error en el servidor', kind: 'ServerError' },
        })}
        send={send}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error en el servidor');
    expect(screen.getByText('Error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(send).toHaveBeenCalledWith({ type: 'modal-closed' });
  });

  it('shows a flow alert with its Spanish title and message; OK closes it', async () => {
    const send = vi.fn();
    render(<FlowModal flow={flow} state={state({ id: 'enProceso', then: null })} send={send} />);
    expect(await screen.findByText('Estimado cliente')).toBeInTheDocument();
    expect(screen.getByText('Ya tienes una solicitud en proceso.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(send).toHaveBeenCalledWith({ type: 'modal-closed' });
  });

  it('each button of an alert with buttons reports its index', async () => {
    const send = vi.fn();
    render(<FlowModal flow={flow} state={state({ id: 'prestamo', then: null })} send={send} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(send).toHaveBeenCalledWith({ type: 'modal-closed', button: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Ir a renovación' }));
    expect(send).toHaveBeenCalledWith({ type: 'modal-closed', button: 0 });
  });

  // antd's default opening zoom draws the dialog at full size for a frame, then regrows it from
  // a fifth of its size: a press started on "Aceptar" then ends beside it and the browser never
  // clicks the button, so the applicant's answer is lost and the dialog stays.
  it.each([
    ['a flow alert', { id: 'enProceso', then: null }],
    [
      'the engine error modal',
      { id: '$error', then: null, vars: { message: 'Ocurrió un error en el servidor' } },
    ],
  ] as const)('opens %s in place, so a press on Aceptar the moment it shows is taken, once', (_, modal) => {
    const send = vi.fn();
    render(<FlowModal flow={flow} state={state(modal)} send={send} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.className).not.toMatch(/zoom|appear/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'modal-closed' });
  });

  it.each(['noCalificado', 'renovacionNoDisponible'])(
    '%s links the configured office-site renewal page in a new tab; following it does not close the modal',
    async (id) => {
      const send = vi.fn();
      render(<FlowModal flow={flow} state={state({ id, then: null })} send={send} />);
      const link = await screen.findByRole('link', { name: 'Renueva en la oficina virtual' });
      expect(link).toHaveAttribute('href', 'https://oficina.ejemplo.pe/renovar');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      fireEvent.click(link);
      expect(send).not.toHaveBeenCalled();
      await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
      expect(send).toHaveBeenCalledWith({ type: 'modal-closed' });
    },
  );

  it('renders nothing without an open modal', () => {
    const { container } = render(<FlowModal flow={flow} state={state(null)} send={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
