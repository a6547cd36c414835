/**
 * One field of the light form: its label tied to the control (a `<legend>` over a radio
 * group, the checkbox's own label for a consent), then the control, the help text and the
 * errors, which show only once the field was left or a submit was tried.
 */
import { errorId, getUiOptions, helpId, type FieldTemplateProps } from '@rjsf/utils';
import { visibleErrors } from './form-context.ts';
import { RequiredMark } from './required-mark.tsx';

export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    rawErrors,
    rawHelp,
    help,
    description,
    rawDescription,
    hidden,
    required,
    displayLabel,
    registry,
    uiSchema,
    schema,
    classNames,
    style,
  } = props;
  if (hidden) return <div hidden>{children}</div>;
  // Objects (the form itself) lay out their own fields.
  if (schema.type === 'object') return <div className={classNames}>{children}</div>;
  const widget = getUiOptions(uiSchema).widget;
  const errors = visibleErrors(registry, id, rawErrors);
  const className = ['lf-field', classNames, errors.length > 0 ? 'lf-field--error' : null]
    .filter(Boolean)
    .join(' ');
  const below = (
    <>
      {rawDescription ? description : null}
      {typeof rawHelp === 'string' ? (
        <div id={helpId(id)} className="lf-help">
          {rawHelp}
        </div>
      ) : (
        help
      )}
      {errors.length > 0 && (
        <div id={errorId(id)} className="lf-error" role="alert">
          {errors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
    </>
  );
  if (widget === 'radio') {
    return (
      <fieldset className={className} style={style}>
        {displayLabel && (
          <legend className="lf-label">
            {required ? <RequiredMark /> : null}
            {label}
          </legend>
        )}
        {children}
        {below}
      </fieldset>
    );
  }
  // A checkbox carries its title as its own label.
  const ownLabel = displayLabel && label && schema.type !== 'boolean' && widget !== 'checkbox';
  return (
    <div className={className} style={style}>
      {ownLabel && (
        <label className="lf-label" htmlFor={id}>
          {required ? <RequiredMark /> : null}
          {label}
        </label>
      )}
      {children}
      {below}
    </div>
  );
}
