/** The step's title (an i18n key in the flow), shown as the view's heading when present. */
import type { Step } from '../../engine/flow-types.ts';

export function StepTitle({
  step,
  t,
}: {
  step: Step;
  t: (key: string, vars?: Record<string, unknown>) => string;
}) {
  if (!step.title) return null;
  return <h2 className="step-title">{t(step.title)}</h2>;
}
