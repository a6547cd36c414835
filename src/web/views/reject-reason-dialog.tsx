/**
 * "No me interesa": before the applicant's decline is saved, asks why (one of a short list of
 * reasons, required) and takes an optional comment. The reason's code is sent as `motivo`,
 * the comment as `comentario`. The site's light dialog, so the simulator needs no antd.
 */
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../modals/dialog.tsx';
import { RequiredLegend, RequiredMark } from '../forms/required-mark.tsx';
import type { ViewProps } from './view-types.ts';

/** The reasons offered, by the code sent as `motivo`. */
export const REJECT_REASONS = [1, 2, 3, 4, 5] as const;
/** The longest comment kept (the service's free-text limit). */
const COMMENT_MAX = 300;

export interface RejectReasonDialogProps {
  busy: boolean;
  /** The flow's style (`blue` for the consumer and taxi flows). */
  theme?: string | undefined;
  t: ViewProps['t'];
  onCancel: () => void;
  onSend: (reason: { motivo: number; comentario?: string }) => void;
}

/** Drawn while the applicant is asked; closing it (Escape, the mask, ×, "Volver") sends nothing. */
export function RejectReasonDialog({ busy, theme, t, onCancel, onSend }: RejectReasonDialogProps) {
  const id = useId();
  const [motivo, setMotivo] = useState<number | null>(null);
  const [comentario, setComentario] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && motivo === null;
  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (motivo === null) return;
    const comment = comentario.trim();
    onSend(comment === '' ? { motivo } : { motivo, comentario: comment });
  }
  return (
    <Dialog
      title={t('view.reject.title')}
      width={520}
      theme={theme}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="dialog__button" onClick={onCancel}>
            {t('view.reject.cancel')}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="dialog__button dialog__button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {t('view.reject.send')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="reject-reason" onSubmit={submit} noValidate>
        <RequiredLegend />
        <fieldset aria-describedby={missing ? `${id}-error` : undefined}>
          <legend className="reject-reason__label">
            <RequiredMark />
            {t('view.reject.question')}
          </legend>
          {REJECT_REASONS.map((code) => (
            <label key={code} className="reject-reason__option">
              <input
                type="radio"
                name={`${id}-motivo`}
                value={code}
                checked={motivo === code}
                required
                aria-invalid={missing || undefined}
                onChange={() => setMotivo(code)}
              />
              <span>{t(`view.reject.reason.${code}`)}</span>
            </label>
          ))}
          {missing && (
            <p id={`${id}-error`} className="reject-reason__error" role="alert">
              {t('view.reject.missing')}
            </p>
          )}
        </fieldset>
        <label className="reject-reason__label" htmlFor={`${id}-comentario`}>
          {t('view.reject.comment')}
        </label>
        <textarea
          id={`${id}-comentario`}
          className="lf-input lf-textarea reject-reason__comment"
          rows={3}
          maxLength={COMMENT_MAX}
          value={comentario}
          onChange={(e) => setComentario(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
