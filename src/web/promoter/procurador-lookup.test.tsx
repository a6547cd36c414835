import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { usePromoter } from '../stores/promoter-store.ts';
import { promoterFrom } from '../stores/promoter-session.ts';
import { PROCURADOR_PATH, ProcuradorLookup } from './procurador-lookup.tsx';

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

const FOUND = {
  codigoRespuesta: 0,
  detalleRespuesta: 'OK',
  procurador: {
    nombreUsuario: 'mtorres',
    nombreUsuarioPersona: 'Milagros Torres Vega',
    codigoEntidad: 2001,
    codigoUsuario: 'PRC2001',
  },
};
const NOT_FOUND = {
  codigoRespuesta: 1,
  detalleRespuesta: 'No encontramos un procurador con ese usuario en tu entidad.',
};

/** The user name a lookup sent (the client sends a JSON string body). */
const nameIn = (init?: RequestInit): string =>
  (JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { nombreUsuario: string }).nombreUsuario;

let fetchMock: ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;
const sentNames = () => fetchMock.mock.calls.map(([, init]) => nameIn(init));

beforeEach(() => {
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    const nombreUsuario = nameIn(init);
    if (nombreUsuario === 'mtorres') return json(200, FOUND);
    if (nombreUsuario === 'caido') return json(500, {});
    return json(404, NOT_FOUND);
  });
  vi.stubGlobal('fetch', fetchMock);
  usePromoter
    .getState()
    .login(
      promoterFrom(
        { codigoEntidad: 2001, codigoUsuario: 'ALI0001', usuario: 'aliado', usuProcurador: 'mtorres' },
        'aliado',
      ),
    );
});
afterEach(() => {
  cleanup();
  usePromoter.getState().clear();
  vi.unstubAllGlobals();
});

describe('the procurador lookup', () => {
  it('keeps the procurador the session names', () => {
    expect(usePromoter.getState().promoter?.usuProcurador).toBe('mtorres');
    expect(promoterFrom({ codigoEntidad: 1 }, 'promotor').usuProcurador).toBeUndefined();
  });

  it("looks up the session's procurador on arrival and shows who it is", async () => {
    render(<ProcuradorLookup />);
    expect(screen.getByText('Tu procurador registrado: mtorres')).toBeInTheDocument();
    expect(screen.getByLabelText('Usuario del procurador')).toHaveValue('mtorres');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Procurador: Milagros Torres Vega (usuario mtorres, código PRC2001).',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe(PROCURADOR_PATH);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it("shows the service's not-found text for a user name it does not know in the entity", async () => {
    render(<ProcuradorLookup />);
    await screen.findByRole('status');
    fireEvent.change(screen.getByLabelText('Usuario del procurador'), { target: { value: ' vsalazar ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar procurador' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No encontramos un procurador con ese usuario en tu entidad.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(sentNames()).toEqual(['mtorres', 'vsalazar']);
  });

  it("says the lookup cannot be done now when the service fails (spec 001 §8 'User lookup')", async () => {
    render(<ProcuradorLookup />);
    await screen.findByRole('status');
    fireEvent.change(screen.getByLabelText('Usuario del procurador'), { target: { value: 'caido' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar procurador' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'En estos momentos no podemos procesar tu solicitud. Inténtalo más tarde.',
    );
  });

  it('sends nothing for an empty user name, and looks nothing up when the session names no procurador', async () => {
    usePromoter.getState().login(promoterFrom({ codigoEntidad: 2001, usuario: 'aliado' }, 'aliado'));
    render(<ProcuradorLookup />);
    expect(screen.queryByText(/Tu procurador registrado/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar procurador' }));
    fireEvent.change(screen.getByLabelText('Usuario del procurador'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar procurador' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
