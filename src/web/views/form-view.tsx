/**
 * The `form` step view: the step's form file rendered with rjsf and the light theme
 * (`src/web/forms/`), validated live in Spanish, every change reported to the engine so a
 * reload keeps what was typed. No antd here: the first step of most products is this view.
 */
import { startTransition, use, useEffect, useMemo, useRef, useState } from 'react';
import type { IChangeEvent } from '@rjsf/core';
import type { UiSchema, ValidatorType } from '@rjsf/utils';
import type { ViewProps } from './view-types.ts';
import { LightForm, type FormContext } from '../forms/light-form.tsx';
import { useTypedBeforeHydration } from '../forms/typed-before-hydration.ts';
import { isHydrating, isPrerendering } from '../lib/first-screen.ts';
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
 * The form definition, or null while its chunk loads (nothing when `enabled` is false). A load
 * failure is rethrown during render so the shell's error boundary shows it with the form id
 * and the step.
 */
function useFormDefinition(id: string, where: string, enabled: boolean): LoadedForm | null {
  const [loaded, setLoaded] = useState<{ id: string; form?: LoadedForm; error?: Error } | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    formPromise(id, where).then(
      // A transition: the whole form renders in slices instead of one long task.
      (form) => live && startTransition(() => setLoaded({ id, form })),
      (error: unknown) =>
        live && setLoaded({ id, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [id, where, enabled]);
  if (loaded?.id !== id) return null;
  if (loaded.error !== undefined) throw loaded.error;
  return loaded.form ?? null;
}

/** Same data, whatever the key order or the object: the engine may hand back a copy. */
function sameData(a: Data | undefined, b: Data | undefined): boolean {
  return a === b || JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});
}

export default function FormView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  if (!step.form) {
    throw new Error(
      `El paso "${stepId}" usa la vista "form" sin indicar "form": agregue el id de un formulario de schemas/forms/.`,
    );
  }
  const where = `steps.${stepId}.form`;
  // The step the build draws, and the same step taken over in the browser, must hold the whole
  // form in their first render: they suspend until it is in (the build waits; the browser
  // keeps the HTML meanwhile). A step drawn by the browser alone loads it in an effect.
  const [fromHtml] = useState(() => isPrerendering() || isHydrating());
  const loading = useFormDefinition(step.form, where, !fromHtml);
  const loadedForm = fromHtml ? use(formPromise(step.form, where)) : loading;
  const def = loadedForm?.def;
  const kept = state.forms[stepId];
  const [formData, setFormData] = useState<Data>(() => ({ ...(kept ?? {}) }));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  useTypedBeforeHydration(() => document.querySelector(`#root [data-step="${CSS.escape(stepId)}"] form`));
  // The engine's data wins when it changes from elsewhere: a reset (a status modal sends the
  // applicant back to a blank lead form) or a modal adding what it collected. The view's
  // own changes come back equal and change nothing.
  const [seen, setSeen] = useState(kept);
  if (kept !== seen) {
    setSeen(kept);
    if (!sameData(kept, formData)) {
      setFormData({ ...(kept ?? {}) });
      setTouched(new Set());
      setSubmitted(false);
    }
  }
  // rjsf reports the defaults it derives while it builds the form (its constructor, during
  // render): taken as a change there, they would update this view and the engine's store in
  // the middle of the render, and React would finish the whole page (hydration included) in
  // one synchronous task. They are the form's own data: rjsf keeps them in its state, and they
  // reach the engine with the first real change or the submit, which always carry them.
  const built = useRef(false);
  useEffect(() => {
    if (loadedForm) built.current = true;
  }, [loadedForm]);
  // Blocks a second submit between the click and the engine's answer reaching the props.
  const lock = useRef(false);
  useEffect(() => {
    if (!busy) lock.current = false;
  }, [busy, state.seq]);

  const formContext = useMemo<FormContext>(() => ({ touched, submitted, t }), [touched, submitted, t]);
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
        props: { ...options.props, disabled: busy },
      },
    };
  }, [def, busy, t, submitLabel]);

  function onChange(e: IChangeEvent<Data>) {
    if (!built.current) return;
    const data = e.formData ?? {};
    setFormData(data);
    send({ type: 'change', data });
  }

  function onSubmit(e: IChangeEvent<Data>) {
    if (busy || lock.current) return;
    lock.current = true;
    send({ type: 'submit', data: e.formData ?? {} });
  }

  if (!loadedForm || !def) return <div className="view-fallback">{t('app.loading')}</div>;
  return (
    <section className="step-view step-form" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {typeof step.props?.message === 'string' ? (
        <p className="step-message-text">{t(step.props.message)}</p>
      ) : null}
      <LightForm
        className="lf-form"
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
