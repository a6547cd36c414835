/**
 * A short choice as radio buttons side by side. The field template wraps them in a
 * `<fieldset>` whose `<legend>` is the field's title, so the group is named.
 */
import type { FocusEvent } from 'react';
import {
  enumOptionsIsSelected,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  getUiOptions,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';

export function RadioWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    options,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const { enumOptions = [], enumDisabled } = options;
  const value = props.value as unknown;
  const emptyValue = options.emptyValue as unknown;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const errors = visibleErrors(registry, id, rawErrors);
  const aria = ariaFor(id, errors, getUiOptions(uiSchema).help !== undefined);
  return (
    <div className="lf-choices" id={id}>
      {enumOptions.map((option, i) => {
        const off =
          disabled ||
          readonly ||
          (Array.isArray(enumDisabled) && (enumDisabled as unknown[]).includes(option.value as unknown));
        return (
          <label key={String(option.value)} className="lf-choice">
            <input
              type="radio"
              id={optionId(id, i)}
              name={htmlName || id}
              value={enumOptionValueEncoder(option.value, i, format)}
              checked={enumOptionsIsSelected(option.value, value)}
              required={required}
              disabled={off}
              autoFocus={autofocus && i === 0}
              onChange={() => onChange(option.value)}
              onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, decode(target.value))}
              onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, decode(target.value))}
              {...aria}
            />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
