/**
 * A step whose content (documents, questions…) comes from its call and has not come: its
 * title, then 'Cargando…' while the call runs, else what the view says when there is none.
 * Never an empty form that would send nothing.
 */
import type { ReactNode } from 'react';
import { LoadingStatus } from '../shell/loading-status.tsx';
import { StepTitle } from './step-title.tsx';
import type { ViewProps } from './view-types.ts';

export function StepAwaiting({
  step,
  state,
  t,
  className,
  none,
}: Pick<ViewProps, 'step' | 'state' | 't'> & { className: string; none: ReactNode }) {
  return (
    <section className={`step-view ${className}`}>
      <StepTitle step={step} t={t} />
      {state.pending ? <LoadingStatus /> : none}
    </section>
  );
}
