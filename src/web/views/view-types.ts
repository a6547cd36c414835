/**
 * The contract of a step view. The runtime renders `views[step.view]` with these props;
 * a view never calls the API or navigates itself: it raises events, the engine decides.
 */
import type { Flow, Step } from '../../engine/flow-types.ts';
import type { FlowEvent, FlowState } from '../../engine/engine-types.ts';

export interface ViewProps {
  flow: Flow;
  stepId: string;
  step: Step;
  state: FlowState;
  /** Raise an event (submit, action, change, back, …). */
  send: (event: FlowEvent) => void;
  /** True while a call of this step is in flight: the view disables its submit. */
  busy: boolean;
  /** Translate an i18n key (falls back to the key itself in development with a warning). */
  t: (key: string, vars?: Record<string, unknown>) => string;
}
