/**
 * The form's submit button, full width in the primary colour. The view disables it while
 * the step's call is in flight (`"ui:submitButtonOptions": { "props": { "disabled": true } }`),
 * so a second tap cannot send the application twice.
 */
import { getSubmitButtonOptions, type SubmitButtonProps } from '@rjsf/utils';

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const { submitText, norender, props = {} } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  const disabled = props.disabled === true;
  return (
    <div className="lf-actions">
      <button type="submit" className="lf-submit" disabled={disabled} aria-busy={disabled || undefined}>
        {submitText}
      </button>
    </div>
  );
}
