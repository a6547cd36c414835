/**
 * The `upload` step view: photos of documents, one slot each. `step.props.slots` lists
 * them as `{ id, label, required? }` (label an i18n key; a plain string id means a
 * required slot labelled `view.upload.slot.<id>`); `step.props.maxBytes` caps the size
 * (default 5 MB). Type and size are checked here so nobody waits for an upload the
 * service would refuse. Submits `{ [slot id]: base64 }` (JPEG or PNG as chosen).
 */
import { useState, type FormEvent } from 'react';
import '../forms/light-form.css';
import type { ViewProps } from './view-types.ts';
import { RequiredLegend, RequiredMark } from '../forms/required-mark.tsx';
import { StepTitle } from './step-title.tsx';
import { numberProp } from './step-props.ts';
import { slotsOf, type Slot } from './upload-slots.ts';
import { base64Of, readAsDataUrl } from './image-data.ts';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** A size limit as people read it: "5 MB", "500 KB". */
function sizeLabel(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function UploadView({ flow, step, stepId, send, busy, t }: ViewProps) {
  const slots = slotsOf(step.props?.slots);
  const maxBytes = numberProp(step.props, 'maxBytes', DEFAULT_MAX_BYTES);
  const [images, setImages] = useState<Record<string, string>>({});
  /** The name of each slot's photo, shown beside its button. */
  const [names, setNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  async function choose(slot: Slot, file: File | undefined) {
    if (!file) return;
    let problem: string | null = null;
    if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) problem = t('view.upload.badType');
    else if (file.size > maxBytes) problem = t('view.upload.tooBig', { limite: sizeLabel(maxBytes) });
    if (problem) {
      setErrors((e) => ({ ...e, [slot.id]: problem }));
      setImages(({ [slot.id]: _drop, ...rest }) => rest);
      setNames(({ [slot.id]: _drop, ...rest }) => rest);
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      // The phone could not read the photo (moved, deleted, no permission): say so on the slot.
      setErrors((e) => ({ ...e, [slot.id]: t('error.upload') }));
      setImages(({ [slot.id]: _drop, ...rest }) => rest);
      setNames(({ [slot.id]: _drop, ...rest }) => rest);
      return;
    }
    setErrors(({ [slot.id]: _drop, ...rest }) => rest);
    setImages((prev) => ({ ...prev, [slot.id]: dataUrl }));
    setNames((prev) => ({ ...prev, [slot.id]: file.name }));
  }

  const missing = slots.filter((s) => s.required && !images[s.id]);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (missing.length > 0 || busy) {
      document.getElementById(`${stepId}-${missing[0]?.id ?? ''}`)?.focus();
      return;
    }
    send({
      type: 'submit',
      data: Object.fromEntries(Object.entries(images).map(([id, url]) => [id, base64Of(url)])),
    });
  }

  return (
    <section className="step-view step-upload lf-vars" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      <p>{t('view.upload.intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        {slots.some((s) => s.required) ? <RequiredLegend /> : null}
        {slots.map((slot) => {
          const id = `${stepId}-${slot.id}`;
          const error =
            errors[slot.id] ??
            (submitted && slot.required && !images[slot.id] ? t('view.upload.required') : undefined);
          return (
            <div key={slot.id} className="view-field upload-slot">
              <label htmlFor={id}>
                {slot.required ? <RequiredMark /> : null}
                {t(slot.label)}
              </label>
              {/* The browser's own picker button speaks the phone's language and is a few
                  pixels high: the input lies unseen over a Spanish button a finger's height. */}
              <span className="upload-picker">
                <input
                  id={id}
                  type="file"
                  accept={UPLOAD_TYPES.join(',')}
                  disabled={busy}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}__error` : undefined}
                  onChange={(e) => void choose(slot, e.target.files?.[0])}
                />
                <span className="upload-picker__button" aria-hidden="true">
                  {t(images[slot.id] ? 'view.upload.change' : 'view.upload.choose')}
                </span>
                <span className="upload-picker__status" aria-hidden="true">
                  {names[slot.id] ?? t('view.upload.none')}
                </span>
              </span>
              {images[slot.id] ? (
                <img
                  className="upload-preview"
                  src={images[slot.id]}
                  alt={t('view.upload.preview', { documento: t(slot.label) })}
                />
              ) : null}
              {error ? (
                <div id={`${id}__error`} role="alert" className="view-field-error">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="lf-submit" disabled={busy}>
          {t('app.continue')}
        </button>
      </form>
    </section>
  );
}
