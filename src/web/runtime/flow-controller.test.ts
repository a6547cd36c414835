import { describe, expect, it, vi } from 'vitest';
import type { EndpointDef } from '../../engine/endpoint-types.ts';
import type { Flow } from '../../engine/flow-types.ts';
import { compileFlow, start, transition } from '../../engine/index.ts';
import type { ApiRequest, ApiResponse } from '../api/client.ts';
import { FlowController, type FlowDeps, type FlowEngine } from './flow-controller.ts';
import { sessionKey, SESSION_MAX_AGE_MS } from './flow-session.ts';

const ENDPOINTS: Record<string, EndpointDef> = {
  'test.preEvaluate': {
    id: 'test.preEvaluate',
    method: 'POST',
    path: '/v4/prospecto/v2.0/producto/lde',
    timeoutMs: 30000,
    codeField: 'codigoRespuesta',
    codes: ['0', '10'],
    creates: true,
    request: null,
    response: 'lde/pre-evaluate.response.json',
    summary: 'pre-evaluation',
    family: 'lde',
  },
};

const FLOW: Flow = {
  id: 'demo',
  title: 'product.credinstante',
  routes: ['/demo'],
  layout: 'credinstante',
  start: 'datos',
  steps: {
    datos: {
      number: 1,
      view: 'form',
      calls: {
        submit: {
          endpoint: 'test.preEvaluate',
          body: { from: ['form'] },
          outcome: { cases: { '0': { goto: 'evaluacion' } }, else: { modal: 'enProceso' } },
        },
      },
    },
    evaluacion: {
      number: 2,
      view: 'phases',
      timers: [{ id: 'fase', ms: 9000, do: { goto: 'espera' } }],
    },
    espera: {
      number: 3,
      view: 'phases',
      wait: {
        socket: '/credinstante',
        event: 'evaluacion',
        room: { var: 'context.documento' },
        maxMs: 180000,
        outcome: { on: 'codigo', cases: { '0': { goto: 'fin' } }, else: { goto: 'fin' } },
        timeout: { modal: 'enProceso' },
      },
    },
    fin: { number: 3, view: 'message', final: true },
  },
  context: { documento: '45678912' },
  modals: { enProceso: { kind: 'alert', message: 'status.solicitudEnProceso', onClose: { reset: true } } },
};

function engine(): FlowEngine {
  const compiled = compileFlow(FLOW, ENDPOINTS);
  return {
    flowId: FLOW.id,
    start: (input) => start(compiled, input, { now: 0 }),
    transition: (s, e) => transition(compiled, s, e, { now: 0 }),
  };
}

/** A browser-like world shared by "page loads": the same sessionStorage and clock. */
function world() {
  const store = new Map<string, string>();
  const calls: { req: ApiRequest; resolve: (r: ApiResponse) => void }[] = [];
  const timers: { fn: () => void; ms: number; live: boolean }[] = [];
  let now = 1_700_000_000_000;
  let sessions = 0;
  const deps: FlowDeps = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    now: () => now,
    request: (req) => new Promise((resolve) => calls.push({ req, resolve })),
    openSocket: () => ({ close: () => undefined }),
    navigate: vi.fn(),
    reload: vi.fn(),
    track: vi.fn(),
    beginLoading: () => () => undefined,
    newSession: () => `s${++sessions}`,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, live: true };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => void ((t as { live: boolean }).live = false),
  };
  return {
    deps,
    store,
    calls,
    timers,
    advance: (ms: number) => (now += ms),
    load: () => new FlowController(engine(), deps, { params: {}, context: {} }),
  };
}

describe('the flow runner resumes a session from sessionStorage', () => {
  it('a reload comes back to the same step with what the applicant typed', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'change', data: { documento: '45678912', telefono: '987654321' } });
    page.dispose();

    w.advance(5 * 60_000);
    const reloaded = w.load();
    expect(reloaded.state.step).toBe('datos');
    expect(reloaded.state.forms.datos).toEqual({ documento: '45678912', telefono: '987654321' });
    expect(reloaded.state.session).toBe(page.state.session);
  });

  it('a call in flight when the page went away is sent again with the same Idempotency-Key', async () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    expect(page.store.getState().busy).toBe(true);
    const key = w.calls[0]!.req.idempotencyKey;
    expect(key).toBeTruthy();
    // A creating call names its captcha action: the endpoint it calls.
    expect(w.calls[0]!.req.captchaAction).toBe('test.preEvaluate');
    page.dispose();

    const reloaded = w.load();
    expect(w.calls).toHaveLength(2);
    expect(w.calls[1]!.req.idempotencyKey).toBe(key);
    expect(w.calls[1]!.req.body).toEqual({ documento: '45678912' });
    w.calls[1]!.resolve({ status: 200, body: { codigoRespuesta: 0 } });
    await vi.waitFor(() => expect(reloaded.state.step).toBe('evaluacion'));
  });

  it('made deferred (during a render React may discard), a call in flight is sent only at begin(), and once', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    page.dispose();
    expect(w.calls).toHaveLength(1);

    const input = { params: {}, context: {} };
    const discarded = new FlowController(engine(), w.deps, input, { deferred: true });
    expect(discarded.store.getState().busy).toBe(true);
    const taken = new FlowController(engine(), w.deps, input, { deferred: true });
    // Neither resumed the call in flight yet: the render that made the first was thrown away.
    expect(w.calls).toHaveLength(1);
    taken.begin();
    taken.begin();
    expect(w.calls).toHaveLength(2);
    expect(w.calls[1]!.req.idempotencyKey).toBe(w.calls[0]!.req.idempotencyKey);

    // A disposed one never starts.
    const other = new FlowController(engine(), w.deps, input, { deferred: true });
    other.dispose();
    other.begin();
    expect(w.calls).toHaveLength(2);

    // A start that sends nothing is not held back: it saves at once, and an event goes through.
    const fresh = world();
    const form = new FlowController(engine(), fresh.deps, input, { deferred: true });
    expect(fresh.store.size).toBe(1);
    form.send({ type: 'change', data: { documento: '45678912' } });
    form.begin();
    expect(form.state.forms.datos).toEqual({ documento: '45678912' });
  });

  it('photos, SMS codes and account numbers never reach the storage; the rest of what was typed does', () => {
    const w = world();
    const page = w.load();
    page.send({
      type: 'change',
      data: {
        documento: '45678912',
        imagen: 'data:image/jpeg;base64,AAAA',
        token: '123456',
        numeroCuentaBancaria: '001103660100032542',
        cci: '01136600010003254221',
      },
    });
    const stored = w.store.get(sessionKey('demo'))!;
    for (const secret of ['base64,AAAA', '123456', '001103660100032542', '01136600010003254221'])
      expect(stored).not.toContain(secret);
    // On screen, what was typed is all there until the page goes away.
    expect(page.state.forms.datos).toMatchObject({ token: '123456' });
    page.dispose();
    expect(w.load().state.forms.datos).toEqual({ documento: '45678912' });
  });

  it('a call in flight that carries a photo is not kept: after a reload it fails like a lost connection, sent once', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912', imagen: 'data:image/jpeg;base64,AAAA' } });
    expect(w.calls).toHaveLength(1);
    expect(w.store.get(sessionKey('demo'))).not.toContain('base64');
    page.dispose();

    const reloaded = w.load();
    expect(w.calls).toHaveLength(1);
    expect(reloaded.store.getState().busy).toBe(false);
    expect(reloaded.state.step).toBe('datos');
  });

  it('an answer that arrives after the page was left is not applied to the old page', async () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    page.dispose();
    w.calls[0]!.resolve({ status: 200, body: { codigoRespuesta: 0 } });
    await Promise.resolve();
    expect(page.state.step).toBe('datos');
  });

  it('a double submit sends one request', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    page.send({ type: 'submit', data: { documento: '45678912' } });
    expect(w.calls).toHaveLength(1);
  });

  it('a timer running when the page went away resumes with the time that was left', async () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    w.calls[0]!.resolve({ status: 200, body: { codigoRespuesta: 0 } });
    await vi.waitFor(() => expect(page.state.step).toBe('evaluacion'));
    page.dispose();

    w.advance(4000);
    const reloaded = w.load();
    const timer = w.timers.filter((t) => t.live).at(-1)!;
    expect(timer.ms).toBe(5000);
    timer.fn();
    expect(reloaded.state.step).toBe('espera');
  });

  it('a socket wait open when the page went away is opened again with the time that was left', () => {
    const w = world();
    const opened: { room: string; onMessage: (m: unknown) => void }[] = [];
    w.deps.openSocket = (effect, onMessage) => {
      opened.push({ room: effect.room, onMessage });
      return { close: () => undefined };
    };
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    w.calls[0]!.resolve({ status: 200, body: { codigoRespuesta: 0 } });
    return vi
      .waitFor(() => expect(page.state.step).toBe('evaluacion'))
      .then(() => {
        w.timers
          .filter((t) => t.live)
          .at(-1)!
          .fn();
        expect(page.state.step).toBe('espera');
        expect(opened).toHaveLength(1);
        page.dispose();

        w.advance(60_000);
        const reloaded = w.load();
        expect(opened).toHaveLength(2);
        expect(opened[1]!.room).toBe(opened[0]!.room);
        expect(w.timers.filter((t) => t.live).at(-1)!.ms).toBe(120_000);
        opened[1]!.onMessage({ codigo: 0 });
        expect(reloaded.state.step).toBe('fin');
      });
  });

  it('a session older than 30 minutes starts fresh', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'change', data: { documento: '45678912' } });
    page.dispose();

    w.advance(SESSION_MAX_AGE_MS + 1);
    const later = w.load();
    expect(later.state.forms.datos).toBeUndefined();
    expect(later.state.session).not.toBe(page.state.session);
  });

  it('an unreadable saved session starts fresh instead of breaking the page', () => {
    const w = world();
    w.store.set(sessionKey('demo'), '{not json');
    expect(w.load().state.step).toBe('datos');
  });

  it('closing a modal that resets goes back to the start with an empty form', async () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    w.calls[0]!.resolve({ status: 200, body: { codigoRespuesta: 10 } });
    await vi.waitFor(() => expect(page.state.modal?.id).toBe('enProceso'));
    page.send({ type: 'modal-closed' });
    expect(page.state.step).toBe('datos');
    expect(page.state.forms.datos).toBeUndefined();
  });
});

describe('the flow runner after the flow file was edited (npm run dev reloads the page)', () => {
  /** The engine of the edited flow: the same flow without the steps named in `removed`. */
  const edited = (removed: string[]): FlowEngine => ({
    ...engine(),
    hasStep: (id) => id in FLOW.steps && !removed.includes(id),
  });

  it('comes back to the same step with what the applicant typed when the step is still there', () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'change', data: { documento: '45678912' } });
    page.dispose();
    const reloaded = new FlowController(edited(['espera']), w.deps, { params: {}, context: {} });
    expect(reloaded.state.step).toBe('datos');
    expect(reloaded.state.forms.datos).toEqual({ documento: '45678912' });
  });

  it('starts over when the edit removed the step the applicant was on', async () => {
    const w = world();
    const page = w.load();
    page.send({ type: 'submit', data: { documento: '45678912' } });
    w.calls[0]!.resolve({ status: 200, body: { codigoRespuesta: 0 } });
    await vi.waitFor(() => expect(page.state.step).toBe('evaluacion'));
    page.dispose();
    const reloaded = new FlowController(edited(['evaluacion']), w.deps, { params: {}, context: {} });
    expect(reloaded.state.step).toBe('datos');
    expect(reloaded.state.session).not.toBe(page.state.session);
  });
});

describe('the flow runner opened from a link', () => {
  const LINKED: Flow = {
    ...FLOW,
    params: ['token'],
    startFrom: { token: 'evaluacion' },
  };
  const linked = (): FlowEngine => {
    const compiled = compileFlow(LINKED, ENDPOINTS);
    return {
      flowId: LINKED.id,
      linkParams: ['token'],
      start: (input) => start(compiled, input, { now: 0 }),
      transition: (s, e) => transition(compiled, s, e, { now: 0 }),
    };
  };

  it('a link opened in a tab that kept another visit of the flow opens what the link names', () => {
    const w = world();
    const before = new FlowController(linked(), w.deps, { params: {}, context: {} });
    before.send({ type: 'change', data: { documento: '45678912' } });
    before.dispose();
    const opened = new FlowController(linked(), w.deps, { params: { token: 'a.b.c' }, context: {} });
    expect(opened.state.step).toBe('evaluacion');
    expect(opened.state.session).not.toBe(before.state.session);
    opened.dispose();
    // Another link: opened afresh too.
    const other = new FlowController(linked(), w.deps, { params: { token: 'd.e.f' }, context: {} });
    expect(other.state.session).not.toBe(opened.state.session);
    other.dispose();
  });

  it('the same link again (a reload) resumes where it was, and so does the address without a link', () => {
    const w = world();
    const opened = new FlowController(linked(), w.deps, { params: { token: 'a.b.c' }, context: {} });
    opened.dispose();
    const reloaded = new FlowController(linked(), w.deps, { params: { token: 'a.b.c' }, context: {} });
    expect(reloaded.state.session).toBe(opened.state.session);
    reloaded.dispose();
    const bare = new FlowController(linked(), w.deps, { params: {}, context: {} });
    expect(bare.state.session).toBe(opened.state.session);
  });
});
