/**
 * Number and integer fields of the light form: rjsf's `NumberField` with Peru's decimal point
 * (`.`) instead of the one of the browser's language. rjsf asks `Intl.NumberFormat` for that
 * separator on every render and every change; the first `Intl` object of a page costs 50 to
 * 150 ms on a phone, in the middle of drawing the lead form. The site's amounts are written
 * the Peruvian way whatever the phone's language, so the point is fixed here.
 *
 * As in rjsf, what the person typed stays on screen while it means the same number ("12.",
 * "12.50"), and the form data holds the number.
 */
import { useCallback, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';

/**
 * The number `value` stands for: `undefined` for an empty field, `null` kept, and a string
 * that is not (yet) a plain number kept as typed so validation names the problem.
 */
export function toNumber(value: unknown): unknown {
  if (value === '' || value === undefined) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.startsWith('.') ? `0${value}` : value;
  // "12." and "12.50" are 12 and 12.5 (the screen keeps what was typed).
  const trimmed = text.includes('.') ? text.replace(/\.?0*$/, '') : text;
  if (trimmed === '' || trimmed === '-') return value;
  const n = Number(trimmed);
  return Number.isNaN(n) ? value : n;
}

/** The field rjsf draws for `number` and `integer` properties, registered by the light form. */
export function NumberField(props: FieldProps) {
  const { registry, onChange } = props;
  const formData = props.formData as unknown;
  const [lastValue, setLastValue] = useState<unknown>(formData);
  const handleChange = useCallback<FieldProps['onChange']>(
    (value, ...rest) => {
      setLastValue(value);
      onChange(toNumber(value), ...rest);
    },
    [onChange],
  );
  const StringField = registry.fields.StringField;
  if (!StringField)
    throw new Error(
      'The light form has no StringField: rjsf registers one by default; check the fields of src/web/forms/light-form.tsx.',
    );
  let shown: unknown = formData;
  // Keep "12." or "12.50" on screen while the data holds 12 or 12.5.
  if (typeof lastValue === 'string' && typeof formData === 'number' && toNumber(lastValue) === formData)
    shown = lastValue;
  return <StringField {...props} formData={shown} onChange={handleChange} />;
}
