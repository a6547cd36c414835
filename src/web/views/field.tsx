/**
 * A labelled field for the views that lay out their own inputs (summary, bank details,
 * token): the label is tied to the input, the error is announced and linked with
 * `aria-describedby`, and it shows only once the field was left or a submit was tried.
 */
import {
  cloneElement,
  isValidElement,
  useCallback,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { RequiredMark } from '../forms/required-mark.tsx';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** The message to show when the value is wrong; shown only when `show` is true. */
  error?: string | undefined;
  show: boolean;
  required?: boolean;
  children: ReactElement<Record<string, unknown>>;
}

export function Field({ id, label, error, show, required, children }: FieldProps) {
  const visible = show && error !== undefined;
  const errorId = `${id}__error`;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': visible || undefined,
        'aria-describedby': visible ? errorId : undefined,
        'aria-required': required || undefined,
      })
    : children;
  return (
    <div className="view-field">
      <label htmlFor={id} className="view-field-label">
        {required ? <RequiredMark /> : null}
        {label}
      </label>
      {control}
      {visible ? (
        <div id={errorId} role="alert" className="view-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** Which fields were left, and whether a submit was tried: errors show after either. */
export function useTouched() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = useCallback(
    (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name))),
    [],
  );
  const shows = useCallback((name: string) => submitted || touched.has(name), [submitted, touched]);
  return { touch, shows, submitted, setSubmitted };
}
