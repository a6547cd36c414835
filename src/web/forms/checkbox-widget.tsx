/**
 * A yes/no field as a checkbox whose label is the field's title (the terms and consents).
 * A consent the schema requires (`const: true`) is marked required. With the ui option
 * `consentLinks`, the terms and the personal-data notice it accepts are linked under it
 * (opened in a new tab, so what was typed stays on screen).
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { t } from '../lib/i18n.ts';
import { getUiOptions, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { ariaFor, visibleErrors } from './form-context.ts';
import { RequiredMark } from './required-mark.tsx';

export function CheckboxWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    required,
    disabled,
    readonly,
    autofocus,
    label,
    onChange,
    onBlur,
    onFocus,
    schema,
    uiSchema,
    registry,
    rawErrors,
  } = props;
  const errors = visibleErrors(registry, id, rawErrors);
  const mustAccept = required === true && schemaRequiresTrueValue(schema);
  const options = getUiOptions(uiSchema);
  const check = (
    <label className="lf-check" htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={props.value === true}
        required={mustAccept}
        disabled={disabled || readonly}
        autoFocus={autofocus}
        onChange={({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.checked)}
        onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.checked)}
        onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.checked)}
        {...ariaFor(id, errors, options.help !== undefined)}
      />
      <span>
        {mustAccept && <RequiredMark />}
        {label}
      </span>
    </label>
  );
  if (options.consentLinks !== true) return check;
  return (
    <>
      {check}
      <p className="lf-consent-links">
        <ConsentLinks />
      </p>
    </>
  );
}

/** "Lee los términos y condiciones y el aviso de tratamiento de datos personales antes de aceptar." */
function ConsentLinks() {
  const [before = '', between = '', after = ''] = t('legal.consent.links').split(/\{terms\}|\{privacy\}/);
  const link = (to: string, key: string) => (
    <a href={to} target="_blank" rel="noopener">
      {t(key)}
      <span className="visually-hidden"> {t('legal.opensNewTab')}</span>
    </a>
  );
  return (
    <>
      {before}
      {link('/terminos-y-condiciones', 'legal.consent.terms')}
      {between}
      {link('/proteccion-de-datos-personales', 'legal.consent.privacy')}
      {after}
    </>
  );
}
