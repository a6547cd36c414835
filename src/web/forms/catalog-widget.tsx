/**
 * A choice among the options of a catalog the service answers by name (`consulta/catalogo`:
 * `NIVEL_EDUCACION`, `TIPO_AVAL`, `SECTOR_ECONOMICO`…), so a form never carries a list of its
 * own that could disagree with the service's codes: the applicant reads the names, the value
 * sent is the code. Use with `"ui:widget": "catalog", "ui:options": { "catalogo": "NIVEL_EDUCACION" }`
 * on a string field. Rendered as the browser's own `<select>`, like the other choices.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useNamedCatalog } from '../views/use-catalog.ts';
import { ariaFor, formText, visibleErrors } from './form-context.ts';

export function CatalogWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    required,
    disabled,
    readonly,
    onChange,
    onBlur,
    onFocus,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const ui = getUiOptions(uiSchema);
  const catalogo = typeof ui.catalogo === 'string' ? ui.catalogo : null;
  const { options, loading, failed } = useNamedCatalog(catalogo);
  const value = typeof props.value === 'string' || typeof props.value === 'number' ? String(props.value) : '';
  const errors = visibleErrors(registry, id, rawErrors);
  const decode = (raw: string) => (raw === '' ? undefined : raw);
  return (
    <>
      <select
        id={id}
        name={htmlName || id}
        className="lf-input lf-select"
        value={options.some((o) => o.value === value) ? value : ''}
        required={required}
        disabled={disabled || readonly || options.length === 0}
        aria-busy={loading}
        onChange={({ target }: ChangeEvent<HTMLSelectElement>) => onChange(decode(target.value))}
        onBlur={({ target }: FocusEvent<HTMLSelectElement>) => onBlur(id, decode(target.value))}
        onFocus={({ target }: FocusEvent<HTMLSelectElement>) => onFocus(id, decode(target.value))}
        {...ariaFor(id, errors, ui.help !== undefined)}
      >
        <option value="">{formText(registry, loading ? 'app.loading' : 'view.choose')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {failed ? (
        <p className="lf-error" role="alert">
          {formText(registry, 'view.catalogFailed')}
        </p>
      ) : null}
    </>
  );
}
