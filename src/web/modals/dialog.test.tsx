import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog, DialogButton } from './dialog.tsx';

afterEach(cleanup);

function Page({ persistent, onClose = () => {} }: { persistent?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Ver aviso
      </button>
      <input aria-label="Documento" />
      {open && (
        <Dialog
          title="Estimado cliente"
          width={350}
          persistent={persistent}
          onClose={close}
          footer={
            <>
              <DialogButton label="Cancelar" onClick={close} />
              <DialogButton label="Aceptar" primary autoFocus onClick={close} />
            </>
          }
        >
          <p>Ya tienes una solicitud en proceso.</p>
        </Dialog>
      )}
    </main>
  );
}

describe('the modal dialog', () => {
  it('is a modal dialog named by its title; the page behind is inert and does not scroll', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver aviso' }));
    const dialog = screen.getByRole('dialog', { name: 'Estimado cliente' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('main').closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    expect(document.body).toHaveClass('dialog-open');
  });

  it('takes the focus (to the button marked for it), keeps Tab inside, and gives it back when closed', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Ver aviso' });
    await userEvent.click(opener);
    const accept = screen.getByRole('button', { name: 'Aceptar' });
    expect(accept).toHaveFocus();
    await userEvent.tab();
    // From the last control back to the first: the close button.
    expect(screen.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(accept).toHaveFocus();
    await userEvent.click(accept);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(screen.getByRole('main').closest('[inert]')).toBeNull();
    expect(document.body).not.toHaveClass('dialog-open');
  });

  it('closes with Escape, a click on the mask or its close button', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const open = () => userEvent.click(screen.getByRole('button', { name: 'Ver aviso' }));
    await open();
    await userEvent.keyboard('{Escape}');
    await open();
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a click inside it does not close it', async () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver aviso' }));
    await userEvent.click(screen.getByText('Ya tienes una solicitud en proceso.'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a persistent one stays until a button of its own is pressed: no close button, Escape and the mask do nothing', async () => {
    const onClose = vi.fn();
    render(<Page persistent onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver aviso' }));
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('over another dialog: only the top one is reachable; closed, it gives the focus back to the one under it', async () => {
    function Stacked() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <Dialog
            title="Estimado cliente"
            width={350}
            onClose={() => {}}
            footer={<DialogButton label="Ver detalle" onClick={() => setSecond(true)} />}
          >
            <p>Primero</p>
          </Dialog>
          {second && (
            <Dialog
              title="Error"
              width={400}
              persistent
              onClose={() => setSecond(false)}
              footer={<DialogButton label="Aceptar" primary autoFocus onClick={() => setSecond(false)} />}
            >
              <p>Segundo</p>
            </Dialog>
          )}
        </>
      );
    }
    render(<Stacked />);
    const opener = screen.getByRole('button', { name: 'Ver detalle' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Estimado cliente' }).closest('[inert]')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Error' }).closest('[inert]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.getByRole('dialog', { name: 'Estimado cliente' }).closest('[inert]')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('a button with an address is a link; an external one opens in a new tab', () => {
    render(
      <>
        <DialogButton label="Renovar" link="https://oficina.ejemplo.pe/renovar" onClick={() => {}} />
        <DialogButton label="Inicio" link="/" onClick={() => {}} />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Renovar' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Renovar' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('target');
  });
});
