/**
 * The rjsf form with the antd look, built from only the widgets the product's forms use
 * (deep imports keep the date pickers, sliders and the rest of antd's widget set out of the
 * first step's bundle). Dates use the browser's own date input through the core widget.
 */
import { withTheme, type ThemeProps } from '@rjsf/core';
import type { FieldTemplateProps } from '@rjsf/utils';
import { generateTemplates } from '@rjsf/antd/lib/templates/index.js';
import CheckboxWidget from '@rjsf/antd/lib/widgets/CheckboxWidget/index.js';
import RadioWidget from '@rjsf/antd/lib/widgets/RadioWidget/index.js';
import SelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import TextareaWidget from '@rjsf/antd/lib/widgets/TextareaWidget/index.js';

const antdTemplates = generateTemplates();
const AntdFieldTemplate = antdTemplates.FieldTemplate!;

/** What the form view tells its fields through `formContext`. */
export interface TouchContext {
  /** Ids of the fields the person has left at least once. */
  touched: ReadonlySet<string>;
  /** True after a submit attempt: every error shows. */
  submitted: boolean;
}

/**
 * Live validation runs on every change, but an error appears only once its field has been
 * left or a submit was tried: nobody wants "DNI inválido" after typing the first digit.
 */
function TouchAwareFieldTemplate(props: FieldTemplateProps) {
  const ctx = props.registry.formContext as Partial<TouchContext>;
  const show = ctx.submitted === true || ctx.touched?.has(props.id) === true;
  if (show) return <AntdFieldTemplate {...props} />;
  return <AntdFieldTemplate {...props} rawErrors={[]} errors={undefined} />;
}

const theme: ThemeProps = {
  templates: { ...antdTemplates, FieldTemplate: TouchAwareFieldTemplate },
  widgets: { CheckboxWidget, RadioWidget, SelectWidget, TextareaWidget },
};

export const ThemedForm = withTheme(theme);
