/**
 * The `<input>` behind every text-like widget of the light form (text, email, tel, number,
 * date): the type, `autocomplete` and placeholder from the form file, the keyboard from the
 * schema, and the error state only once the field shows its errors.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { getInputProps, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';
import { inputModeFor } from './input-mode.ts';

/**
 * rjsf's input attributes, with a number field always a number input. Without a type, rjsf
 * asks the browser's language for its decimal separator (`Intl`, slow the first time) and
 * makes the field a text input where it is a comma; the site writes amounts with a point.
 */
function inputPropsFor(
  schema: WidgetProps['schema'],
  type: string | undefined,
  options: WidgetProps['options'],
) {
  if (type || options.inputType || schema.type !== 'number') return getInputProps(schema, type, options);
  const props = getInputProps(schema, 'number', options);
  return { ...props, step: props.step ?? 'any' };
}

export function BaseInputTemplate(props: WidgetProps) {
  const {
    id,
    htmlName,
    required,
    readonly,
    disabled,
    autofocus,
    placeholder,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const value = props.value as unknown;
  const onChangeOverride = props.onChangeOverride as ((e: ChangeEvent<HTMLInputElement>) => void) | undefined;
  const inputProps = inputPropsFor(schema, props.type as string | undefined, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  // A number field shows the number, or what is being typed while it still means that number ("12.").
  const shown = typeof value === 'string' || (numeric && typeof value === 'number') ? value : '';
  const errors = visibleErrors(registry, id, rawErrors);
  const help = getUiOptions(uiSchema).help !== undefined;
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
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
