/**
 * The `loading` step view: a spinner while the engine works (an entry call, a redirect).
 * `step.props.message` may name the i18n key of the text under it. Drawn without antd (a CSS
 * ring in the theme's colour), so a product that opens on it, as a link's page does while its
 * token is checked, is drawn by the build and paints from its HTML.
 */
import type { ViewProps } from './view-types.ts';
import { stringProp } from './step-props.ts';

export default function LoadingView({ step, t }: ViewProps) {
  return (
    <section className="step-view step-loading" role="status" aria-live="polite">
      <span className="step-loading__ring" aria-hidden="true" />
      <p>{t(stringProp(step.props, 'message') ?? 'app.loading')}</p>
    </section>
  );
}
