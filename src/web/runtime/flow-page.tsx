/**
 * The page of a product route: compiles the flow, resumes or starts its session, and
 * renders the current step's view (from the view registry, lazily), the progress and the
 * open modal. A view never calls the API: it raises events; the engine decides.
 */
import {
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { createStore } from 'zustand/vanilla';
import type { Flow } from '../../engine/flow-types.ts';
import {
  backOption,
  compileFlow,
  compileFlowInParts,
  start,
  transition,
  type CompiledFlow,
} from '../../engine/index.ts';
import type { FlowState } from '../../engine/engine-types.ts';
import { ENDPOINTS } from '../../engine/endpoints.ts';
import { hasText, t } from '../lib/i18n.ts';
import { isHydrating, isPrerendering, useStillFirst } from '../lib/first-screen.ts';
import { runInSlices, yieldToMain } from '../lib/yield-to-main.ts';
import { LoadingStatus } from '../shell/loading-status.tsx';
import { usePageTitle } from '../shell/page-title.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { views } from '../views/registry.ts';
// The modals are part of the runner: small (no antd, modals/dialog.tsx), and any answer may open one.
import { FlowModal } from '../modals/flow-modal.tsx';
import { BackGuard, browserHistory, type BackRefusal } from './back-guard.ts';
import { useDrawnSnapshot } from './drawn-snapshot.ts';
import { browserDeps } from './browser-deps.ts';
import { FlowController, type FlowEngine, type FlowSnapshot } from './flow-controller.ts';
import { clearAllSessions, clearSession, sessionExpired, takeHandoff } from './flow-session.ts';
import { ProgressBar } from './progress-bar.tsx';
import { warmView, type WarmOutcome } from './warm-view.tsx';
import { firstStepShowing, viewsOf } from './steps-ahead.ts';
import type { ViewId } from '../../engine/views.ts';

/** What the route hands the page: the flow file and the fragments it includes. */
export interface FlowRouteData {
  flow: Flow;
  fragments: Record<string, Flow>;
  /** The flow compiled ahead (`prepareFlow`); compiled by the page when absent. */
  compiled?: CompiledFlow;
}

/**
 * The route's data with its flow compiled, in slices of a few milliseconds with the main thread
 * given back between them: compiling a product's flow takes tens of milliseconds on a slow
 * phone, which in the page's first render would be one long task while it takes over its HTML.
 */
export async function prepareFlow(data: FlowRouteData): Promise<FlowRouteData> {
  await yieldToMain();
  return { ...data, compiled: await runInSlices(compileFlowInParts(data.flow, ENDPOINTS, data.fragments)) };
}

/** The engine bound to one compiled flow, with the browser's clock. */
export function engineFor(compiled: CompiledFlow): FlowEngine {
  return {
    flowId: compiled.id,
    hasStep: (id) => compiled.steps.has(id),
    linkParams: Object.keys(compiled.flow.startFrom ?? {}),
    start: (input) => start(compiled, input, { now: Date.now() }),
    transition: (state, event) => transition(compiled, state, event, { now: Date.now() }),
  };
}

/** What the runner draws from: a controller, or the build's still picture of the first step. */
type RunnerSource = Pick<FlowController, 'store' | 'send'>;

/**
 * The first step as the build draws it (`scripts/prerender.ts`): a fresh session, no promoter,
 * a runner that sends nothing, and of the address only the parameters that start the flow at
 * another step (`startFrom`: a link's loading step, drawn the same whatever its token).
 */
function firstScreen(engine: FlowEngine, links: Record<string, string>): RunnerSource {
  const { state } = engine.start({ params: links, context: {}, session: 'prerender' });
  return {
    store: createStore<FlowSnapshot>(() => ({ state, busy: state.pending !== null })),
    send: () => {},
  };
}

/**
 * The address's parameters as the flow reads them: the query, and over it a token in the path
 * (`/credinstante/observados/:token?` reaches the flow as `?token=` would).
 */
function addressParams(search: string, pathToken: string | undefined): Record<string, string> {
  return { ...Object.fromEntries(new URLSearchParams(search)), ...(pathToken ? { token: pathToken } : {}) };
}

/** Of `params`, those that start the flow at another step (`startFrom`: a link's token). */
function linkParamsOf(engine: FlowEngine, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries((engine.linkParams ?? []).filter((p) => p in params).map((p) => [p, params[p]!]));
}

/**
 * Views this page has drawn, or drawn ahead (`warmView`): their code has run once, so a step
 * that shows them is drawn without compiling it.
 */
const drawnViews = new Set<string>();

/** Same screen: the same step with the same typed data, nothing pending, no modal. */
function sameScreen(a: FlowSnapshot, b: FlowSnapshot): boolean {
  return (
    a.state.step === b.state.step &&
    a.busy === b.busy &&
    a.state.modal === b.state.modal &&
    JSON.stringify(a.state.forms[a.state.step] ?? {}) === JSON.stringify(b.state.forms[b.state.step] ?? {})
  );
}

/** A controller for this page: address parameters and the promoter's context, the browser's I/O. */
function createController(
  engine: FlowEngine,
  navigate: (to: string) => void,
  pathToken: string | undefined,
  carried: Record<string, unknown> | null,
  /** Made during a render: it starts when the page's effect calls `begin()`. */
  deferred = false,
): FlowController {
  const promoter = usePromoter.getState().promoter;
  const params = addressParams(window.location.search, pathToken);
  // A promoter's applications carry their entity, user and channel; the terms are accepted with the promoter (spec 001 §5).
  const context = promoter
    ? {
        codigoEntidad: promoter.codigoEntidad,
        codigoUsuario: promoter.codigoUsuario ?? promoter.usuario,
        nombreUsuario: promoter.nombreUsuario,
        channel: promoter.canal,
        terms: true,
      }
    : {};
  return new FlowController(
    engine,
    browserDeps(navigate),
    { params, context, ...(carried !== null ? { carried } : {}) },
    { deferred },
  );
}

/**
 * What the flow that sent the applicant here handed over (a fresh application starts with it).
 * Only this flow's own route takes it (the flow being left re-renders once at the new address).
 */
function takeCarried(compiled: CompiledFlow, engine: FlowEngine): Record<string, unknown> | null {
  const startedAt = window.location.pathname;
  const carried = compiled.flow.routes.includes(startedAt)
    ? takeHandoff(window.sessionStorage, startedAt, Date.now())
    : null;
  if (carried !== null) clearSession(window.sessionStorage, engine.flowId);
  return carried;
}

function useController(compiled: CompiledFlow): {
  controller: FlowController | null;
  /** What to draw: the controller, or the build's first step while the page takes over its HTML. */
  source: RunnerSource | null;
  nextClient: () => void;
  expired: boolean;
} {
  const navigate = useNavigate();
  // Path placeholders (`/credinstante/observados/:token?`) reach the flow like query parameters.
  const { token: pathToken } = useParams();
  const { search } = useLocation();
  const engine = useMemo(() => engineFor(compiled), [compiled]);
  // Taking over prerendered HTML, the first render must draw what the build drew, and no update
  // may reach the step before its code has loaded (React would drop the HTML and show 'Cargando…'):
  // the controller is made now rather than in the effect. A session that resumes elsewhere
  // (a reload at a later step, a link with a token) first shows the build's picture, then
  // moves on in a transition, which waits for the step's code instead of blanking it.
  const [first] = useState(() => {
    const links = linkParamsOf(engine, addressParams(search, pathToken));
    if (isPrerendering()) return { adopt: null, expired: false, picture: firstScreen(engine, links) };
    if (!isHydrating()) return null;
    const expired = sessionExpired(window.sessionStorage, engine.flowId, Date.now());
    const adopt = createController(
      engine,
      (to) => void navigate(to),
      pathToken,
      takeCarried(compiled, engine),
      true,
    );
    const picture = firstScreen(engine, links);
    return {
      adopt,
      expired,
      picture: sameScreen(adopt.store.getState(), picture.store.getState()) ? null : picture,
    };
  });
  const [controller, setController] = useState<FlowController | null>(first?.adopt ?? null);
  const [picture, setPicture] = useState(first?.picture ?? null);
  // The saved application ran out of time: the page starts over and says why.
  const [expired, setExpired] = useState(first?.expired ?? false);
  const adopted = useRef(first?.adopt ? { controller: first.adopt, expired: first.expired } : null);
  // Bumped by "next client": a new controller that finds no saved session starts afresh.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const startedAt = window.location.pathname;
    const made = adopted.current ?? {
      expired: sessionExpired(window.sessionStorage, engine.flowId, Date.now()),
      controller: createController(
        engine,
        (to) => void navigate(to),
        pathToken,
        takeCarried(compiled, engine),
      ),
    };
    adopted.current = null;
    const c = made.controller;
    // The one made for the takeover starts now that its render is committed.
    c.begin();
    const timedOut = made.expired;
    // The controller starts I/O (calls, timers, sockets), so it is created here and torn
    // down in the cleanup rather than during render (the one made for hydration is the same object: no re-render).
    setController(c);
    setExpired(timedOut);
    return () => {
      c.dispose();
      // A promoter who leaves a client's application (another address; not a re-render of
      // this one) leaves nothing of that client in the browser.
      if (usePromoter.getState().promoter && window.location.pathname !== startedAt)
        clearSession(window.sessionStorage, engine.flowId);
    };
  }, [compiled, engine, navigate, pathToken, generation]);
  useEffect(() => {
    if (picture) startTransition(() => setPicture(null));
  }, [picture]);
  const nextClient = useCallback(() => {
    clearAllSessions(window.sessionStorage);
    setGeneration((g) => g + 1);
  }, []);
  return { controller, source: picture ?? controller, nextClient, expired };
}

/** A promoter's way to the next client: the current application leaves the browser, the flow starts afresh. */
function NextClientBar({ onNext }: { onNext: () => void }) {
  return (
    <div className="flow__next-client">
      <button type="button" className="link-button" onClick={onNext}>
        {t('promoter.nextClient')}
      </button>
    </div>
  );
}

/**
 * The browser's back button for this flow ({@link BackGuard}): the refusal it reports, with
 * the step it was pressed on, so the message goes once the applicant moves on.
 */
function useBackGuard(compiled: CompiledFlow, controller: FlowController | null) {
  const [refusal, setRefusal] = useState<{ reason: BackRefusal; step: string } | null>(null);
  useEffect(() => {
    // The build's still picture has no history of its own: the guard waits for the controller.
    if (controller === null) return;
    const guard = new BackGuard(
      browserHistory(),
      () => backOption(compiled, controller.state),
      () => controller.send({ type: 'back' }),
      (reason) => setRefusal({ reason, step: controller.state.step }),
    );
    const stop = controller.store.subscribe(() => guard.sync());
    return () => {
      stop();
      guard.dispose();
    };
  }, [compiled, controller]);
  return refusal;
}

/** Why back kept the applicant on this step, and the way out if they meant to leave. */
function BackRefused({ reason }: { reason: BackRefusal }) {
  const navigate = useNavigate();
  return (
    <div className="flow__notice" role="alert">
      <p>{t(`flow.back.${reason}`)}</p>
      <button type="button" className="link-button" onClick={() => void navigate('/')}>
        {t('flow.back.leave')}
      </button>
    </div>
  );
}

/**
 * Leaves a `flow:drawn-ahead` measure in the browser's performance timeline for each view
 * drawn ahead: from the drawing's start to its end, with the view, the step it was drawn as
 * and how it ended. It shows in the browser's performance panel beside `flow:step`.
 */
function measureDrawnAhead(start: number, view: string, step: string, outcome: WarmOutcome): void {
  try {
    performance.measure('flow:drawn-ahead', {
      start,
      end: performance.now(),
      detail: { view, step, outcome },
    });
  } catch {
    // A timeline that refuses measures loses the figure, nothing else.
  }
}

/**
 * While the applicant waits for the first answer, the code of the flow's other views comes in,
 * so a next step is drawn at once instead of after React's fallback. (The modals need nothing:
 * they are part of the runner, drawn without antd, so an answer that opens one draws it at once.)
 * Each view, nearest to the step showing now first (`viewsOf`: the steps its answers lead to,
 * then theirs), chosen again after each one, so a step change turns the work towards the new
 * step's neighbours. One at a time, with a turn for the browser between: the browser runs a
 * module's code in one task, and all of them at once made one long task of that answer. Once
 * started it runs to the end, also after the answer: answers are often quicker than the
 * loading. A failure is harmless: the first use loads it again. Each view new to the page is
 * also drawn once where nobody sees it (`warmView`), as the nearest step that shows it, so its
 * first real step does not pay for compiling its code.
 */
function usePreloadedViews(flow: CompiledFlow['flow'], busy: boolean, state: FlowState): void {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
    const shown = flow.steps[state.step]?.view;
    if (shown !== undefined) drawnViews.add(shown);
  });
  const started = useRef<CompiledFlow['flow'] | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!busy || !navigator.onLine || started.current === flow) return;
    started.current = flow;
    const going = () => mounted.current && started.current === flow;
    const warm = async (view: ViewId) => {
      if (!views[view].loaded() || drawnViews.has(view)) return;
      drawnViews.add(view);
      const stepId = firstStepShowing(flow, view, latest.current.step);
      const shown = stepId === undefined ? undefined : flow.steps[stepId];
      if (stepId === undefined || shown === undefined) return;
      const began = performance.now();
      const outcome = await warmView(views[view], {
        flow,
        stepId,
        step: shown,
        state: { ...latest.current, step: stepId },
        send: () => undefined,
        busy: false,
        t,
      });
      measureDrawnAhead(began, view, stepId, outcome);
    };
    void (async () => {
      const tried = new Set<ViewId>();
      for (;;) {
        await yieldToMain();
        if (!going()) return;
        const view = viewsOf(flow, latest.current.step).find((v) => !tried.has(v) && !drawnViews.has(v));
        if (view === undefined) return;
        tried.add(view);
        await views[view].preload();
        if (!going()) return;
        await warm(view);
      }
    })();
    // Started by the first awaited answer; the step showing at each turn orders the views.
  }, [busy, flow]);
}

function Runner({
  compiled,
  source,
  live,
  expired,
}: {
  compiled: CompiledFlow;
  /** What to draw: the controller, or the build's still picture of the first step. */
  source: RunnerSource;
  /** The controller when `source` is it (the back button works only then). */
  live: FlowController | null;
  expired: boolean;
}) {
  const flow = compiled.flow;
  const controller = source;
  // The same snapshot while hydrating as after (zustand's `useStore` would read the store's
  // initial state first, then re-render the step before its code is in).
  const snapshot = useSyncExternalStore(
    controller.store.subscribe,
    controller.store.getState,
    controller.store.getState,
  );
  // A step whose view's code is still coming waits, drawn as the last one was (drawn-snapshot.ts).
  const { state, busy } = useDrawnSnapshot(snapshot, (id) => {
    const view = flow.steps[id]?.view;
    return view === undefined ? undefined : views[view as keyof typeof views];
  });
  // Said until the applicant acts on the fresh start.
  const saysExpired = expired && backOption(compiled, state).kind === 'none';
  const refusal = useBackGuard(compiled, live);
  const step = flow.steps[state.step] ?? null;
  const still = useStillFirst(state.step);
  const title = step?.title && hasText(step.title) ? t(step.title) : t('app.name');
  usePageTitle(title, t(flow.title));
  usePreloadedViews(flow, busy, state);
  const modal = state.modal && <FlowModal flow={flow} state={state} send={controller.send} />;
  if (!step) {
    // The engine only moves to steps the compiled flow has; this guards a stale session.
    return modal;
  }
  const View = views[step.view as keyof typeof views];
  // A step of an included fragment may count on its own (the signature's 1-3, from 1).
  const progressTotal = step.progressTotal ?? flow.progress?.total;
  return (
    <>
      {step.progress !== undefined && progressTotal !== undefined && (
        <ProgressBar
          current={step.progress}
          total={progressTotal}
          title={step.progressTitle ?? flow.progress?.title}
          start={step.progressTotal === undefined ? flow.progress?.start : 1}
        />
      )}
      {saysExpired && (
        <p className="flow__notice" role="alert">
          {t('error.credinstanteTimeout')}
        </p>
      )}
      {refusal?.step === state.step && <BackRefused reason={refusal.reason} />}
      {/* Views show the step title themselves (StepTitle). */}
      <section
        key={state.step}
        className={still ? 'flow__step flow__step--still' : 'flow__step'}
        data-step={state.step}
      >
        <Suspense fallback={<LoadingStatus />}>
          {View ? (
            <View
              flow={flow}
              stepId={state.step}
              step={step}
              state={state}
              send={controller.send}
              busy={busy}
              t={t}
            />
          ) : (
            <p role="alert">{`View "${step.view}" is not in the view registry.`}</p>
          )}
        </Suspense>
      </section>
      {modal}
    </>
  );
}

/** The route component of every flow route; the router loads `data` with the page. */
export function FlowPage({ data }: { data: FlowRouteData }) {
  // Compiled once per loaded flow; the merged flow carries the included fragments' steps.
  const compiled = useMemo(() => data.compiled ?? compileFlow(data.flow, ENDPOINTS, data.fragments), [data]);
  const flow = compiled.flow;
  const { controller, source, nextClient, expired } = useController(compiled);
  const promoter = usePromoter((s) => s.promoter);
  return (
    <div className="flow" data-flow={flow.id}>
      {promoter && controller && <NextClientBar onNext={nextClient} />}
      {source ? (
        <Runner
          key={source.store.getState().state.session}
          compiled={compiled}
          source={source}
          live={source === controller ? controller : null}
          expired={expired}
        />
      ) : (
        <LoadingStatus />
      )}
    </div>
  );
}

export default FlowPage;
