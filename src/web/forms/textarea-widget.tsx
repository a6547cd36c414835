/** Longer text (`"ui:widget": "textarea"`), with the rows the form asks for (`"ui:options": { "rows": 4 }`). */
import type { ChangeEvent, FocusEvent } from 'react';
import { getUiOptions, type WidgetProps } from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';

export function TextareaWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    required,
    disabled,
    readonly,
    autofocus,
    placeholder,
    onChange,
    onBlur,
    onFocus,
    options,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const errors = visibleErrors(registry, id, rawErrors);
  return (
    <textarea
      id={id}
      name={htmlName || id}
      className="lf-input lf-textarea"
      value={typeof props.value === 'string' ? props.value : ''}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      placeholder={placeholder || undefined}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={({ target }: ChangeEvent<HTMLTextAreaElement>) =>
        onChange(target.value === '' ? options.emptyValue : target.value)
      }
      onBlur={({ target }: FocusEvent<HTMLTextAreaElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLTextAreaElement>) => onFocus(id, target.value)}
      {...ariaFor(id, errors, getUiOptions(uiSchema).help !== undefined)}
    />
  );
}
