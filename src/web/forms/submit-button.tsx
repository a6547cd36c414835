/**
 * The form's submit button, full width in the primary colour. The view disables it while
 * the step's call is in flight (`"ui:submitButtonOptions": { "props": { "disabled": true } }`),
 * so a second tap cannot send the application twice.
 */
import type { ReactNode } from 'react';
import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';

/** The light submit button itself, also for a view that lays out its own form (the token view). */
export function LightSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="lf-actions">
      <button type="submit" className="lf-submit" disabled={busy} aria-busy={busy || undefined}>
        {children}
      </button>
    </div>
  );
}

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return <LightSubmit busy={props.disabled === true}>{submitText}</LightSubmit>;
}
