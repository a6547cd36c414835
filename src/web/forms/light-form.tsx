/**
 * The rjsf form of every step form, with the project's own light widgets and templates:
 * plain accessible HTML inputs styled with the theme tokens to look like the antd fields of
 * the later steps, without antd's weight on the first step (`npm run size`).
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import { BaseInputTemplate } from './base-input-template.tsx';
import { CatalogWidget } from './catalog-widget.tsx';
import { CheckboxWidget } from './checkbox-widget.tsx';
import { FieldTemplate } from './field-template.tsx';
import { NumberField } from './number-field.tsx';
import { ObjectFieldTemplate } from './object-field-template.tsx';
import { RadioWidget } from './radio-widget.tsx';
import { SelectWidget } from './select-widget.tsx';
import { SubmitButton } from './submit-button.tsx';
import { TextareaWidget } from './textarea-widget.tsx';
import { UbigeoWidget } from './ubigeo-widget.tsx';
import './light-form.css';

export type { FormContext } from './form-context.ts';

const theme: ThemeProps = {
  fields: { NumberField },
  templates: { FieldTemplate, ObjectFieldTemplate, BaseInputTemplate, ButtonTemplates: { SubmitButton } },
  widgets: {
    SelectWidget,
    RadioWidget,
    CheckboxWidget,
    TextareaWidget,
    ubigeo: UbigeoWidget,
    catalog: CatalogWidget,
  },
};

/** rjsf's `Form` with the light theme; same props as `Form`. */
export const LightForm = withTheme(theme);
