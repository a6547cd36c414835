/**
 * A yes/no field as a checkbox whose label is the field's title (the terms and consents).
 * A consent the schema requires (`const: true`) is marked required.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { getUiOptions, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';

export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, required, disabled, readonly, autofocus, label, onChange, onBlur, onFocus, schema, uiSchema, registry, rawErrors } = props;
  const errors = visibleErrors(registry, id, rawErrors);
  const mustAccept = required === true && schemaRequiresTrueValue(schema);
  return (
    <label className="lf-check" htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={props.value === true}
        required={mustAccept}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        onChange={({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.checked)}
        onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.checked)}
        onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.checked)}
        {...ariaFor(id, errors, getUiOptions(uiSchema).help !== undefined)}
      />
      <span>
        {mustAccept && (
          <span className="lf-required" aria-hidden="true">
            *
          </span>
        )}
        {label}
      </span>
    </label>
  );
}
