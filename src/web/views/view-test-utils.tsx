/**
 * Helpers for the views' component tests: props built from a step and a context, a `t`
 * that reads the real Spanish texts, and a recorder of the events a view raises.
 */
import { Suspense, type ComponentType } from 'react';
import { SWRConfig } from 'swr';
import { cleanup, configure, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { t } from '../lib/i18n.ts';
import type { Step } from '../../engine/flow-types.ts';
import type { FlowEvent, FlowState } from '../../engine/engine-types.ts';
import type { ViewProps } from './view-types.ts';

// The first render of a lazily loaded form or view compiles its chunk: allow for it.
configure({ asyncUtilTimeout: 5000 });

afterEach(cleanup);

export function makeState(context: Record<string, unknown> = {}, forms: FlowState['forms'] = {}): FlowState {
  return {
    flowId: 'test',
    session: 's1',
    seq: 1,
    step: 'paso',
    history: [],
    context,
    forms,
    params: {},
    modal: null,
    pending: null,
    waiting: null,
    error: null,
    done: false,
  };
}

export interface Rendered {
  events: FlowEvent[];
  send: ReturnType<typeof vi.fn<(e: FlowEvent) => void>>;
  rerender: (over?: Partial<ViewProps>) => void;
}

/** Renders a view inside Suspense with the given step and context; returns the raised events. */
export function renderView(
  View: ComponentType<ViewProps>,
  step: Partial<Step> & { view: string },
  over: Partial<ViewProps> = {},
): Rendered {
  const events: FlowEvent[] = [];
  const send = vi.fn((e: FlowEvent) => {
    events.push(e);
  });
  const fullStep: Step = { number: 1, ...step };
  const base: ViewProps = {
    flow: {
      id: 'test',
      title: 'product.credinstante',
      routes: ['/test'],
      layout: 'default',
      start: 'paso',
      steps: { paso: fullStep },
    },
    stepId: 'paso',
    step: fullStep,
    state: makeState(),
    send,
    busy: false,
    t,
    ...over,
  };
  const cache = new Map();
  const ui = (props: ViewProps) => (
    // A fresh swr cache per test: catalogs fetched by one test never leak into the next.
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>
      <Suspense fallback={<p>cargando vista</p>}>
        <View {...props} />
      </Suspense>
    </SWRConfig>
  );
  const r = render(ui(base));
  return { events, send, rerender: (more = {}) => r.rerender(ui({ ...base, ...over, ...more })) };
}

/** The events of one type, narrowed. */
export function ofType<T extends FlowEvent['type']>(
  events: FlowEvent[],
  type: T,
): Extract<FlowEvent, { type: T }>[] {
  return events.filter((e): e is Extract<FlowEvent, { type: T }> => e.type === type);
}

/** Named catalogs as the service answers them (`consulta/catalogo`), for views that list them. */
export const NAMED_CATALOGS: Record<string, unknown> = {
  TIPO_CUENTA: {
    codRes: '00',
    data: [
      { codigo: '1', descripcion: 'Ahorros' },
      { codigo: '2', descripcion: 'Corriente' },
    ],
  },
  TIPO_RESIDENCIA: {
    codRes: '00',
    data: [
      { codigo: '1', descripcion: 'Propia' },
      { codigo: '2', descripcion: 'Alquilada' },
      { codigo: '3', descripcion: 'Familiar' },
      { codigo: '4', descripcion: 'Otra' },
    ],
  },
};

/** The name of the catalog a stubbed `fetch` was asked for (its posted `catalogo`), if any. */
export function namedCatalogAsked(init?: RequestInit): string | undefined {
  return typeof init?.body === 'string'
    ? (JSON.parse(init.body) as { catalogo?: string }).catalogo
    : undefined;
}
