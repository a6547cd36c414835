/**
 * The fields of an object one under the other. The form's own title is left out (the
 * step title heads the page); a nested object gets its title as a group legend. A form with
 * a required field says once, at its top, what the required mark means.
 */
import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { RequiredLegend } from './required-mark.tsx';

export function ObjectFieldTemplate({
  properties,
  title,
  fieldPathId,
  uiSchema,
  schema,
}: ObjectFieldTemplateProps) {
  const nested = fieldPathId.path.length > 0;
  const content = properties.map((p) => p.content);
  if (!nested)
    return (
      <div className="lf-fields">
        {Array.isArray(schema.required) && schema.required.length > 0 ? <RequiredLegend /> : null}
        {content}
      </div>
    );
  return (
    <fieldset className="lf-fields lf-group" id={fieldPathId.$id}>
      {title && getUiOptions(uiSchema).label !== false && <legend className="lf-group-title">{title}</legend>}
      {content}
    </fieldset>
  );
}
