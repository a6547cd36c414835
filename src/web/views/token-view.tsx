/**
 * The `token` step view: the 6-digit SMS code. Submits `{ [field]: code }` (`step.props.field`,
 * default `token`); the resend link waits `step.props.resendSeconds` (default 60) and then
 * raises the `resend` action and starts counting again. Plain HTML with the light form's look
 * (`src/web/forms/light-form.css`), like a form step: this step often comes right after the
 * lead form, and drawing antd's first component there (its theme, its styles' variables) was
 * most of the time between the service's answer and the step on screen.
 */
import { useState, type FormEvent } from 'react';
import type { ViewProps } from './view-types.ts';
import { RequiredLegend } from '../forms/required-mark.tsx';
import { LightSubmit } from '../forms/submit-button.tsx';
import { Field, useTouched } from './field.tsx';
import { OTP_LENGTH, OtpInput } from './otp-input.tsx';
import { StepTitle } from './step-title.tsx';
import { numberProp, stringProp } from './step-props.ts';
import { useCountdown } from './use-countdown.ts';

/** The phone the code went to, masked but for its last three digits ("*** *** 321"). */
function maskedPhone(context: Record<string, unknown>): string {
  const phone = [context.telefono, context.celular].find(
    (v) => typeof v === 'string' || typeof v === 'number',
  );
  const digits = phone === undefined ? '' : String(phone).replace(/\D/g, '');
  // Non-breaking spaces keep the masked number on one line.
  return digits.length >= 3 ? `***\u00a0***\u00a0${digits.slice(-3)}` : '';
}

export default function TokenView({ flow, step, stepId, state, send, busy, t }: ViewProps) {
  const field = stringProp(step.props, 'field') ?? 'token';
  const message = stringProp(step.props, 'message');
  const kept = state.forms[stepId]?.[field];
  const [code, setCode] = useState(typeof kept === 'string' ? kept : '');
  const { left, restart } = useCountdown(numberProp(step.props, 'resendSeconds', 60));
  const { touch, shows, setSubmitted } = useTouched();
  const error = code.length === OTP_LENGTH ? undefined : t('view.token.invalid', { n: OTP_LENGTH });
  const phone = maskedPhone(state.context);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (error || busy) return;
    send({ type: 'submit', data: { [field]: code } });
  }

  return (
    <section className="step-view step-token" data-theme={flow.theme}>
      <StepTitle step={step} t={t} />
      {message ? <p className="step-message-text">{t(message, state.context)}</p> : null}
      <p>{phone ? t('view.token.sentTo', { telefono: phone }) : t('view.token.sent')}</p>
      <form className="lf-vars" onSubmit={onSubmit} noValidate>
        <RequiredLegend />
        <Field
          id={`${stepId}-token`}
          label={t('view.token.label')}
          error={error}
          show={shows('token')}
          required
        >
          <OtpInput
            id={`${stepId}-token`}
            value={code}
            disabled={busy}
            onBlur={() => touch('token')}
            onChange={(v) => {
              setCode(v);
              send({ type: 'change', data: { [field]: v } });
            }}
          />
        </Field>
        <p className="token-resend" aria-live="polite">
          {left > 0 ? (
            t('view.token.resendIn', { s: left })
          ) : (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => {
                restart();
                send({ type: 'action', name: 'resend' });
              }}
            >
              {t('view.token.resend')}
            </button>
          )}
        </p>
        <LightSubmit busy={busy}>{t('app.continue')}</LightSubmit>
      </form>
    </section>
  );
}
