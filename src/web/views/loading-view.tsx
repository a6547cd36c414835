/**
 * The `loading` step view: a spinner while the engine works (an entry call, a redirect).
 * `step.props.message` may name the i18n key of the text under it.
 */
import { Spin } from 'antd';
import type { ViewProps } from './view-types.ts';
import { stringProp } from './step-props.ts';

export default function LoadingView({ step, t }: ViewProps) {
  return (
    <section className="step-view step-loading" role="status" aria-live="polite">
      <Spin size="large" />
      <p>{t(stringProp(step.props, 'message') ?? 'app.loading')}</p>
    </section>
  );
}
