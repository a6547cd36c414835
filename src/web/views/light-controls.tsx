/**
 * Controls shared by the step views that lay out their own fields and notices (confirmation,
 * bank details, biometrics, documents, offers), drawn over the light form's look
 * (`light-form.css`): the phone's own list for a choice among a catalog's options, a row of
 * radio buttons, a notice and an empty list's note. `Field` gives a control its id, its error
 * link and `aria-invalid`.
 */
import type { FocusEventHandler, ReactNode } from 'react';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import '../forms/light-form.css';
import type { Option } from './catalog-fetch.ts';
import { SvgIcon } from './svg-icon.tsx';

export interface LightSelectProps {
  id?: string;
  value: string;
  options: readonly Option[];
  /** The catalog is still being fetched: the list says so and waits. */
  loading?: boolean;
  disabled?: boolean;
  /** The empty first choice ('Selecciona'), so nobody sends a value they did not pick. */
  placeholder: string;
  onChange: (value: string) => void;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** A choice among `options` as the browser's `<select>`: the phone's native picker, nothing to download. */
export function LightSelect({
  value,
  options,
  loading,
  disabled,
  placeholder,
  onChange,
  ...rest
}: LightSelectProps) {
  const known = value === '' || options.some((o) => o.value === value);
  return (
    <select
      {...rest}
      className="lf-input lf-select"
      value={value}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{placeholder}</option>
      {/* A value kept from before its catalog came stays chosen: blank while the names are on their way. */}
      {known ? null : <option value={value}>{loading ? '' : value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export interface RadioRowProps {
  /** The id of the row (the first wrong field of a block is focused by it). */
  id: string;
  /** The radios' group name. */
  name: string;
  value: string;
  options: readonly Option[];
  disabled?: boolean;
  invalid?: boolean;
  /** One radio under the other (long answers), instead of a row that wraps. */
  column?: boolean;
  onChange: (value: string) => void;
}

/** One radio button per option; the caller's fieldset and legend name the group. */
export function RadioRow({ id, name, value, options, disabled, invalid, column, onChange }: RadioRowProps) {
  return (
    <div id={id} className={column ? 'lf-choices lf-choices--column' : 'lf-choices'}>
      {options.map((o) => (
        <label key={o.value} className="lf-choice">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={value === o.value}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/** A checkbox with its text as its label, the whole row a target. */
export function CheckRow({
  id,
  checked,
  disabled,
  onChange,
  children,
}: {
  id?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="lf-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}

const ALERT_ICONS = { info: InfoCircleFilled, warning: ExclamationCircleFilled } as const;

/** A notice in a coloured box with its icon (antd's alert look), announced as it appears. */
export function LightAlert({ type, children }: { type: keyof typeof ALERT_ICONS; children: ReactNode }) {
  return (
    <div role="alert" className={`view-alert view-alert--${type}`}>
      <SvgIcon icon={ALERT_ICONS[type]} className="view-alert__icon" />
      <span>{children}</span>
    </div>
  );
}

/** What a list shows when it has nothing (antd's empty look without its picture). */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="view-empty">{children}</p>;
}
