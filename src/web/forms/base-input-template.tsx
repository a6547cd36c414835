/**
 * The `<input>` behind every text-like widget of the light form (text, email, tel, number,
 * date): the type, `autocomplete` and placeholder from the form file, the keyboard from the
 * schema, and the error state only once the field shows its errors.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { getInputProps, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';
import { inputModeFor } from './input-mode.ts';

export function BaseInputTemplate(props: WidgetProps) {
  const { id, htmlName, required, readonly, disabled, autofocus, placeholder, onBlur, onFocus, onChange, options, schema, uiSchema, registry, rawErrors } = props;
  const value = props.value as unknown;
  const onChangeOverride = props.onChangeOverride as ((e: ChangeEvent<HTMLInputElement>) => void) | undefined;
  const inputProps = getInputProps(schema, props.type as string | undefined, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = numeric ? (typeof value === 'number' ? value : '') : typeof value === 'string' ? value : '';
  const errors = visibleErrors(registry, id, rawErrors);
  const help = getUiOptions(uiSchema).help !== undefined;
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input
      id={id}
      name={htmlName || id}
      className="lf-input"
      {...inputProps}
      value={shown}
      placeholder={placeholder || undefined}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      inputMode={inputModeFor(schema, options)}
      // Plates are written in capitals (ABC-123).
      autoCapitalize={schema.format === 'placa' ? 'characters' : undefined}
      onChange={onChangeOverride ?? handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      {...ariaFor(id, errors, help)}
    />
  );
}
