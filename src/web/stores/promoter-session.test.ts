import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkPromoterSession, logoutPromoter, promoterFrom } from './promoter-session.ts';
import { usePromoter } from './promoter-store.ts';

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

const SESSION = {
  codigoRespuesta: 0,
  usuario: 'promotor1',
  nombreUsuario: 'promotor1',
  nombreUsuarioPersona: 'Rosa Quispe',
  // Entity 1 would give product 30 by the entity table: the answer's list wins.
  codigoEntidad: 1,
  productos: [{ ti_solpro: 31 }, { ti_solpro: '32' }],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  usePromoter.getState().clear();
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the promoter session', () => {
  it('takes the products from the answer’s productos, not from the entity', () => {
    expect(promoterFrom(SESSION, 'x').productos).toEqual([{ ti_solpro: 31 }, { ti_solpro: 32 }]);
    // An answer without the list keeps what the browser had; with none, the promoter sells nothing.
    const previous = promoterFrom(SESSION, 'x');
    expect(promoterFrom({ codigoEntidad: 1 }, 'x', previous).productos).toEqual(previous.productos);
    expect(promoterFrom({ codigoEntidad: 1 }, 'x').productos).toEqual([]);
  });

  it('is read from the cookie at start even when the browser stored no promoter', async () => {
    fetchMock.mockImplementationOnce(() => json(200, SESSION));
    await checkPromoterSession();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/private/v1.1/statusSesion');
    expect(usePromoter.getState().promoter).toMatchObject({
      usuario: 'promotor1',
      productos: [{ ti_solpro: 31 }, { ti_solpro: 32 }],
    });
  });

  it('no session and no stored promoter: nobody is sent to the login page', async () => {
    const heard = vi.fn();
    window.addEventListener('api:unauthorized', heard);
    fetchMock.mockImplementationOnce(() => json(401, {}));
    await checkPromoterSession();
    fetchMock.mockImplementationOnce(() => json(200, { codigoRespuesta: 1 }));
    await checkPromoterSession();
    window.removeEventListener('api:unauthorized', heard);
    expect(heard).not.toHaveBeenCalled();
    expect(usePromoter.getState().promoter).toBeNull();
    // No logout call for a session that was never there.
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a stored promoter the server no longer knows is cleared and logged out, with the tab’s client applications', async () => {
    usePromoter.getState().login(promoterFrom(SESSION, 'x'));
    window.sessionStorage.setItem('flow:credinstante', '{"state":{}}');
    window.sessionStorage.setItem('__timeoutMs', '5000');
    fetchMock
      .mockImplementationOnce(() => json(200, { codigoRespuesta: 1 }))
      .mockImplementationOnce(() => json(200, { codigoRespuesta: 0 }));
    await checkPromoterSession();
    expect(usePromoter.getState().promoter).toBeNull();
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/private/v1.1/logoutSesion');
    expect(window.sessionStorage.getItem('flow:credinstante')).toBeNull();
    // Only the applications go: the tab's own settings stay.
    expect(window.sessionStorage.getItem('__timeoutMs')).toBe('5000');
  });

  it('logging out forgets every client application the tab kept', async () => {
    window.sessionStorage.setItem('flow:celulares', '{}');
    window.sessionStorage.setItem('flow:moto', '{}');
    fetchMock.mockImplementationOnce(() => json(200, { codigoRespuesta: 0 }));
    await logoutPromoter();
    expect(window.sessionStorage.length).toBe(0);
  });
});
