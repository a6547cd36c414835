import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from './client.ts';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  GatewayTimeoutError,
  NetworkError,
  NoContentError,
  NotFoundError,
  ServerError,
  ServiceTimeoutError,
  UnauthorizedError,
  UnknownError,
} from './errors.ts';
import { requestWhenOnline, type OnlineEnv } from './request-when-online.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const answer = (status: number, body: unknown = { detalle: 'x' }) =>
  Promise.resolve(
    new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

async function failure(status: number): Promise<ApiError> {
  fetchMock.mockImplementationOnce(() => answer(status));
  const error = await request({
    method: 'GET',
    path: '/api/private/v1.1/statusSesion',
    timeoutMs: 5000,
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client reads HTTP statuses into the spec error classes', () => {
  it.each([
    [204, NoContentError, 'No encontramos información para tu solicitud.'],
    [400, BadRequestError, 'Parámetros inválidos'],
    [401, UnauthorizedError, 'Tu sesión expiró. Vuelve a iniciar sesión.'],
    [403, ForbiddenError, '¡Permisos insuficientes! Por el momento no puedes realizar esta acción.'],
    [404, NotFoundError, 'No se encontró el recurso solicitado'],
    [409, ConflictError, 'La solicitud entra en conflicto con otra en curso'],
    [500, ServerError, 'Ocurrió un error en el servidor'],
    [
      504,
      GatewayTimeoutError,
      'Error de conexión. Por el momento no podemos conectarnos a los servicios del sistema.',
    ],
    [418, UnknownError, 'Ocurrió un error con tu solicitud.'],
    [502, UnknownError, 'Ocurrió un error con tu solicitud.'],
    [202, UnknownError, 'Ocurrió un error con tu solicitud.'],
    [206, UnknownError, 'Ocurrió un error con tu solicitud.'],
  ])('HTTP %i raises %o with its Spanish message', async (status, cls, message) => {
    const error = await failure(status);
    expect(error).toBeInstanceOf(cls);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it('keeps the answer body on the error (the promoter login shows the server detail)', async () => {
    fetchMock.mockImplementationOnce(() => answer(400, { detalleRespuesta: 'Usuario bloqueado' }));
    const error = (await request({ method: 'POST', path: '/x', body: {}, timeoutMs: 5000 }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.body).toEqual({ detalleRespuesta: 'Usuario bloqueado' });
  });

  it('a 401 tells the app so it can clear the promoter and go to /promotor', async () => {
    const heard = vi.fn();
    window.addEventListener('api:unauthorized', heard);
    await failure(401);
    window.removeEventListener('api:unauthorized', heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('201 is a success like 200', async () => {
    fetchMock.mockImplementationOnce(() => answer(201, { codigoRespuesta: '00' }));
    const res = await request({ method: 'POST', path: '/x', body: {}, timeoutMs: 5000 });
    expect(res).toEqual({ status: 201, body: { codigoRespuesta: '00' } });
  });

  it('answers 200 with the parsed body, sending JSON with same-origin credentials', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, { codigoRespuesta: 0 }));
    const res = await request({
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      query: { tipo: '2' },
      body: { documento: '45678912' },
      timeoutMs: 5000,
      idempotencyKey: 'k-1',
    });
    expect(res).toEqual({ status: 200, body: { codigoRespuesta: 0 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v4/prospecto/v2.0/producto/lde?tipo=2');
    expect(init?.credentials).toBe('same-origin');
    // X-Requested-With: the site's own header, which the SMS-sending GET requires.
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k-1',
      'X-Requested-With': 'XMLHttpRequest',
    });
    expect(init?.body).toBe('{"documento":"45678912"}');
  });

  it('a captcha token goes as X-Captcha-Token; without one no such header is sent', async () => {
    fetchMock.mockImplementation(() => answer(200, {}));
    await request({
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      body: {},
      timeoutMs: 5000,
      idempotencyKey: 'k-2',
      captchaToken: 'tok-1',
    });
    await request({
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      body: {},
      timeoutMs: 5000,
      idempotencyKey: 'k-3',
    });
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ 'X-Captcha-Token': 'tok-1' });
    expect(fetchMock.mock.calls[1]![1]?.headers).not.toHaveProperty('X-Captcha-Token');
  });

  it('a call without a key (not a creating call) sends no Idempotency-Key', async () => {
    fetchMock.mockImplementationOnce(() => answer(200, {}));
    await request({ method: 'GET', path: '/kong/ubigeo/depar', timeoutMs: 5000 });
    expect(fetchMock.mock.calls[0]![1]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('a fetch failure raises the network error message', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await request({ method: 'GET', path: '/x', timeoutMs: 5000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      'No pudimos conectarnos. Revisa tu conexión a internet e inténtalo de nuevo.',
    );
  });

  it('no answer within the endpoint timeout raises the service-timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request({
      method: 'POST',
      path: '/kong/prospecto/v2.0/simular/condiciones',
      body: {},
      timeoutMs: 60000,
    }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect((error as Error).message).toBe(
      'Estamos teniendo inconvenientes con el servidor. Inténtalo de nuevo en unos minutos.',
    );
  });
});

describe('a dropped connection', () => {
  function offlineOnce(): OnlineEnv & { waited: number } {
    let online = false;
    const env = {
      waited: 0,
      isOnline: () => online,
      waitOnline: () => {
        env.waited++;
        online = true;
        return Promise.resolve();
      },
      sleep: () => Promise.resolve(),
    };
    return env;
  }

  it('retries when back online with the same Idempotency-Key, so the server creates once', async () => {
    const env = offlineOnce();
    fetchMock
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')))
      .mockImplementationOnce(() => answer(200, { codigoRespuesta: 0 }));
    // Online at first: the first attempt goes out and the connection drops.
    let checks = 0;
    const wasOnline = () => env.waited > 0;
    env.isOnline = () => checks++ === 0 || wasOnline();
    const res = await requestWhenOnline(
      {
        method: 'POST',
        path: '/v4/prospecto/v2.0/producto/lde',
        body: {},
        timeoutMs: 5000,
        idempotencyKey: 'sess:3',
      },
      env,
    );
    expect(res.body).toEqual({ codigoRespuesta: 0 });
    expect(env.waited).toBe(1);
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toEqual(['sess:3', 'sess:3']);
  });

  it('gives up with the network error after two retries while the browser claims to be online', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const env: OnlineEnv = {
      isOnline: () => true,
      waitOnline: () => Promise.resolve(),
      sleep: () => Promise.resolve(),
    };
    const error = await requestWhenOnline({ method: 'GET', path: '/x', timeoutMs: 5000 }, env).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry an HTTP error', async () => {
    fetchMock.mockImplementation(() => answer(500));
    const env: OnlineEnv = {
      isOnline: () => true,
      waitOnline: () => Promise.resolve(),
      sleep: () => Promise.resolve(),
    };
    await expect(
      requestWhenOnline({ method: 'GET', path: '/x', timeoutMs: 5000 }, env),
    ).rejects.toBeInstanceOf(ServerError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
