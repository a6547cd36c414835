/**
 * The page of a product route: compiles the flow, resumes or starts its session, and
 * renders the current step's view (from the view registry, lazily), the progress and the
 * open modal. A view never calls the API: it raises events; the engine decides.
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Flow } from '../../engine/flow-types.ts';
import { compileFlow, start, transition } from '../../engine/index.ts';
import { ENDPOINTS } from '../../engine/endpoints.ts';
import { hasText, t } from '../lib/i18n.ts';
import { FlowModal } from '../modals/flow-modal.tsx';
import { usePageTitle } from '../shell/page-title.ts';
import { ThemeProvider } from '../shell/theme-provider.tsx';
import { usePromoter } from '../stores/promoter-store.ts';
import { views } from '../views/registry.ts';
import { browserDeps } from './browser-deps.ts';
import { FlowController, type FlowEngine } from './flow-controller.ts';
import { ProgressBar } from './progress-bar.tsx';

/** What the route's loader hands the page. */
export interface FlowRouteData {
  flow: Flow;
  fragments: Record<string, Flow>;
}

function engineFor(flow: Flow, fragments: Record<string, Flow>): FlowEngine {
  const compiled = compileFlow(flow, ENDPOINTS, fragments);
  return {
    flowId: flow.id,
    start: (input) => start(compiled, input),
    transition: (state, event) => transition(compiled, state, event),
  };
}

function useController(flow: Flow, fragments: Record<string, Flow>): FlowController | null {
  const navigate = useNavigate();
  const engine = useMemo(() => engineFor(flow, fragments), [flow, fragments]);
  const [controller, setController] = useState<FlowController | null>(null);
  useEffect(() => {
    const promoter = usePromoter.getState().promoter;
    const params = Object.fromEntries(new URLSearchParams(window.location.search));
    const context = promoter ? { codigoEntidad: promoter.codigoEntidad, codigoUsuario: promoter.codigoUsuario ?? promoter.usuario } : {};
    const c = new FlowController(engine, browserDeps((to) => void navigate(to)), { params, context });
    // The controller starts I/O (calls, timers, sockets), so it is created here and torn
    // down in the cleanup rather than during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setController(c);
    return () => c.dispose();
  }, [engine, navigate]);
  return controller;
}

function Runner({ flow, controller }: { flow: Flow; controller: FlowController }) {
  const { state, busy } = useStore(controller.store);
  const step = flow.steps[state.step] ?? null;
  const title = step?.title && hasText(step.title) ? t(step.title) : t('app.name');
  usePageTitle(title, t(flow.title));
  if (!step) {
    // Steps come from included fragments too; the engine only moves to steps it knows.
    return <FlowModal flow={flow} state={state} send={controller.send} />;
  }
  const View = views[step.view as keyof typeof views];
  return (
    <>
      {flow.progress && step.progress !== undefined && <ProgressBar current={step.progress} total={flow.progress.total} />}
      <section key={state.step} className="flow__step" aria-labelledby={step.title ? 'step-title' : undefined}>
        {step.title && (
          <h1 id="step-title" className="flow__title">
            {t(step.title)}
          </h1>
        )}
        <Suspense fallback={<div className="view-fallback">{t('app.loading')}</div>}>
          {View ? (
            <View flow={flow} stepId={state.step} step={step} state={state} send={controller.send} busy={busy} t={t} />
          ) : (
            <p role="alert">{`View "${step.view}" is not in the view registry.`}</p>
          )}
        </Suspense>
      </section>
      <FlowModal flow={flow} state={state} send={controller.send} />
    </>
  );
}

/** The route component of every flow route. */
export function FlowPage() {
  const { flow, fragments } = useLoaderData<FlowRouteData>();
  const controller = useController(flow, fragments);
  return (
    <ThemeProvider theme={flow.theme}>
      <div className="flow" data-flow={flow.id}>
        {controller ? <Runner flow={flow} controller={controller} /> : <div className="view-fallback">{t('app.loading')}</div>}
      </div>
    </ThemeProvider>
  );
}

export default FlowPage;
