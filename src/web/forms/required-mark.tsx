/**
 * The one way every form marks what it requires: an asterisk before the label of each
 * required field (hidden from screen readers, whose controls say "required" themselves), and
 * a legend, once at the top of the form, saying what the asterisk means.
 */
import { t } from '../lib/i18n.ts';

/** The asterisk before a required field's label. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** "Los campos marcados con * son obligatorios.", once per form that has a required field. */
export function RequiredLegend() {
  const [before = '', after = ''] = t('form.requiredLegend').split('{mark}');
  return (
    <p className="required-legend">
      {before}
      <span className="required-mark required-mark--inline">*</span>
      {after}
    </p>
  );
}
