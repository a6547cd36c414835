/**
 * The `form` step view: the step's form file rendered with rjsf and antd, validated live
 * in Spanish, every change reported to the engine so a reload keeps what was typed.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spin } from 'antd';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema, ValidatorType } from '@rjsf/utils';
import type { ViewProps } from './view-types.ts';
import { ThemedForm, type TouchContext } from './form/themed-form.tsx';
import { spanishErrors, validatorFor } from './form/form-validator.ts';
import { loadForm, type FormDefinition } from './form/load-form.ts';
import { StepTitle } from './step-title.tsx';

interface LoadedForm {
  def: FormDefinition;
  validator: ValidatorType;
}

const cache = new Map<string, Promise<LoadedForm>>();

/** One promise per form id, so `use` suspends once and every later render reads it. */
function formPromise(id: string, where: string): Promise<LoadedForm> {
  let p = cache.get(id);
  if (!p) {
    p = loadForm(id, where).then(async (def) => ({ def, validator: await validatorFor(def) }));
    cache.set(id, p);
  }
  return p;
}

type Data = Record<string, unknown>;

/**
 * The form definition, or null while its chunk loads. A load failure is rethrown during
 * render so the shell's error boundary shows it with the form id and the step.
 */
function useFormDefinition(id: string, where: string): LoadedForm | null {
  const [loaded, setLoaded] = useState<{ id: string; form?: LoadedForm; error?: Error } | null>(null);
  useEffect(() => {
    let live = true;
    formPromise(id, where).then(
      (form) => live && setLoaded({ id, form }),
      (error: unknown) => live && setLoaded({ id, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [id, where]);
  if (loaded?.id !== id) return null;
  if (loaded.error !== undefined) throw loaded.error;
  return loaded.form ?? null;
}

export default function FormView({ step, stepId, state, send, busy, t }: ViewProps) {
  if (!step.form) {
    throw new Error(`El paso "${stepId}" usa la vista "form" sin indicar "form": agregue el id de un formulario de schemas/forms/.`);
  }
  const loadedForm = useFormDefinition(step.form, `steps.${stepId}.form`);
  const def = loadedForm?.def;
  const [formData, setFormData] = useState<Data>(() => ({ ...(state.forms[stepId] ?? {}) }));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  // Blocks a second submit between the click and the engine's answer reaching the props.
  const lock = useRef(false);
  useEffect(() => {
    if (!busy) lock.current = false;
  }, [busy, state.seq]);

  const formContext = useMemo<TouchContext>(() => ({ touched, submitted }), [touched, submitted]);
  const submitLabel = typeof step.props?.submitLabel === 'string' ? step.props.submitLabel : 'app.continue';
  const uiSchema = useMemo<UiSchema>(() => {
    const own = def?.uiSchema ?? {};
    const options = (own['ui:submitButtonOptions'] ?? {}) as { props?: Record<string, unknown> };
    return {
      ...own,
      // The step title heads the page; the schema's own title would repeat it.
      'ui:options': { label: false, ...(own['ui:options'] as Record<string, unknown> | undefined) },
      'ui:submitButtonOptions': {
        ...options,
        submitText: t(submitLabel),
        props: { type: 'primary', block: true, ...options.props, disabled: busy },
      },
    };
  }, [def, busy, t, submitLabel]);

  function onChange(e: IChangeEvent<Data>) {
    const data = e.formData ?? {};
    setFormData(data);
    send({ type: 'change', data });
  }

  function onSubmit(e: IChangeEvent<Data>) {
    if (busy || lock.current) return;
    lock.current = true;
    send({ type: 'submit', data: e.formData ?? {} });
  }

  if (!loadedForm || !def) return <Spin className="step-loading" aria-label={t('app.loading')} />;
  return (
    <section className="step-view step-form">
      <StepTitle step={step} t={t} />
      <ThemedForm
        schema={def.schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        validator={loadedForm.validator}
        transformErrors={spanishErrors}
        liveValidate="onChange"
        noHtml5Validate
        // A consent checkbox (`const: true`) must start unticked: the person ticks it.
        experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
        showErrorList={false}
        focusOnFirstError
        onChange={onChange}
        onBlur={(id) => setTouched((prev) => (prev.has(id) ? prev : new Set(prev).add(id)))}
        onError={() => setSubmitted(true)}
        onSubmit={onSubmit}
      />
    </section>
  );
}
