/**
 * "No me interesa": before the applicant's decline is saved, asks why (one of a short list of
 * reasons, required) and takes an optional comment. The reason's code is sent as `motivo`,
 * the comment as `comentario`.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Modal } from 'antd';
import { RequiredLegend, RequiredMark } from '../forms/required-mark.tsx';
import type { ViewProps } from './view-types.ts';

/** The reasons offered, by the code sent as `motivo`. */
export const REJECT_REASONS = [1, 2, 3, 4, 5] as const;
/** The longest comment kept (the service's free-text limit). */
const COMMENT_MAX = 300;

export interface RejectReasonDialogProps {
  open: boolean;
  busy: boolean;
  t: ViewProps['t'];
  onCancel: () => void;
  onSend: (reason: { motivo: number; comentario?: string }) => void;
}

export function RejectReasonDialog({ open, busy, t, onCancel, onSend }: RejectReasonDialogProps) {
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
    <Modal open={open} title={t('view.reject.title')} onCancel={onCancel} footer={null} destroyOnHidden>
      <form className="reject-reason" onSubmit={submit} noValidate>
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
          className="reject-reason__comment"
          rows={3}
          maxLength={COMMENT_MAX}
          value={comentario}
          onChange={(e) => setComentario(e.target.value)}
        />
        <div className="reject-reason__buttons">
          <Button onClick={onCancel}>{t('view.reject.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('view.reject.send')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
