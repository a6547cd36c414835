/**
 * The whole chain on the happy path: the Credinstante flow played by the engine against the
 * embedded origination service (real routing, request schemas, handlers, database and the
 * evaluation socket), from the lead form to the congratulations, as a browser would.
 */
import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFlow, start, transition } from '../../src/engine/index.ts';
import type { Effect, FlowEvent, FlowState } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { startTestApp } from '../../src/server/test-support.ts';
import { testBrowser, type TestBrowser } from '../../src/server/test-browser.ts';
import { readFlow } from './flow-session.ts';

const flow = readFlow('credinstante');
const compiled = compileFlow(flow, ENDPOINTS);
const DNI = '45678912';
const CELULAR = '987654321';

type App = Awaited<ReturnType<typeof startTestApp>>;
let srv: App;
let port = 0;
let sessions = 0;

beforeAll(async () => {
  srv = await startTestApp();
  await srv.app.listen({ port: 0, host: '127.0.0.1' });
  port = (srv.app.server.address() as AddressInfo).port;
  // Opening the embedded database and seeding it takes seconds, more on a busy machine.
}, 120_000);
afterAll(async () => {
  await srv.stop();
});

/** Plays the runtime's part: runs each effect, feeds the answer back, until nothing is left to run. */
class Runtime {
  state!: FlowState;
  readonly calls: { endpoint: string; status: number }[] = [];
  /** One applicant's browser: it holds the application it opens. */
  private readonly browser: TestBrowser = testBrowser(srv.app);

  async begin(): Promise<void> {
    // A session id of its own: request ids (the idempotency keys) are built from it.
    const t = start(compiled, { session: `e2e-${++sessions}` });
    this.state = t.state;
    await this.run(t.effects);
  }

  async send(event: FlowEvent): Promise<void> {
    const t = transition(compiled, this.state, event);
    this.state = t.state;
    await this.run(t.effects);
  }

  private async run(effects: Effect[]): Promise<void> {
    for (const e of effects) {
      if (e.type === 'call') {
        const qs = new URLSearchParams(e.query).toString();
        const res = await this.browser.inject({
          method: e.method,
          url: e.path + (qs ? `?${qs}` : ''),
          ...(e.body === null ? {} : { payload: e.body }),
          headers: {
            'content-type': 'application/json',
            ...(e.idempotent ? { 'idempotency-key': e.requestId } : {}),
          },
        });
        this.calls.push({ endpoint: e.endpoint, status: res.statusCode });
        const body: unknown = JSON.parse(res.body);
        await this.send(
          res.statusCode < 300
            ? { type: 'response', requestId: e.requestId, status: res.statusCode, body }
            : {
                type: 'failure',
                requestId: e.requestId,
                kind: String(res.statusCode),
                message: res.body,
                status: res.statusCode,
              },
        );
      } else if (e.type === 'socket') {
        const socket = io(`http://127.0.0.1:${port}${e.namespace}`, { transports: ['websocket'] });
        const message = await new Promise<unknown>((resolve) => {
          socket.on(e.event, resolve);
          socket.emit('join', e.room);
        });
        socket.close();
        await this.send({ type: 'socket', step: e.step, message });
      } else if (e.type === 'timer') {
        await this.send({ type: 'timer', id: e.id });
      }
    }
  }

  async submit(data: Record<string, unknown>): Promise<void> {
    await this.send({ type: 'submit', data });
  }

  /** Step 2: types the code texted to `celular` after the pre-evaluation, when the flow asks for it. */
  async proveMobile(celular: string): Promise<void> {
    if (this.state.step !== 'verificacionCelular') return;
    const outbox = await sandbox<{ token?: string }[]>(`/__sandbox/outbox?celular=${celular}`);
    await this.submit({ token: outbox.find((m) => m.token !== undefined)?.token });
  }
}

async function sandbox<T>(url: string): Promise<T> {
  return JSON.parse((await srv.app.inject({ method: 'GET', url })).body) as T;
}

describe('Credinstante against the embedded service', () => {
  it('takes an unlisted DNI from the lead form to the congratulations', async () => {
    const rt = new Runtime();
    await rt.begin();
    const visited: string[] = [rt.state.step];
    const submit = async (data: Record<string, unknown>) => {
      await rt.submit(data);
      expect(rt.state.modal, `after ${visited.at(-1)}: ${JSON.stringify(rt.state.modal)}`).toBeNull();
      visited.push(rt.state.step);
    };

    await submit({
      tipoDocumento: 1,
      documento: DNI,
      fechaNacimiento: '1990-01-01',
      placa: 'ABC-123',
      recorridoxDia: 3,
      telefono: CELULAR,
      email: 'ana@example.pe',
      terms: true,
    });
    expect(visited.at(-1)).toBe('verificacionCelular');
    await submit({
      token: (await sandbox<{ token?: string }[]>(`/__sandbox/outbox?celular=${CELULAR}`))[0]?.token,
    });
    expect(rt.state.context.mafmax).toBeTypeOf('number');
    await submit({ importeFinanciar: 1000, cuotas: 12, importeCuotas: 119.43, tasa: rt.state.context.tea });

    const right = await sandbox<{ respuestas: { idPregunta: number; idRespuesta: number }[] }>(
      `/__sandbox/identity/${DNI}`,
    );
    // Sent as the questions view sends them: under the request schema's names only.
    await submit({
      respuestas: right.respuestas.map((r) => ({
        codigoPregunta: r.idPregunta,
        codigoRespuesta: r.idRespuesta,
      })),
    });
    await submit({
      tipoResidencia: 1,
      departamento: '15',
      provincia: '1501',
      distrito: '150101',
      direccion: 'Av. Arequipa 123',
      email: 'ana@example.pe',
    });
    await submit({
      tipoDesembolso: 1,
      tipoCuenta: 1,
      entidadBancariaDestino: '002',
      numeroCuentaBancaria: '19111357545808',
      numeroCuentaInterbancaria: '00219111357545808250',
    });
    const documentos = (rt.state.context.documentos ?? []) as { tipo: string }[];
    expect(documentos.length).toBeGreaterThan(0);
    await submit({ documentosAceptados: documentos.map((d) => d.tipo) });
    await submit({ imagen: `/9j/${'A'.repeat(200)}` });
    const outbox = await sandbox<{ token?: string }[]>(`/__sandbox/outbox?celular=${CELULAR}`);
    await submit({ token: outbox[0]?.token });

    expect(visited).toEqual([
      'preEvaluacion',
      'verificacionCelular',
      'simulador',
      'validacionIdentidad',
      'confirmacionDatos',
      'datosBancarios',
      'documentosContrato',
      'biometria',
      'firmaElectronica',
      'felicitaciones',
    ]);
    expect(rt.calls.filter((c) => c.status >= 300)).toEqual([]);
    expect(rt.calls.map((c) => c.endpoint)).toContain('lde.update3');
  });

  it.each([
    ['10000004', 'simulador', null],
    ['10000099', 'preEvaluacion', 'solicitudEnProceso'],
    ['10000098', 'preEvaluacion', 'tiempoDeEspera'],
    ['10000003', 'preEvaluacion', 'desaprobado'],
    ['10000044', 'preEvaluacion', 'prestamoAprobado'],
    ['10000006', 'preEvaluacion', 'listaDeEspera'],
    ['20000000', 'evaluacionPoliticas', 'cerradoTemporalmente'],
    ['20000003', 'evaluacionPoliticas', 'rechazado'],
    ['20000002', 'observados', null],
    ['20000022', 'evaluacionPoliticas', 'asesorContactara'],
    ['20000020', 'evaluacionPoliticas', 'asesorContactara'],
    ['20000030', 'evaluacionPoliticas', 'smsParaContinuar'],
  ])('scenario DNI %s ends on %s with modal %s', async (documento, step, modal) => {
    const rt = new Runtime();
    await rt.begin();
    await rt.submit({
      tipoDocumento: 1,
      documento,
      fechaNacimiento: '1990-01-01',
      placa: 'ABC-123',
      recorridoxDia: 3,
      // A phone of its own: each scenario is texted its own code (sends per number are limited).
      telefono: `9${documento}`,
      email: 'ana@example.pe',
      terms: true,
    });
    await rt.proveMobile(`9${documento}`);
    expect([rt.state.step, rt.state.modal?.id ?? null], JSON.stringify(rt.state.error)).toEqual([
      step,
      modal,
    ]);
  });
});
