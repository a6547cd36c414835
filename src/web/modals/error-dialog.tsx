/**
 * The error dialog of the spec: persistent (no closing by the mask or Escape), an image,
 * a title ('Error' by default), the message and an OK button.
 */
import type { ReactNode } from 'react';
import Modal from 'antd/es/modal';
import Button from 'antd/es/button';
import { t } from '../lib/i18n.ts';
import { ThemeProvider } from '../shell/theme-provider.tsx';
import { DIALOG_TRANSITION } from './dialog-motion.ts';
import { clearFailureReference, failureReference } from '../api/reference.ts';

export interface ErrorDialogProps {
  open: boolean;
  title?: string;
  message: string;
  image?: string;
  onOk: () => void;
  /** The failed request's id ("código de referencia"); by default the last failed call's. */
  reference?: string | null;
  /** Shown under the message (a flow modal's way on, such as its external link). */
  children?: ReactNode;
}

export default function ErrorDialog({
  open,
  title,
  message,
  image,
  onOk,
  reference = failureReference(),
  children,
}: ErrorDialogProps) {
  const ok = () => {
    clearFailureReference();
    onOk();
  };
  return (
    <ThemeProvider>
      <Modal
        open={open}
        title={title ?? t('error.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        centered
        transitionName={DIALOG_TRANSITION}
        width={400}
        footer={
          <Button type="primary" onClick={ok} autoFocus>
            {t('app.ok')}
          </Button>
        }
      >
        <div className="modal-body">
          <img
            className="modal-body__image"
            src={image ?? '/images/error.svg'}
            alt=""
            width="96"
            height="96"
          />
          <p role="alert">{message}</p>
          {reference ? (
            <p className="modal-body__reference">{t('error.reference', { codigo: reference })}</p>
          ) : null}
          {children}
        </div>
      </Modal>
    </ThemeProvider>
  );
}
