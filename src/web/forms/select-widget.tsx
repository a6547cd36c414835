/**
 * A choice among a schema's `oneOf`/`enum` options as the browser's own `<select>`: the
 * phone's native picker on mobile, nothing to download. Without a default it starts on an
 * empty "Seleccione" option, so nobody sends a value they did not pick.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import {
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  getUiOptions,
  type WidgetProps,
} from '@rjsf/utils';
import { ariaFor, formText, visibleErrors } from './form-context.ts';

export function SelectWidget(props: WidgetProps) {
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
    schema,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const { enumOptions = [], enumDisabled } = options;
  const value = props.value as unknown;
  const emptyValue = options.emptyValue as unknown;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '') as string;
  const errors = visibleErrors(registry, id, rawErrors);
  const help = getUiOptions(uiSchema).help !== undefined;
  return (
    <select
      id={id}
      name={htmlName || id}
      className="lf-input lf-select"
      value={selected}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={({ target }: ChangeEvent<HTMLSelectElement>) => onChange(decode(target.value))}
      onBlur={({ target }: FocusEvent<HTMLSelectElement>) => onBlur(id, decode(target.value))}
      onFocus={({ target }: FocusEvent<HTMLSelectElement>) => onFocus(id, decode(target.value))}
      {...ariaFor(id, errors, help)}
    >
      {schema.default === undefined && (
        <option value="">{placeholder || formText(registry, 'view.choose')}</option>
      )}
      {enumOptions.map((option, i) => (
        <option
          key={String(option.value)}
          value={enumOptionValueEncoder(option.value, i, format)}
          disabled={
            Array.isArray(enumDisabled) && (enumDisabled as unknown[]).includes(option.value as unknown)
          }
        >
          {option.label}
        </option>
      ))}
    </select>
  );
}
