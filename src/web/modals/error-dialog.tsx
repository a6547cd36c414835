/**
 * The error dialog of the spec: persistent (no closing by the mask or Escape), an image,
 * a title ('Error' by default), the message and an OK button.
 */
import type { ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { Dialog, DialogButton } from './dialog.tsx';
import { clearFailureReference, failureReference } from '../api/reference.ts';

export interface ErrorDialogProps {
  title?: string;
  message: string;
  image?: string;
  onOk: () => void;
  /** The failed request's id ("código de referencia"); by default the last failed call's. */
  reference?: string | null;
  /** Shown under the message (a flow modal's way on, such as its external link). */
  children?: ReactNode;
  /** The flow's style (`blue` for the consumer and taxi flows). */
  theme?: string;
}

export default function ErrorDialog({
  title,
  message,
  image,
  onOk,
  reference = failureReference(),
  children,
  theme,
}: ErrorDialogProps) {
  const ok = () => {
    clearFailureReference();
    onOk();
  };
  return (
    <Dialog
      title={title ?? t('error.title')}
      width={400}
      persistent
      theme={theme}
      onClose={ok}
      footer={<DialogButton label={t('app.ok')} primary autoFocus onClick={ok} />}
    >
      <div className="modal-body">
        <img className="modal-body__image" src={image ?? '/images/error.svg'} alt="" width="96" height="96" />
        <p role="alert">{message}</p>
        {reference ? (
          <p className="modal-body__reference">{t('error.reference', { codigo: reference })}</p>
        ) : null}
        {children}
      </div>
    </Dialog>
  );
}
