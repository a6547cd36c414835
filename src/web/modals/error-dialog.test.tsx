import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { request } from '../api/client.ts';
import { failureReference } from '../api/reference.ts';
import ErrorDialog from './error-dialog.tsx';
import { FlowModal } from './flow-modal.tsx';
import type { Flow } from '../../engine/flow-types.ts';
import type { FlowState } from '../../engine/engine-types.ts';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, requestId: string) =>
  Promise.resolve(
    new Response(JSON.stringify({ codigoRespuesta: '99' }), {
      status,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    }),
  );
const call = () =>
  request({ method: 'GET', path: '/api/private/v1.1/statusSesion', timeoutMs: 5000 }).catch(() => null);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the error dialog shows the failed request as a reference code', () => {
  it('names the request id of the call that failed, and forgets it once closed', async () => {
    fetchMock.mockImplementationOnce(() => answer(500, '3f2a9c1e-77b4-4d1a-9c55-0b6f1e2d3a4b'));
    await call();
    const onOk = vi.fn();
    render(<ErrorDialog message="Ocurrió un error en el servidor" onOk={onOk} />);
    expect(
      await screen.findByText('Código de referencia: 3f2a9c1e-77b4-4d1a-9c55-0b6f1e2d3a4b'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(onOk).toHaveBeenCalled();
    expect(failureReference()).toBeNull();
  });

  it('shows no reference when the last call succeeded', async () => {
    fetchMock.mockImplementationOnce(() => answer(500, 'req-00000001'));
    await call();
    fetchMock.mockImplementationOnce(() => answer(200, 'req-00000002'));
    await call();
    render(<ErrorDialog message="No se pudo continuar" onOk={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo continuar');
    expect(screen.queryByText(/Código de referencia/)).toBeNull();
  });

  it("shows the reference the engine's error modal carries from the failed call", async () => {
    const flow = {
      id: 'demo',
      title: 'x',
      routes: ['/demo'],
      layout: 'credinstante',
      start: 'datos',
      steps: { datos: { number: 1, view: 'form' } },
    } as unknown as Flow;
    const state = {
      flowId: 'demo',
      session: 's',
      seq: 1,
      step: 'datos',
      history: [],
      context: {},
      forms: {},
      params: {},
      modal: {
        id: '$error',
        then: null,
        vars: { message: 'Ocurrió un error en el servidor', kind: 'ServerError', reference: 'req-7c1d9e' },
      },
      pending: null,
      waiting: null,
      error: null,
      done: false,
    } as unknown as FlowState;
    render(<FlowModal flow={flow} state={state} send={() => {}} />);
    expect(await screen.findByText('Código de referencia: req-7c1d9e')).toBeInTheDocument();
  });
});
