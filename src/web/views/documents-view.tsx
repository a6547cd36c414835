/**
 * The `documents` step view: the contract documents to read and accept. The list comes
 * from the context (the key `step.props.listFrom` names, default `documentos`), each with a name and its
 * PDF, as a URL or as base64 content (`contenido`, opened from a blob URL); every document
 * must be accepted (one by one or all at once). With
 * `step.props.withToken` the SMS code is asked here too. Submits
 * `{ documentosAceptados: [codes], token? }`.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import FilePdfOutlined from '@ant-design/icons-svg/es/asn/FilePdfOutlined';
import '../forms/light-form.css';
import { CheckRow, EmptyNote } from './light-controls.tsx';
import { SvgIcon } from './svg-icon.tsx';
import type { ViewProps } from './view-types.ts';
import { Field, useTouched } from './field.tsx';
import { OTP_LENGTH, OtpInput } from './otp-input.tsx';
import { StepAwaiting } from './step-awaiting.tsx';
import { StepTitle } from './step-title.tsx';
import { boolProp, listFrom, stringProp } from './step-props.ts';
import { readDocuments, type ContractDocument as Doc } from './contract-documents.ts';

/** Blob URLs for the documents sent inline, revoked when the list changes or the view leaves. */
function useInlinePdfUrls(docs: Doc[]): Record<string, string> {
  const key = docs.map((d) => `${d.code}:${d.content?.length ?? 0}`).join('|');
  const urls = useMemo(() => {
    const made: Record<string, string> = {};
    if (typeof URL.createObjectURL !== 'function') return made;
    for (const d of docs) {
      if (d.url || !d.content) continue;
      const bytes = Uint8Array.from(atob(d.content), (c) => c.charCodeAt(0));
      made[d.code] = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    }
    return made;
    // The key stands for the documents' identity; `docs` is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => () => Object.values(urls).forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

export default function DocumentsView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const docs = readDocuments(
    listFrom(state.context, step.props, stringProp(step.props, 'listFrom') ?? 'documentos'),
  );
  const inlineUrls = useInlinePdfUrls(docs);
  const withToken = boolProp(step.props, 'withToken');
  const kept = state.forms[stepId] ?? {};
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        Array.isArray(kept.documentosAceptados)
          ? kept.documentosAceptados.filter((c): c is string => typeof c === 'string')
          : [],
      ),
  );
  const [token, setToken] = useState(typeof kept.token === 'string' ? kept.token : '');
  const { touch, shows, submitted, setSubmitted } = useTouched();
  const all = docs.length > 0 && docs.every((d) => accepted.has(d.code));
  const tokenError =
    withToken && token.length !== OTP_LENGTH ? t('view.token.invalid', { n: OTP_LENGTH }) : undefined;

  function report(nextAccepted: ReadonlySet<string>, nextToken: string) {
    send({
      type: 'change',
      data: { documentosAceptados: [...nextAccepted], ...(withToken ? { token: nextToken } : {}) },
    });
  }
  function toggle(code: string, on: boolean) {
    const next = new Set(accepted);
    if (on) next.add(code);
    else next.delete(code);
    setAccepted(next);
    report(next, token);
  }
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!all || tokenError || busy) return;
    send({
      type: 'submit',
      data: { documentosAceptados: docs.map((d) => d.code), ...(withToken ? { token } : {}) },
    });
  }

  if (docs.length === 0)
    return (
      <StepAwaiting
        step={step}
        state={state}
        t={t}
        className="step-documents"
        none={<EmptyNote>{t('view.documents.none')}</EmptyNote>}
      />
    );

  return (
    <section className="step-view step-documents" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      <p>{t('view.documents.intro')}</p>
      {/* lf-vars: the light look of the code's field (OtpInput), in the blue style too. */}
      <form className="lf-vars" onSubmit={onSubmit} noValidate>
        <ul className="documents-list">
          {docs.map((d) => (
            <li key={d.code}>
              <CheckRow checked={accepted.has(d.code)} disabled={busy} onChange={(on) => toggle(d.code, on)}>
                {t('view.documents.accept', { documento: d.name })}
              </CheckRow>{' '}
              {d.url || inlineUrls[d.code] ? (
                <a href={d.url ?? inlineUrls[d.code]} target="_blank" rel="noopener noreferrer">
                  <SvgIcon icon={FilePdfOutlined} /> {t('view.documents.open', { documento: d.name })}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
        <CheckRow
          checked={all}
          disabled={busy}
          onChange={(on) => {
            const next = new Set(on ? docs.map((d) => d.code) : []);
            setAccepted(next);
            report(next, token);
          }}
        >
          {t('view.documents.acceptAll')}
        </CheckRow>
        {submitted && !all ? (
          <div role="alert" className="view-field-error">
            {t('view.documents.mustAccept')}
          </div>
        ) : null}
        {withToken ? (
          <Field
            id={`${stepId}-token`}
            label={t('view.token.label')}
            error={tokenError}
            show={shows('token')}
            required
          >
            <OtpInput
              id={`${stepId}-token`}
              value={token}
              disabled={busy}
              onBlur={() => touch('token')}
              onChange={(v) => {
                setToken(v);
                report(accepted, v);
              }}
            />
          </Field>
        ) : null}
        <button type="submit" className="lf-submit" disabled={busy}>
          {t(withToken ? 'view.documents.sign' : 'app.continue')}
        </button>
      </form>
    </section>
  );
}
